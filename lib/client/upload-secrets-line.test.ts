import { describe, expect, it } from "vitest";
import type { SecretFinding } from "../api/contracts/secret-schemas";
import { uploadSecretsLine } from "./upload-secrets-line";

const finding = (kind: string): SecretFinding => ({ rule: "test", kind, message: `found ${kind}`, field: "part", seq: 1, part: 0, preview: "ab…yz" });
const secrets = { scanned: true, count: 0, kinds: [], redactedAt: null, redactedCount: 0 };

describe("uploadSecretsLine", () => {
  it("counts the findings by kind, the most found first, then by name", () => {
    const findings = [finding("GITHUB_TOKEN"), finding("AWSSecretAccessKey"), finding("GITHUB_TOKEN"), finding("ANTHROPIC_API_KEY")];
    expect(uploadSecretsLine({ secrets: { ...secrets, count: 4 }, secretFindings: findings })).toBe(
      "4 possible secrets found (2 GITHUB_TOKEN, 1 ANTHROPIC_API_KEY, 1 AWSSecretAccessKey)",
    );
  });

  it("says one secret in the singular", () => {
    expect(uploadSecretsLine({ secrets: { ...secrets, count: 1 }, secretFindings: [finding("RSA")] })).toBe("1 possible secret found (1 RSA)");
  });

  it("says when the upload was redacted before it was stored", () => {
    expect(uploadSecretsLine({ secrets: { ...secrets, redactedAt: "2026-11-26T00:00:00.000Z", redactedCount: 3 }, secretFindings: [] })).toBe("3 credentials redacted on upload");
  });

  it("says nothing when nothing was found", () => {
    expect(uploadSecretsLine({ secrets, secretFindings: [] })).toBeNull();
  });
});
