import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../run-cli";

const CODEX_FIXTURE = path.resolve(import.meta.dirname, "../../transcripts/fixtures/codex-compacted-without-history.jsonl");
const PI_FIXTURE = path.resolve(import.meta.dirname, "../../transcripts/fixtures/pi-v1-compaction-index.jsonl");

async function lab(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

describe("lab simulate reports fidelity to the agent's recorded compactions", () => {
  it("--json has a fidelity key for the agent's own strategy at the session's window, one entry per recorded compaction", async () => {
    const { code, stdout } = await lab(["simulate", CODEX_FIXTURE, "--strategy", "codex", "--json"]);
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect(output.fidelityReason).toBeNull();
    // the rollout records model_context_window 272,000: the replay runs there by default
    expect(output.fidelity).toMatchObject({ strategyId: "codex", estimatorId: "chars4", window: 272_000, windowFrom: "recorded", toleranceCalls: 5, replayedSteps: [] });
    // a compaction at 12K tokens in a 272K window: the replay (size-triggered) does not make it
    expect(output.fidelity.recorded).toEqual([
      { recordedStep: 1, markers: 1, recordedTokensBefore: 12_000, recordedTokensBeforeFrom: "last-call", recordedTokensKept: 3_000, recordedTokensKeptFrom: "next-call", replayed: null, callsApart: null, within: false },
    ]);
    const elsewhere = JSON.parse((await lab(["simulate", CODEX_FIXTURE, "--strategy", "codex", "--window", "100000", "--json"])).stdout);
    expect(elsewhere.fidelity).toBeNull();
    expect(elsewhere.fidelityReason).toContain("(--window 272000)");
  });

  it("says why there is no fidelity for another strategy, and prints a line for it without --json", async () => {
    const other = JSON.parse((await lab(["simulate", CODEX_FIXTURE, "--strategy", "pi", "--json"])).stdout);
    expect(other.fidelity).toBeNull();
    expect(other.fidelityReason).toContain("--strategy codex, not pi");
    const text = await lab(["simulate", CODEX_FIXTURE, "--strategy", "codex"]);
    expect(text.stdout).toMatch(/fidelity: 0 of 1 recorded compactions replayed within 5 calls by codex/);
    expect(text.stdout).toMatch(/recorded at call \d+: never replayed/);
  });

  it("replays the agent's own strategy at the agent's window when --window is not given: a pi session on a 400K model gets its fidelity", async () => {
    // the fixture's two recorded pi compactions, on gpt-5.1-codex: pi records no window, the catalog lists 400,000
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lab-simulate-fidelity-"));
    const file = path.join(dir, "pi-on-gpt-5.1-codex.jsonl");
    fs.writeFileSync(file, fs.readFileSync(PI_FIXTURE, "utf8").replaceAll("claude-sonnet-4-5", "gpt-5.1-codex").replaceAll('"provider":"anthropic"', '"provider":"openai"'));
    try {
      const own = JSON.parse((await lab(["simulate", file, "--strategy", "pi", "--json"])).stdout);
      expect(own.window).toBe(400_000);
      expect(own.windowFrom).toBe("catalog");
      expect(own.fidelityReason).toBeNull();
      expect(own.fidelity).toMatchObject({ strategyId: "pi", window: 400_000, windowFrom: "catalog" });
      expect(own.fidelity.recorded.map((entry: { recordedTokensBefore: number }) => entry.recordedTokensBefore)).toEqual([175_004, 185_014]);
      // another strategy keeps the lab's default window; --window still wins, and then says which window fidelity needs
      const other = JSON.parse((await lab(["simulate", file, "--strategy", "codex", "--json"])).stdout);
      expect(other).toMatchObject({ window: 200_000, windowFrom: "default", fidelity: null });
      const given = JSON.parse((await lab(["simulate", file, "--strategy", "pi", "--window", "200000", "--json"])).stdout);
      expect(given).toMatchObject({ window: 200_000, windowFrom: "flag", fidelity: null });
      expect(given.fidelityReason).toContain("(--window 400000)");
      const text = (await lab(["simulate", file, "--strategy", "pi"])).stdout;
      expect(text).toContain("through pi (window 400,000 — the agent's own, catalog, chars4)");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
