import { describe, expect, it } from "vitest";
import { run } from "./strategies";

async function lab(args: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = "";
  const code = await run(args, { stdout: (text) => (stdout += text), stderr: () => {} });
  return { code, stdout };
}

describe("lab strategies", () => {
  it("--json gives every peer and provider strategy's source a version or a date, and names later versions", async () => {
    const { code, stdout } = await lab(["--json"]);
    expect(code).toBe(0);
    const rows = JSON.parse(stdout) as { id: string; versionOf: string | null; source: Record<string, unknown>; defaults: Record<string, unknown> }[];
    const peers = rows.filter((row) => row.source.kind === "peer");
    expect(peers.length).toBeGreaterThan(5);
    for (const row of peers) expect(typeof row.source.version === "string" || typeof row.source.asOf === "string").toBe(true);
    expect(rows.find((row) => row.id === "claude-code@2.1.299")).toMatchObject({ versionOf: "claude-code", defaults: { idleCompaction: true } });
    expect(rows.find((row) => row.id === "claude-code")).toMatchObject({ versionOf: null, defaults: { idleCompaction: false } });
  });

  it("prints each strategy's version and date beside its description, and which agent is retired", async () => {
    const { code, stdout } = await lab([]);
    expect(code).toBe(0);
    const lines = stdout.trim().split("\n");
    expect(lines.find((line) => line.startsWith("claude-code@2.1.299 "))).toContain("[2.1.299, 2026-10-14]");
    expect(lines.find((line) => line.startsWith("gemini-cli "))).toContain("retired 2026-06-18");
    expect(lines.find((line) => line.startsWith("evidence "))).not.toContain("[");
  });
});
