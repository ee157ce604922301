import { describe, expect, it } from "vitest";
import { estimateCost, findModelPrice, MODEL_PRICES_DATE, modelPricesById, PRICE_SOURCES } from "./model-prices";

describe("estimateCost", () => {
  it.each([
    ["claude-haiku-4-5", 1_000_000, 1_000_000, 6],
    ["claude-haiku-4-5-20251001", 200_000, 4_000, 0.22],
    ["claude-sonnet-4-5", 100_000, 2_000, 0.33],
    ["claude-opus-4-1", 10_000, 1_000, 0.225],
    ["claude-sonnet-5-5", 0, 0, 0],
  ])("%s: %i in, %i out → $%f", (model, inputTokens, outputTokens, dollars) => {
    expect(estimateCost({ model, inputTokens, outputTokens })).toBeCloseTo(dollars, 10);
  });

  it.each(["lab-test-model", "fake-429-then-ok", "claude-haiku-5-5", "claude-sonnet", "claude-sonnet-4.6.1", "gpt-5.6-sol", "meta-llama/llama-4-maverick", "gpt"])("unknown model %s → null, not a guess", (model) => {
    expect(estimateCost({ model, inputTokens: 1_000, outputTokens: 1_000 })).toBeNull();
    expect(findModelPrice(model)).toBeUndefined();
  });

  it.each([
    ["openai/gpt-4o", "gpt-4o"],
    ["gpt-4o-2024-08-06", "gpt-4o"],
    ["claude-opus-4-5-20251101", "claude-opus-4-5"],
    ["gemini-2.5-pro", "gemini-2.5-pro"],
    // GitHub Copilot CLI's spelling
    ["claude-sonnet-4.6", "claude-sonnet-4-6"],
  ])("%s is priced as %s", (model, id) => {
    expect(findModelPrice(model)).toBe(modelPricesById[id]);
  });

  it("keeps Anthropic's cache multipliers: writes 1.25× (5 min) and 2× (1 h) input, hits 0.1× on the 4.x models", () => {
    for (const [id, price] of Object.entries(modelPricesById)) {
      // Claude 3 Haiku's page rates are rounded ($0.30 / $0.50 / $0.03 for $0.25 input)
      if (id === "claude-3-haiku") continue;
      if (price.provider !== "anthropic") {
        expect(price.cacheWrite5mPerMillion, id).toBeNull();
        continue;
      }
      expect(price.cacheWrite5mPerMillion, id).toBeCloseTo(price.inputPerMillion * 1.25, 10);
      expect(price.cacheWrite1hPerMillion, id).toBeCloseTo(price.inputPerMillion * 2, 10);
      if (/-4-|-4$|claude-3/.test(id)) expect(price.cacheReadPerMillion, id).toBeCloseTo(price.inputPerMillion * 0.1, 10);
      expect(PRICE_SOURCES[price.source].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("is dated", () => {
    expect(MODEL_PRICES_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
