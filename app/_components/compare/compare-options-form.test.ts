import { describe, expect, it } from "vitest";
import { compareOptionsOf, initialCompareOptions } from "./compare-options-form";

const base = initialCompareOptions(null);

describe("compareOptionsOf", () => {
  it("leaves the window to the server when unset and sends no model or key for an extractive comparison", () => {
    expect(compareOptionsOf({ ...base, apiKey: "sk-typed" })).toEqual({ estimator: "chars4", summarizer: "extractive", judge: false, cacheProvider: "auto" });
  });

  it("sends the priced model when one is typed, and the cache rules", () => {
    expect(compareOptionsOf({ ...base, costModel: " gpt-5 ", cacheProvider: "none" })).toMatchObject({ costModel: "gpt-5", cacheProvider: "none" });
  });

  it.each([
    ["the anthropic summarizer", { summarizer: "anthropic" as const }],
    ["the judge", { judge: true }],
    ["the count-tokens estimator", { estimator: "count-tokens" as const }],
  ])("sends the model and a typed key for %s", (_name, patch) => {
    const options = compareOptionsOf({ ...base, ...patch, window: 60_000, model: " claude-haiku-4-5 ", apiKey: "sk-typed" });
    expect(options).toMatchObject({ window: 60_000, model: "claude-haiku-4-5", apiKey: "sk-typed" });
  });

  it("sends no key when none was typed (the server's own is used)", () => {
    expect(compareOptionsOf({ ...base, summarizer: "anthropic" })).not.toHaveProperty("apiKey");
  });
});

describe("compareOptionsOf with an OpenAI-compatible summarizer", () => {
  it("sends the endpoint, the model and a typed OpenAI-compatible key, and judges with the same model", () => {
    const options = compareOptionsOf({ ...base, summarizer: "openai", baseUrl: "http://127.0.0.1:11434/v1", model: "qwen3:8b", openaiApiKey: "sk-o", apiKey: "sk-a", judge: true });
    expect(options).toEqual({ estimator: "chars4", summarizer: "openai", judge: true, model: "qwen3:8b", baseUrl: "http://127.0.0.1:11434/v1", judgeProvider: "openai", judgeBaseUrl: "http://127.0.0.1:11434/v1", openaiApiKey: "sk-o", cacheProvider: "auto" });
  });
});
