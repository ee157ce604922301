import fs from "node:fs";
import path from "node:path";
import { calcPrice } from "@pydantic/genai-prices";
import { describe, expect, it } from "vitest";
import { estimateCost, findModelPrice, modelPriceHistory, modelPriceOverrides, PRICE_CATALOG, pricedModelIds, ratesForPrompt } from "./model-prices";
import { findModelContextWindow } from "./model-context-windows";

describe("the price catalog (@pydantic/genai-prices) and the override file", () => {
  it("names the installed catalog version (update PRICE_CATALOG with the dependency)", () => {
    const installed = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../node_modules/@pydantic/genai-prices/package.json"), "utf8")) as { version: string };
    const pinned = (JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")) as { dependencies: Record<string, string> }).dependencies["@pydantic/genai-prices"];
    expect(installed.version).toBe(PRICE_CATALOG.version);
    expect(pinned).toBe(PRICE_CATALOG.version);
  });

  it.each([
    // model, priced as, input, output, cache read, 5-minute write, 1-hour write
    ["claude-haiku-4-5-20251001", "claude-haiku-4-5", 1, 5, 0.1, 1.25, 2],
    ["claude-opus-4-5-20251101", "claude-opus-4-5", 5, 25, 0.5, 6.25, 10],
    ["claude-sonnet-4-20250514", "claude-sonnet-4-0", 3, 15, 0.3, 3.75, 6],
    ["claude-3-5-sonnet-20241022", "claude-3-5-sonnet", 3, 15, 0.3, 3.75, 6],
    ["anthropic/claude-opus-4-6", "claude-opus-4-6", 5, 25, 0.5, 6.25, 10],
    ["gpt-5.1-codex-max", "gpt-5.1", 1.25, 10, 0.125, null, null],
    ["gpt-5.5", "gpt-5.5", 5, 30, 0.5, null, null],
    ["gpt-5.6-sol", "gpt-5.6-sol", 4, 20, 0.4, 5, null],
    ["openai/gpt-4o", "gpt-4o", 2.5, 10, 1.25, null, null],
    ["gemini-2.5-flash", "gemini-2.5-flash", 0.3, 2.5, 0.03, null, null],
  ])("%s is priced as %s: $%f in, $%f out, read $%s, writes $%s / $%s", (model, as, input, output, read, write5m, write1h) => {
    const price = findModelPrice(model)!;
    expect(price.id).toBe(as);
    expect([price.inputPerMillion, price.outputPerMillion, price.cacheReadPerMillion, price.cacheWrite5mPerMillion, price.cacheWrite1hPerMillion]).toEqual([input, output, read, write5m, write1h]);
  });

  it.each(["lab-test-model", "fake-429-then-ok", "claude-haiku-5-5", "codex-auto-review", "gpt"])("an unknown model %s is unpriced, never a guess", (model) => {
    expect(findModelPrice(model)).toBeUndefined();
    expect(estimateCost({ model, inputTokens: 1_000, outputTokens: 1_000 })).toBeNull();
  });

  it("keeps each price's history with the date it took effect, and prices at a date", () => {
    expect(modelPriceHistory("gpt-5.6-sol").map((price) => [price.since, price.inputPerMillion, price.outputPerMillion])).toEqual([
      [null, 5, 30],
      ["2026-08-21", 4, 20],
    ]);
    expect(findModelPrice("gpt-5.6-sol", { at: "2026-08-01" })!.inputPerMillion).toBe(5);
    expect(findModelPrice("gpt-5.6-sol", { at: "2026-09-01" })!.inputPerMillion).toBe(4);
  });

  it("bills a prompt past a long-context threshold at its tier: Gemini 2.5 Pro over 200K, GPT-5.5 over 272K", () => {
    const gemini = findModelPrice("gemini-2.5-pro")!;
    expect(ratesForPrompt(gemini, 200_000).inputPerMillion).toBe(1.25);
    expect(ratesForPrompt(gemini, 200_001).inputPerMillion).toBe(2.5);
    const gpt = findModelPrice("gpt-5.5")!;
    expect(ratesForPrompt(gpt, 272_000)).toMatchObject({ inputPerMillion: 10, outputPerMillion: 45, cacheReadPerMillion: 1 });
    expect(estimateCost({ model: "gpt-5.5", inputTokens: 300_000, outputTokens: 0 })).toBeCloseTo(3, 10);
  });

  it.each([
    ["claude-opus-4-6", 1_000_000],
    ["claude-opus-4-5-20251101", 200_000],
    ["gpt-5.1-codex-max", 400_000],
    ["gpt-4o", 128_000],
    ["gemini-2.5-pro", 1_048_576],
    ["lab-test-model", undefined],
  ])("the context window of %s is %s", (model, tokens) => {
    expect(findModelContextWindow(model)).toBe(tokens);
  });

  it("every override is dated and sourced, and holds only what the catalog lacks or matches to another model", () => {
    for (const entry of modelPriceOverrides) {
      expect(entry.date, entry.model).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(entry.prices || entry.alias || entry.contextWindow, entry.model).toBeTruthy();
      const catalog = calcPrice({ input_tokens: 0 }, entry.model.replace(/^openai\//, ""), entry.provider ? { providerId: entry.provider } : {});
      if (entry.prices) expect(catalog === null || catalog.model.id !== entry.model, `${entry.model}: the catalog now has it — drop the override`).toBe(true);
      if (entry.alias) expect(catalog, `${entry.model}: the catalog now knows the id`).toBeNull();
      if (!entry.prices && !entry.alias && entry.contextWindow) expect(catalog?.model.context_window, `${entry.model}: the catalog now has its window`).toBeUndefined();
    }
    // the alias prices OpenHands' LiteLLM id as OpenRouter's model
    expect(findModelPrice("openai/openrouter-llama-4-maverick")).toMatchObject({ id: "meta-llama/llama-4-maverick", provider: "openrouter" });
  });

  it("offers the catalog's conversational Anthropic, OpenAI and Google models to price as", () => {
    const ids = pricedModelIds();
    for (const id of ["claude-sonnet-4-5", "claude-opus-4-6", "gpt-5.5", "gpt-5.1", "gemini-2.5-pro", "claude-mythos-5"]) expect(ids).toContain(id);
    expect(ids.some((id) => /tts|image|realtime/.test(id))).toBe(false);
    for (const id of ids) expect(findModelPrice(id), id).toBeDefined();
  });
});
