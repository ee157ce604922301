import { describe, expect, it } from "vitest";
import { strategyVersions } from "../strategies/strategy-versions";
import { bestVersionMatch } from "./best-version-match";
import type { Fidelity, RecordedCompactionFidelity } from "./fidelity-report";

function fidelity(strategyId: string, callsApart: (number | null)[], extraReplayed = 0): Fidelity {
  const recorded = callsApart.map(
    (apart, index): RecordedCompactionFidelity => ({
      recordedStep: 10 * (index + 1),
      markers: 1,
      recordedTokensBefore: null,
      recordedTokensBeforeFrom: null,
      recordedTokensKept: null,
      recordedTokensKeptFrom: null,
      replayed: apart === null ? null : { step: 10 * (index + 1) + apart, tokensBefore: 0, tokensKept: 0 },
      callsApart: apart,
      within: apart !== null && Math.abs(apart) <= 5,
    }),
  );
  return {
    strategyId,
    estimatorId: "calibrated",
    window: 200_000,
    windowFrom: "agent",
    hiddenPrefixTokens: 0,
    toleranceCalls: 5,
    recorded,
    replayedSteps: [],
    within: recorded.filter((entry) => entry.within).length,
    extraReplayed,
  };
}

describe("bestVersionMatch", () => {
  it.each([
    ["more recorded compactions replayed within 5 calls wins", [fidelity("a", [9, 2]), fidelity("b", [1, 2])], "b"],
    ["then fewer compactions the agent never made", [fidelity("a", [1], 2), fidelity("b", [3], 0)], "b"],
    ["then fewer calls apart on average", [fidelity("a", [4, -4]), fidelity("b", [1, 2])], "b"],
    ["a version that never compacted ranks after one that came near", [fidelity("a", [null]), fidelity("b", [8])], "b"],
    ["versions the session does not tell apart: no best", [fidelity("a", [1, -2]), fidelity("b", [-1, 2])], null],
    ["a single version is its own best", [fidelity("a", [20])], "a"],
  ] as const)("%s", (_case, fidelities, best) => {
    const result = bestVersionMatch(fidelities);
    expect(result.best).toBe(best);
    if (best !== null) expect(result.ranked[0].strategyId).toBe(best);
  });

  it("reports each version's figures, ties in their given order", () => {
    const { ranked } = bestVersionMatch([fidelity("old", [1, null]), fidelity("new", [1, null])]);
    expect(ranked).toEqual([
      { strategyId: "old", within: 1, recorded: 2, extraReplayed: 0, meanCallsApart: 1 },
      { strategyId: "new", within: 1, recorded: 2, extraReplayed: 0, meanCallsApart: 1 },
    ]);
    expect(bestVersionMatch([]).best).toBeNull();
  });
});

describe("strategyVersions", () => {
  it.each([
    ["claude-code", ["claude-code", "claude-code@2.1.299"]],
    ["claude-code@2.1.299", ["claude-code", "claude-code@2.1.299"]],
    ["opencode", ["opencode", "opencode@v2"]],
    ["codex", ["codex"]],
    ["no-such-strategy", []],
  ])("%s → %j", (id, versions) => {
    expect(strategyVersions(id).map((strategy) => strategy.id)).toEqual(versions);
  });
});
