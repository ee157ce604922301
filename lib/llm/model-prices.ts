import type { CacheProviderId } from "../engine/cache/cache-rules";

/**
 * USD per million tokens for current Anthropic, OpenAI and Google models, with prompt-cache prices. PRICES CHANGE:
 * check the named source before relying on a figure. Each entry names its source ({@link PRICE_SOURCES}).
 * A model the table does not know estimates to null: a cost the lab does not know is shown as unknown, never
 * guessed from a similar name. Batch discounts, regional endpoints and Anthropic's 1M-context beta rates are not
 * modelled; Gemini's prompts over 200K tokens are (their own rates, `longContext`).
 */
export const MODEL_PRICES_DATE = "2026-11-26";

export const PRICE_SOURCES = {
  anthropic: {
    name: "Anthropic, Pricing (platform.claude.com/docs/en/about-claude/pricing): base input, 5-minute and 1-hour cache writes, cache hits, output",
    date: "2026-11-26",
  },
  "anthropic-multipliers": {
    name: "Anthropic, Pricing, prompt caching multipliers (writes 1.25× input for 5 minutes, 2× for 1 hour); hits as listed for the model",
    date: "2026-11-26",
  },
  openai: {
    name: "OpenAI, API pricing (developers.openai.com/api/docs/pricing): input, cached input, output",
    date: "2026-11-06",
  },
  google: {
    name: "Google, Gemini Developer API pricing (ai.google.dev/gemini-api/docs/pricing): input, context-caching (implicit hits), output, ≤ / > 200K prompts",
    date: "2026-11-26",
  },
} as const;
export type PriceSourceId = keyof typeof PRICE_SOURCES;

export interface ModelPrice {
  provider: CacheProviderId;
  inputPerMillion: number;
  outputPerMillion: number;
  /** a token read from the prompt cache */
  cacheReadPerMillion: number;
  /** a token written to the cache with the 5-minute / 1-hour TTL; null where the provider charges no write */
  cacheWrite5mPerMillion: number | null;
  cacheWrite1hPerMillion: number | null;
  /** rates for a prompt over `aboveTokens` input tokens (Gemini 2.5 Pro, Gemini 3 Pro) */
  longContext?: { aboveTokens: number; inputPerMillion: number; outputPerMillion: number; cacheReadPerMillion: number };
  source: PriceSourceId;
}

function anthropic(input: number, output: number, read: number, write5m = input * 1.25, write1h = input * 2, source: PriceSourceId = "anthropic"): ModelPrice {
  return { provider: "anthropic", inputPerMillion: input, outputPerMillion: output, cacheReadPerMillion: read, cacheWrite5mPerMillion: write5m, cacheWrite1hPerMillion: write1h, source };
}
function openai(input: number, cached: number, output: number): ModelPrice {
  return { provider: "openai", inputPerMillion: input, outputPerMillion: output, cacheReadPerMillion: cached, cacheWrite5mPerMillion: null, cacheWrite1hPerMillion: null, source: "openai" };
}
function google(input: number, cached: number, output: number, longContext?: ModelPrice["longContext"]): ModelPrice {
  return { provider: "google", inputPerMillion: input, outputPerMillion: output, cacheReadPerMillion: cached, cacheWrite5mPerMillion: null, cacheWrite1hPerMillion: null, ...(longContext ? { longContext } : {}), source: "google" };
}

