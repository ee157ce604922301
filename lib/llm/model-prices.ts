import { calcPrice, type ModelInfo, type ModelPrice as CatalogPrice } from "@pydantic/genai-prices";
import { z } from "zod";
import { cacheProviderOf } from "../engine/cache/cache-rules";
import overridesJson from "./model-price-overrides.json";

/**
 * The lab's one door to model prices and context windows: the maintained catalog `@pydantic/genai-prices` (its data
 * ships inside the package; `npm update @pydantic/genai-prices` refreshes it, nothing is fetched at run time), and
 * model-price-overrides.json for what the catalog lacks, each entry dated and sourced. Prices are USD per million
 * tokens. A model neither knows is unpriced (undefined), never a guess from a similar name.
 */
export const PRICE_CATALOG = { name: "@pydantic/genai-prices", version: "0.1.8", published: "2026-09-23" } as const;
/** what a cost says its prices come from */
export const PRICE_CATALOG_LABEL = `${PRICE_CATALOG.name} ${PRICE_CATALOG.version} (${PRICE_CATALOG.published})`;

export interface PriceRates {
  inputPerMillion: number;
  outputPerMillion: number;
  /** a token read from the prompt cache; null: the model has no cache price (reads bill as input) */
  cacheReadPerMillion: number | null;
  /** a token written with the 5-minute (or the provider's only) / 1-hour lifetime; null where no write is billed */
  cacheWrite5mPerMillion: number | null;
  cacheWrite1hPerMillion: number | null;
}

export interface ModelPrice extends PriceRates {
  /** the entry priced: the catalog's model id, or the override's */
  id: string;
  /** the catalog's provider id (anthropic, openai, google, openrouter, …) */
  provider: string;
  /** a prompt of more than `aboveTokens` input tokens bills the whole call at these rates (long context), ascending */
  tiers: (PriceRates & { aboveTokens: number })[];
  /** the day these prices took effect; null: the catalog's first price for the model, whose start it does not record */
  since: string | null;
  /** the catalog and version, or the override's named source, and the date it was read */
  source: { name: string; date: string };
}

const RatesSchema = z.object({
  input: z.number().min(0),
  output: z.number().min(0),
  cacheRead: z.number().min(0).nullable(),
  cacheWrite5m: z.number().min(0).nullable(),
  cacheWrite1h: z.number().min(0).nullable(),
});
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const OverrideSchema = z.object({
  model: z.string().min(1),
  provider: z.string().min(1).optional(),
  prices: RatesSchema.optional(),
  contextWindow: z.number().int().positive().optional(),
  alias: z.string().min(1).optional(),
  since: date.nullable().optional(),
  date,
  source: z.string().min(10),
});
export type ModelPriceOverride = z.infer<typeof OverrideSchema>;
/** the override file, checked when the module loads: a malformed entry fails loudly, naming its field */
export const modelPriceOverrides: readonly ModelPriceOverride[] = z.object({ models: z.array(OverrideSchema) }).parse(overridesJson).models;
const overridesByKey = new Map(modelPriceOverrides.map((entry) => [entry.model.trim().toLowerCase(), entry]));
/** the override entry for a model id as written (`openai/openrouter-…`) or normalised */
export function findOverride(model: string): ModelPriceOverride | undefined {
  return overridesByKey.get(model.trim().toLowerCase()) ?? overridesByKey.get(normalise(model));
}

/** far in the future: the catalog's newest price of each model */
const LATEST = new Date("9999-01-01T00:00:00Z");

/**
 * The price of `model` in effect at `at` (ISO date or time; default: the newest), from the override file when it has
 * prices for the id, else from the catalog (its own matching: exact ids, dated snapshots, aliases it lists).
 * Undefined when neither knows the model.
 */
export function findModelPrice(model: string, options: { at?: string; provider?: string } = {}): ModelPrice | undefined {
  const id = normalise(model);
  const override = findOverride(model);
  if (override?.alias) return findModelPrice(override.alias, { ...options, ...(override.provider ? { provider: override.provider } : {}) });
  if (override?.prices) return priceOfOverride(override, override.prices);
  const found = lookUp(id, options.at ? new Date(options.at) : LATEST, options.provider);
  if (!found) return undefined;
  const entry = Array.isArray(found.model.prices) ? found.model.prices.find((candidate) => candidate.prices === found.price) : undefined;
  const since = entry?.constraint?.type === "start_date" ? entry.constraint.start_date : null;
  return priceOfCatalog({ model: found.model, provider: found.provider, price: found.price, since });
}

/** Every price the catalog has recorded for `model`, oldest first (one entry for a model whose price never changed). */
export function modelPriceHistory(model: string, provider?: string): ModelPrice[] {
  const id = normalise(model);
  const override = findOverride(model);
  if (override?.alias) return modelPriceHistory(override.alias, override.provider);
  if (override?.prices) return [priceOfOverride(override, override.prices)];
  const found = lookUp(id, LATEST, provider);
  if (!found) return [];
  if (!Array.isArray(found.model.prices)) return [priceOfCatalog({ model: found.model, provider: found.provider, price: found.model.prices, since: null })];
  return found.model.prices
    .filter((entry) => !entry.constraint || entry.constraint.type === "start_date")
    .map((entry) => priceOfCatalog({ model: found.model, provider: found.provider, price: entry.prices, since: entry.constraint?.type === "start_date" ? entry.constraint.start_date : null }));
}

/**
 * The ids a person can price as: the override file's and the catalog's Anthropic, OpenAI and Google models that bill
 * input and output tokens (what "price as …" offers), sorted.
 */
