import { describe, expect, it } from "vitest";
import { SearchResultSchema } from "../../api/contracts/search-schemas";
import { importUpload } from "../../sessions/import-upload";
import { useTestDatabase } from "../../testing/use-test-database";
import { runCli } from "../run-cli";

async function run(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { code, stdout, stderr };
}

const transcript = (path: string, command: string) =>
  JSON.stringify({
    messages: [
      { role: "user", content: "tidy the config" },
      { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "edit", arguments: JSON.stringify({ path }) } }] },
      { role: "tool", tool_call_id: "c1", content: "edited" },
      { role: "assistant", content: null, tool_calls: [{ id: "c2", type: "function", function: { name: "bash", arguments: JSON.stringify({ command }) } }] },
      { role: "tool", tool_call_id: "c2", content: "ok" },
    ],
  });

describe("lab search on DATABASE_URL's database (SQLite)", () => {
  useTestDatabase("sqlite");

  it("finds the one session holding a path (--json), prints hits with the match marked, and refuses an empty query", async () => {
    const wanted = await importUpload({ bytes: new TextEncoder().encode(transcript("config/eslint.config.mjs", "npx eslint --fix .")), format: "openai", sourceName: "a.json" });
    await importUpload({ bytes: new TextEncoder().encode(transcript("config/vite.config.ts", "npx vite build")), format: "openai", sourceName: "b.json" });

    const json = await run("search", "config/eslint.config.mjs", "--json");
    expect(json.code).toBe(0);
    const result = SearchResultSchema.parse(JSON.parse(json.stdout));
    expect(result).toMatchObject({ total: 1, sessions: 1 });
    expect(result.hits[0]).toMatchObject({ sessionId: wanted.id, seq: 1 });

    const text = await run("search", "npx", "--limit", "1");
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("2 messages in 2 sessions (showing 1–1)");
    expect(text.stdout).toMatch(/message #3 \(assistant\): .*\[\[npx\]\]/);
    expect(text.stdout).toContain("more: --offset 1");

    expect((await run("search", "no-such-word-anywhere")).stdout).toBe('no message matches "no-such-word-anywhere"\n');
    const refused = await run("search", "///");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("query: a query needs at least one letter or digit");
    expect((await run("search", "x", "--limit", "500")).code).toBe(2);
  });
});
