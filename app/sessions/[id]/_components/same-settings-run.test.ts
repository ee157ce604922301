import { describe, expect, it } from "vitest";
import type { RunSummary, StrategyInfo } from "@/lib/api/contracts/run-schemas";
import { configFromRun, initialConfig } from "./playground-config";
import { sameSettingsRun } from "./same-settings-run";

const pi: StrategyInfo = {
  id: "pi",
  label: "pi",
  description: "",
  versionOf: null,
  source: { kind: "peer" },
  defaults: { reserveTokens: 16_384, keepRecentTokens: 20_000 },
  settingsJsonSchema: {},
  prompt: null,
  prompts: [],
  provider: null,
  unavailable: null,
  opaque: false,
};

function run(id: string, overrides: { status?: RunSummary["status"]; settings?: Record<string, unknown>; window?: number; compactAtStep?: number | null; strategyId?: string; recordedRewrites?: boolean } = {}): RunSummary {
  return {
    id,
    sessionId: "s",
    comparisonId: null,
    strategyId: overrides.strategyId ?? "pi",
    settings: { ...pi.defaults, ...overrides.settings },
    options: {
      window: overrides.window ?? 200_000,
      outputReserve: 0,
      estimator: "chars4",
      summarizer: "extractive",
      model: null,
      baseUrl: null,
      instructions: null,
      compactAtStep: overrides.compactAtStep ?? null,
      promptOverrides: null,
      costModel: null,
      cacheProvider: "auto",
      cacheTtl: "auto",
      ...(overrides.recordedRewrites !== undefined ? { recordedRewrites: overrides.recordedRewrites } : {}),
    },
    status: overrides.status ?? "done",
    error: null,
    tokensBefore: 100,
    tokensAfter: 50,
    compactions: 1,
    prunes: 0,
    fallbacks: 0,
    summarizerFailures: 0,
    summarizerUsage: null,
    estimatedCostUsd: null,
    createdAt: "2026-11-27T14:00:00.000Z",
  } as RunSummary;
}

const config = { ...initialConfig(pi, 200_000), window: 200_000 };

describe("sameSettingsRun", () => {
  it.each([
    { name: "the newest finished run with the panel's settings", runs: [run("b"), run("a")], expected: "b" },
    { name: "a degraded run counts: it has figures", runs: [run("a", { status: "degraded" })], expected: "a" },
    { name: "a failed, interrupted or running run does not", runs: [run("c", { status: "failed" }), run("b", { status: "interrupted" }), run("a", { status: "running" })], expected: null },
    { name: "a changed setting is another run", runs: [run("a", { settings: { keepRecentTokens: 10_000 } })], expected: null },
    { name: "another window is another run", runs: [run("a", { window: 64_000 })], expected: null },
    { name: "another strategy is another run", runs: [run("a", { strategyId: "codex" })], expected: null },
    { name: "a manual compaction is not what Run repeats from a fresh panel", runs: [run("a", { compactAtStep: 3 })], expected: null },
    { name: "a run priced without the agent's recorded restarts is another run", runs: [run("a", { recordedRewrites: false })], expected: null },
    { name: "a run stored before that choice applied the restarts: the same run", runs: [run("a"), run("b", { recordedRewrites: true })], expected: "a" },
    { name: "newest first: skips the ones that differ", runs: [run("c", { window: 64_000 }), run("b"), run("a")], expected: "b" },
  ])("$name", ({ runs, expected }) => {
    expect(sameSettingsRun({ config, runs, strategies: [pi] })?.id ?? null).toBe(expected);
  });

  it("a panel loaded from a manual run matches that run (Run replays it at its step)", () => {
    const manual = run("m", { compactAtStep: 3 });
    const loaded = configFromRun(manual, pi, null);
    expect(sameSettingsRun({ config: loaded, runs: [run("plain"), manual], strategies: [pi] })?.id).toBe("m");
  });

  it("a typed API key is not a setting: the run still matches", () => {
    expect(sameSettingsRun({ config: { ...config, apiKey: "sk-typed" }, runs: [run("a")], strategies: [pi] })?.id).toBe("a");
  });
});
