import { describe, expect, it } from "vitest";
import { fakeCredentials, fakeCredentialsOfEveryRule } from "../testing/fake-credentials";
import { ANCHORED_RULES, mayHoldSecret, mayHoldSecretPiece } from "./may-hold-secret";
import { SECRET_RULES } from "./secretlint-config";
import { scanTexts } from "./scan-texts";

describe("mayHoldSecret", () => {
  it("was written from exactly the preset's scanner rules: a rule added or renamed by an upgrade fails here", () => {
    const presetRules = SECRET_RULES.map((rule) => rule.meta.id.replace("@secretlint/secretlint-rule-", "")).sort();
    expect([...ANCHORED_RULES].sort()).toEqual(presetRules);
  });

  it.each([...fakeCredentials(), ...fakeCredentialsOfEveryRule()].map(({ rule, kind, value }) => ({ rule, kind, value })))(
    "lets text holding a $rule credential ($kind) through, whole and as a piece",
    ({ value }) => {
      expect(mayHoldSecret(`output:\n${value}\n`)).toBe(true);
      expect(mayHoldSecretPiece(value)).toBe(true);
    },
  );

  it.each([
    "fix the bug in src/app.ts",
    "npm test passed: 42 tests",
    "the settings page",
    '{"command":"ls -la /tmp"}',
    // a link on its own: no rule reports in it
    "see https://docs.example.com/guide#setup and http://localhost:3000/api",
    "clone git@github.com:acme/app.git or https://github.com/acme/app",
    "curl -H 'x: y' https://api.example.com/v1/items?user=me@example.com",
  ])("skips %j", (text) => {
    expect(mayHoldSecret(text)).toBe(false);
  });

  it.each([
    "HTTPS://deploy:s3cretPassw0rd@build.example.com",
    "MONGODB://app:pw1234@cluster0.example.net",
    "HTTPS://HOOKS.SLACK.COM/SERVICES/T000/B000/XXXX",
  ])("lets a URL with a credential through in any case: %j", (text) => {
    expect(mayHoldSecret(text)).toBe(true);
  });

  it("counts any URL in a piece: a database URL's user and password can run on into the JSON text around the string", async () => {
    const piece = "mongodb://app";
    const json = JSON.stringify({ url: piece, note: "x1234@host" });
    expect(mayHoldSecret(piece)).toBe(false);
    expect(mayHoldSecretPiece(piece)).toBe(true);
    // secretlint reports in the whole text, so the piece must not be skipped
    expect(mayHoldSecret(json)).toBe(true);
    expect((await scanTexts([{ text: json, where: null }])).map((finding) => finding.kind)).toEqual(["MongoDBConnection"]);
  });

  it("skips no text secretlint reports in: a URL with a credential among links", async () => {
    const texts = [...fakeCredentialsOfEveryRule(3)].map(({ value }) => `see https://example.com/a and ${value} then http://b.example.org/c`);
    const found = await scanTexts(texts.map((text, index) => ({ text, where: index })));
    expect(new Set(found.map((finding) => finding.where)).size).toBe(texts.length);
  });
});
