/**
 * USD per million tokens for current Claude models, written 2026-11-22 from Anthropic's published pricing pages
 * (platform.claude.com: "Pricing" and "What's new in Claude Opus 5"). PRICES CHANGE: check
 * https://platform.claude.com/docs/en/about-claude/pricing before relying on a figure. Base rates only: prompt
 * caching, batch discounts and long-context surcharges are not modelled. Models priced by tier ("from $x",
 * e.g. Claude Haiku 5.5) are deliberately left out, so they estimate to null rather than to a guess.
 */
export const MODEL_PRICES_DATE = "2026-11-22";

export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

export const modelPricesById: Readonly<Record<string, ModelPrice>> = {
  "claude-fable-5-1": { inputPerMillion: 10, outputPerMillion: 50 },
  "claude-opus-5-5": { inputPerMillion: 4, outputPerMillion: 20 },
  "claude-opus-5": { inputPerMillion: 5, outputPerMillion: 25 },
  "claude-sonnet-5-5": { inputPerMillion: 2, outputPerMillion: 10 },
  "claude-opus-4-6": { inputPerMillion: 5, outputPerMillion: 25 },
  "claude-opus-4-5": { inputPerMillion: 5, outputPerMillion: 25 },
  "claude-opus-4-1": { inputPerMillion: 15, outputPerMillion: 75 },
  "claude-opus-4": { inputPerMillion: 15, outputPerMillion: 75 },
  "claude-sonnet-4-6": { inputPerMillion: 3, outputPerMillion: 15 },
  "claude-sonnet-4-5": { inputPerMillion: 3, outputPerMillion: 15 },
  "claude-sonnet-4": { inputPerMillion: 3, outputPerMillion: 15 },
  "claude-haiku-4-5": { inputPerMillion: 1, outputPerMillion: 5 },
  "claude-3-5-haiku": { inputPerMillion: 0.8, outputPerMillion: 4 },
  "claude-3-haiku": { inputPerMillion: 0.25, outputPerMillion: 1.25 },
};

/** The price of a model id, dated snapshots included (`claude-haiku-4-5-20251001` → `claude-haiku-4-5`). */
export function findModelPrice(model: string): ModelPrice | undefined {
  const id = model.trim().toLowerCase();
  const base = id.replace(/-\d{8}$/, "").replace(/-latest$/, "");
  return modelPricesById[id] ?? modelPricesById[base];
}

/**
 * The cost in USD of one or more calls, from the dated table ({@link MODEL_PRICES_DATE}). An unknown model
 * gives `null` — a cost the lab does not know is shown as unknown, never guessed from a similar name.
 */
export function estimateCost(options: { model: string; inputTokens: number; outputTokens: number }): number | null {
  const price = findModelPrice(options.model);
  if (!price) return null;
  return (options.inputTokens * price.inputPerMillion + options.outputTokens * price.outputPerMillion) / 1_000_000;
}
