import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../run-cli";

const CODEX_FIXTURE = path.resolve(import.meta.dirname, "../../transcripts/fixtures/codex-compacted-without-history.jsonl");

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
});