export function pricedModelIds(): string[] {
  const ids = new Set<string>();
  for (const provider of ["anthropic", "openai", "google"] as const) {
    for (const probe of PROVIDER_PROBES[provider]) {
      const found = calcPrice({ input_tokens: 0 }, probe, { providerId: provider });
      for (const model of found?.provider.models ?? []) {
        if (model.deprecated || cacheProviderOf(model.id) !== provider || NOT_CHAT.test(model.id)) continue;
        const price = Array.isArray(model.prices) ? model.prices.at(-1)?.prices : model.prices;
        if (price && rate(price, "input_mtok", 0) !== undefined && rate(price, "output_mtok", 0) !== undefined) ids.add(model.id);
      }
    }
  }
  for (const entry of modelPriceOverrides) if (entry.prices) ids.add(entry.model);
  return [...ids].sort();
}
/** ids of models that do not take a conversation (speech, images, realtime audio, search, fine-tunes) */
const NOT_CHAT = /(tts|image|audio|realtime|transcribe|search|live|vision|embedding|instruct|ft[:-]|:)/;
/** a model each provider's catalog surely has, to reach its model list through the public API */
const PROVIDER_PROBES = { anthropic: ["claude-sonnet-4-5"], openai: ["gpt-4o"], google: ["gemini-2.5-flash"] } as const;

/**
 * The cost in USD of calls billed at the base rates without any cache (the summarizer and judge estimates); null for
 * an unpriced model. A prompt over a long-context threshold bills at its tier.
 */
export function estimateCost(options: { model: string; inputTokens: number; outputTokens: number }): number | null {
  const price = findModelPrice(options.model);
  if (!price) return null;
  const rates = ratesForPrompt(price, options.inputTokens);
  return (options.inputTokens * rates.inputPerMillion + options.outputTokens * rates.outputPerMillion) / 1_000_000;
}

/** The rates of one call whose prompt is `promptTokens` long: the highest long-context tier it passes, else the base. */
export function ratesForPrompt(price: ModelPrice, promptTokens: number): PriceRates {
  let rates: PriceRates = price;
  for (const tier of price.tiers) if (promptTokens > tier.aboveTokens) rates = tier;
  return rates;
}

/** the id the catalog and the override file are keyed by: lower case, no `anthropic/`-style prefix */
export function normalise(model: string): string {
  return model.trim().toLowerCase().replace(/^(anthropic|openai|google|gemini)\//, "");
}

/** the catalog's entry for a normalised id (lower case, no provider prefix), at `at` */
export function lookUp(id: string, at: Date = LATEST, providerHint?: string): { model: ModelInfo; provider: string; price: CatalogPrice } | undefined {
  const provider = providerHint ?? cacheProviderOf(id);
  const found = calcPrice({ input_tokens: 0 }, id, { ...(provider ? { providerId: provider } : {}), timestamp: at });
  if (!found) return undefined;
  return { model: found.model, provider: found.provider.id, price: found.model_price };
}

function priceOfOverride(entry: ModelPriceOverride, prices: z.infer<typeof RatesSchema>): ModelPrice {
  return {
    id: entry.model,
    provider: entry.provider ?? cacheProviderOf(entry.model) ?? "unknown",
    inputPerMillion: prices.input,
    outputPerMillion: prices.output,
    cacheReadPerMillion: prices.cacheRead,
    cacheWrite5mPerMillion: prices.cacheWrite5m,
    cacheWrite1hPerMillion: prices.cacheWrite1h,
    tiers: [],
    since: entry.since ?? null,
    source: { name: entry.source, date: entry.date },
  };
}

const CATALOG_KEYS = { inputPerMillion: "input_mtok", outputPerMillion: "output_mtok", cacheReadPerMillion: "cache_read_mtok", cacheWrite5mPerMillion: "cache_write_mtok", cacheWrite1hPerMillion: "cache_write_1h_mtok" } as const;

function priceOfCatalog(options: { model: ModelInfo; provider: string; price: CatalogPrice; since: string | null }): ModelPrice {
  const { price } = options;
  const ratesAt = (tokens: number): PriceRates => ({
    inputPerMillion: rate(price, CATALOG_KEYS.inputPerMillion, tokens) ?? 0,
    outputPerMillion: rate(price, CATALOG_KEYS.outputPerMillion, tokens) ?? 0,
    cacheReadPerMillion: rate(price, CATALOG_KEYS.cacheReadPerMillion, tokens) ?? null,
    cacheWrite5mPerMillion: rate(price, CATALOG_KEYS.cacheWrite5mPerMillion, tokens) ?? null,
    cacheWrite1hPerMillion: rate(price, CATALOG_KEYS.cacheWrite1hPerMillion, tokens) ?? null,
  });
  const starts = new Set<number>();
  for (const key of Object.values(CATALOG_KEYS)) {
    const value = price[key];
    if (value && typeof value === "object") for (const tier of value.tiers) starts.add(tier.start);
  }
  return {
    id: options.model.id,
    provider: options.provider,
    ...ratesAt(0),
    tiers: [...starts].sort((a, b) => a - b).map((start) => ({ aboveTokens: start, ...ratesAt(start + 1) })),
    since: options.since,
    source: { name: `${PRICE_CATALOG.name} ${PRICE_CATALOG.version}`, date: PRICE_CATALOG.published },
  };
}

/** A catalog rate at a prompt of `tokens`: a flat number, or the highest tier whose start the prompt passes. */
function rate(price: CatalogPrice, key: string, tokens: number): number | undefined {
  const value = price[key];
  if (value === undefined) return undefined;
  if (typeof value === "number") return value;
  let chosen = value.base;
  for (const tier of value.tiers) if (tokens > tier.start) chosen = tier.price;
  return chosen;
}
