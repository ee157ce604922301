import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeWithShared } from "../../testing/describe-with-shared";
import { sharedTranscript } from "../../testing/shared-transcripts";

const REPO = path.resolve(import.meta.dirname, "../../..");

function lab(...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join(REPO, "lib/cli/main.ts"), ...args], {
    cwd: REPO,
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describeWithShared("lab estimators on real transcripts", () => {
  it("reports every estimator against the pi session's 438 recorded calls; calibration removes most of the error", () => {
    const { code, stdout } = lab("estimators", sharedTranscript("pi/pi-mono__large-session.jsonl"), "--json");
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as {
      recordedCalls: number;
      estimators: { estimator: string; calls: number; meanRatio: number; meanAbsolutePercentError: number }[];
    };
    expect(report.recordedCalls).toBe(438);
    const byId = Object.fromEntries(report.estimators.map((row) => [row.estimator, row]));
    expect(Object.keys(byId)).toEqual(["chars4", "calibrated", "bpe"]);
    // chars/4 undercounts this session; the calibrated EMA (α = 0.1) learns the ratio from recorded usage
    expect(byId.chars4.meanRatio).toBeLessThan(0.9);
    expect(byId.calibrated.meanAbsolutePercentError).toBeLessThan(byId.chars4.meanAbsolutePercentError / 2);
  });

  it("says there is nothing to compare for a transcript without usage", () => {
    const { code, stdout } = lab("estimators", sharedTranscript("openai-chat/tau-bench__gpt-4o-airline.json"), "--json");
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ recordedCalls: 0, estimators: [] });
  });
});

describe("lab estimators on bad input", () => {
  it("exits 2 for a missing file", () => {
    const { code, stderr } = lab("estimators", path.join(REPO, "no-such-file.jsonl"));
    expect(code).toBe(2);
    expect(stderr).toMatch(/cannot read/);
  });
});
