import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fakeCredentials } from "../../testing/fake-credentials";
import { runCli } from "../run-cli";

async function run(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { code, stdout, stderr };
}

describe("the CLI and credentials in a transcript", () => {
  const credentials = fakeCredentials(13);
  const token = credentials.find((credential) => credential.rule === "github")!.value;
  const key = credentials.find((credential) => credential.rule === "privatekey")!.value;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lab-cli-secrets-")), "leaky.json");
  fs.writeFileSync(
    file,
    JSON.stringify({
      messages: [
        { role: "user", content: `use ${token} to push` },
        { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "read", arguments: JSON.stringify({ path: "id_rsa" }) } }] },
        { role: "tool", tool_call_id: "c1", content: key },
        { role: "assistant", content: "Pushed." },
      ],
    }),
  );

  it("lab import --json reports the findings with masked previews, never the secret", async () => {
    const { code, stdout } = await run("import", file, "--json");
    expect(code).toBe(0);
    const { secrets } = JSON.parse(stdout);
    expect(secrets.count).toBe(3); // the token in the title and in the message, the key in the tool output
    expect(secrets.kinds).toEqual(["GITHUB_TOKEN", "PrivateKey"]);
    expect(secrets.findings.map((finding: { field: string; seq: number | null }) => [finding.field, finding.seq])).toEqual([
      ["title", null],
      ["part", 0],
      ["part", 2],
    ]);
    expect(stdout).not.toContain(token);
    expect(stdout).not.toContain(key.split("\n")[2]);
    const text = await run("import", file);
    expect(text.stdout).toContain("credentials: 3 found (GITHUB_TOKEN, PrivateKey)");
    expect(text.stdout).not.toContain(token);
  });

  it("refuses to send them to an external summarizer or count-tokens without --allow-secrets; the extractive one runs", async () => {
    const refused = await run("simulate", file, "--strategy", "codex", "--summarizer", "anthropic");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/holds 3 credentials \(GITHUB_TOKEN, PrivateKey\), and the anthropic summarizer would send them .*--allow-secrets/);
    const saved = process.env.ANTHROPIC_API_KEY;
    process.env.ANTHROPIC_API_KEY = "test-key-never-used"; // the estimator's key check comes first; nothing is called
    const counted = await run("compare", file, "--strategies", "none,codex", "--estimator", "count-tokens").finally(() => {
      if (saved === undefined) delete process.env.ANTHROPIC_API_KEY;
      else process.env.ANTHROPIC_API_KEY = saved;
    });
    expect(counted.code).toBe(2);
    expect(counted.stderr).toContain("the count-tokens estimator would send them");
    const allowed = await run("simulate", file, "--strategy", "codex", "--summarizer", "anthropic", "--allow-secrets");
    expect(allowed.stderr).not.toContain("credentials");
    const offline = await run("simulate", file, "--strategy", "codex", "--json");
    expect(offline.code).toBe(0);
  });
});