export const modelPricesById: Readonly<Record<string, ModelPrice>> = {
  "claude-fable-5-1": anthropic(10, 50, 0.25, 12.5, 20),
  "claude-mythos-5-1": anthropic(10, 50, 0.25, 12.5, 20),
  "claude-fable-5": anthropic(10, 50, 1, 12.5, 20),
  "claude-mythos-5": anthropic(10, 50, 1, 12.5, 20),
  "claude-opus-5-5": anthropic(4, 20, 0.2, 5, 8, "anthropic-multipliers"),
  "claude-sonnet-5-5": anthropic(2, 10, 0.1, 2.5, 4, "anthropic-multipliers"),
  "claude-opus-5": anthropic(5, 25, 0.5, 6.25, 10),
  "claude-sonnet-5": anthropic(2, 10, 0.2, 2.5, 4, "anthropic-multipliers"),
  "claude-opus-4-8": anthropic(5, 25, 0.5, 6.25, 10),
  "claude-opus-4-7": anthropic(5, 25, 0.5, 6.25, 10),
  "claude-opus-4-6": anthropic(5, 25, 0.5, 6.25, 10),
  "claude-opus-4-5": anthropic(5, 25, 0.5, 6.25, 10),
  "claude-opus-4-1": anthropic(15, 75, 1.5, 18.75, 30),
  "claude-opus-4": anthropic(15, 75, 1.5, 18.75, 30),
  "claude-sonnet-4-6": anthropic(3, 15, 0.3, 3.75, 6),
  "claude-sonnet-4-5": anthropic(3, 15, 0.3, 3.75, 6),
  "claude-sonnet-4": anthropic(3, 15, 0.3, 3.75, 6),
  "claude-3-7-sonnet": anthropic(3, 15, 0.3, 3.75, 6),
  "claude-haiku-4-5": anthropic(1, 5, 0.1, 1.25, 2),
  "claude-3-5-haiku": anthropic(0.8, 4, 0.08, 1, 1.6),
  "claude-3-haiku": anthropic(0.25, 1.25, 0.03, 0.3, 0.5),

  "gpt-5.4": openai(2.5, 0.25, 15),
  "gpt-5.4-mini": openai(0.75, 0.075, 4.5),
  "gpt-5.3-codex": openai(1.75, 0.175, 14),
  "gpt-5.2": openai(1.75, 0.175, 14),
  "gpt-5.2-codex": openai(1.75, 0.175, 14),
  "gpt-5.1": openai(1.25, 0.125, 10),
  "gpt-5.1-codex": openai(1.25, 0.125, 10),
  "gpt-5": openai(1.25, 0.125, 10),
  "gpt-5-codex": openai(1.25, 0.125, 10),
  "gpt-5-mini": openai(0.25, 0.025, 2),
  "gpt-5-nano": openai(0.05, 0.005, 0.4),
  "gpt-4.1": openai(2, 0.5, 8),
  "gpt-4.1-mini": openai(0.4, 0.1, 1.6),
  "gpt-4.1-nano": openai(0.1, 0.025, 0.4),
  "gpt-4o": openai(2.5, 1.25, 10),
  "gpt-4o-mini": openai(0.15, 0.075, 0.6),

  "gemini-3-pro-preview": google(2, 0.2, 12, { aboveTokens: 200_000, inputPerMillion: 4, outputPerMillion: 18, cacheReadPerMillion: 0.4 }),
  "gemini-2.5-pro": google(1.25, 0.125, 10, { aboveTokens: 200_000, inputPerMillion: 2.5, outputPerMillion: 15, cacheReadPerMillion: 0.25 }),
  "gemini-2.5-flash": google(0.3, 0.03, 2.5),
  "gemini-2.5-flash-lite": google(0.1, 0.01, 0.4),
};

/**
 * The price of a model id: exact, else without a provider prefix (`openai/gpt-4o`), a date suffix
 * (`claude-haiku-4-5-20251001`, `gpt-4o-2024-08-06`) or `-latest`, or a Claude version written with a dot as GitHub
 * Copilot CLI writes it (`claude-sonnet-4.6` is Anthropic's `claude-sonnet-4-6`). Never a nearest name.
 */
export function findModelPrice(model: string): ModelPrice | undefined {
  const id = model.trim().toLowerCase();
  const bare = id.replace(/^(anthropic|openai|google|gemini)\//, "");
  const base = bare.replace(/-\d{8}$/, "").replace(/-\d{4}-\d{2}-\d{2}$/, "").replace(/-latest$/, "");
  const dashed = base.replace(/^(claude-[a-z]+-\d+)\.(\d+)$/, "$1-$2");
  return modelPricesById[id] ?? modelPricesById[bare] ?? modelPricesById[base] ?? modelPricesById[dashed];
}

/**
 * The cost in USD of one or more calls billed at the base rates, without any cache ({@link MODEL_PRICES_DATE}).
 * An unknown model gives `null`.
 */
export function estimateCost(options: { model: string; inputTokens: number; outputTokens: number }): number | null {
  const price = findModelPrice(options.model);
  if (!price) return null;
  return (options.inputTokens * price.inputPerMillion + options.outputTokens * price.outputPerMillion) / 1_000_000;
}
