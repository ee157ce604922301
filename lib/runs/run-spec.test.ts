import { describe, expect, it } from "vitest";
import { RunRequestSchema, type RunRequest } from "../api/contracts/run-schemas";
import { DEFAULT_SUMMARY_MODEL } from "../llm/anthropic-summarizer";
import { buildSummarizer } from "./build-summarizer";
import { comparisonRunRequest, runRequestOf, runSpecOf } from "./run-spec";

/** What the starter does: resolve the summarizer (a real one: buildSummarizer), then the spec it stores. */
function storedSpecOf(request: RunRequest, window = request.window ?? 200_000) {
  return runSpecOf(request, { settings: request.settings, window, summarizer: buildSummarizer(request) });
}

/** A request that sets every field a run stores. */
const FULL: RunRequest = RunRequestSchema.parse({
  strategy: "nous",
  settings: { threshold: 0.6 },
  window: 64_000,
  outputReserve: 4_000,
  estimator: "bpe",
  summarizer: "anthropic",
  model: "claude-3-5-haiku-latest",
  instructions: "focus on the API changes",
  promptOverrides: { update: { instructions: "keep the file list" } },
  compactAtStep: 7,
  apiKey: "sk-test-never-stored",
});

describe("run spec: request → stored spec → request", () => {
  const spec = storedSpecOf(FULL);
  const back = runRequestOf(JSON.parse(JSON.stringify(spec)) as typeof spec);

  it.each([
    ["strategy", "nous"],
    ["settings", { threshold: 0.6 }],
    ["window", 64_000],
    ["outputReserve", 4_000],
    ["estimator", "bpe"],
    ["summarizer", "anthropic"],
    ["model", "claude-3-5-haiku-latest"],
    ["instructions", "focus on the API changes"],
    ["promptOverrides", { update: { instructions: "keep the file list" } }],
    ["compactAtStep", 7],
  ] as const)("keeps %s", (field, value) => {
    expect(back[field]).toEqual(value);
  });

  it("never stores the key, and gives it back only when the caller holds it", () => {
    expect(JSON.stringify(spec)).not.toContain("sk-test");
    expect(back.apiKey).toBeUndefined();
    expect(runRequestOf(spec, { apiKey: "sk-held" }).apiKey).toBe("sk-held");
  });

  it("stores the spec unchanged when the rebuilt request is stored again", () => {
    expect(storedSpecOf({ ...back, apiKey: "sk-again" })).toEqual(spec);
  });
});

describe("run spec: what the starter resolved is what is stored", () => {
  it("stores the resolved window, the default model of an anthropic run and null for what was not asked", () => {
    const request = RunRequestSchema.parse({ strategy: "pi", summarizer: "anthropic", apiKey: "sk-test" });
    const spec = storedSpecOf(request, 128_000);
    expect(spec).toEqual({
      strategyId: "pi",
      settings: {},
      options: { window: 128_000, outputReserve: 0, estimator: "chars4", summarizer: "anthropic", model: DEFAULT_SUMMARY_MODEL, baseUrl: null, instructions: null, compactAtStep: null, promptOverrides: null, costModel: null, cacheProvider: "auto", cacheTtl: "auto", recordedRewrites: true },
    });
    const back = runRequestOf(spec);
    expect(back).toEqual({ strategy: "pi", settings: {}, window: 128_000, outputReserve: 0, estimator: "chars4", summarizer: "anthropic", model: DEFAULT_SUMMARY_MODEL, cacheProvider: "auto", cacheTtl: "auto", recordedRewrites: true });
  });

  it("keeps a run priced without the recorded restarts so; a run stored before the option reads as applying them", () => {
    const spec = storedSpecOf(RunRequestSchema.parse({ strategy: "pi", recordedRewrites: false }), 64_000);
    expect(spec.options.recordedRewrites).toBe(false);
    expect(runRequestOf(spec).recordedRewrites).toBe(false);
    const { recordedRewrites: _dropped, ...older } = spec.options;
    expect(runRequestOf({ ...spec, options: older }).recordedRewrites).toBe(true);
  });

  it("stores no model for the extractive summarizer, and none comes back", () => {
    const spec = storedSpecOf(RunRequestSchema.parse({ strategy: "opencode", model: "claude-ignored" }), 32_000);
    expect(spec.options.model).toBeNull();
    expect("model" in runRequestOf(spec)).toBe(false);
  });

  it("folds the `prompt` shorthand into promptOverrides under the strategy's first preset", () => {
    const request = RunRequestSchema.parse({ strategy: "nous", prompt: { system: "be brief", instructions: "two lines" } });
    const back = runRequestOf(storedSpecOf(request));
    expect(back.prompt).toBeUndefined();
    expect(back.promptOverrides).toEqual({ summary: { system: "be brief", instructions: "two lines" } });
  });

  it("keeps compactAtStep 0 (a falsy step is still a step)", () => {
    expect(runRequestOf(storedSpecOf(RunRequestSchema.parse({ strategy: "pi", compactAtStep: 0 }))).compactAtStep).toBe(0);
  });

  it("refuses stored options that no longer parse, naming the field", () => {
    const spec = storedSpecOf(FULL);
    expect(() => runRequestOf({ ...spec, options: { ...spec.options, window: "wide" } })).toThrow(/window/);
  });
});

describe("comparisonRunRequest", () => {
  it("is the configuration's strategy and settings under the comparison's options, stored like a run's", () => {
    const request = comparisonRunRequest(
      { strategy: "pi", settings: { keepRecentTokens: 100 } },
      { window: 50_000, outputReserve: 1_000, estimator: "chars4", summarizer: "extractive", judge: false, model: "m", apiKey: "sk-c" } as never,
    );
    expect(request).toEqual({ strategy: "pi", settings: { keepRecentTokens: 100 }, window: 50_000, outputReserve: 1_000, estimator: "chars4", summarizer: "extractive", model: "m", apiKey: "sk-c" });
    const spec = storedSpecOf(request);
    expect(spec.options).toMatchObject({ window: 50_000, outputReserve: 1_000, model: null, instructions: null, compactAtStep: null });
  });
});
