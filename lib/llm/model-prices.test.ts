import { describe, expect, it } from "vitest";
import { estimateCost, findModelPrice, MODEL_PRICES_DATE } from "./model-prices";

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

  it.each(["lab-test-model", "fake-429-then-ok", "claude-haiku-5-5", "claude-sonnet", "gpt-5"])("unknown model %s → null, not a guess", (model) => {
    expect(estimateCost({ model, inputTokens: 1_000, outputTokens: 1_000 })).toBeNull();
    expect(findModelPrice(model)).toBeUndefined();
  });

  it("is dated", () => {
    expect(MODEL_PRICES_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
