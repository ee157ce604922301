import type { CompareConfig } from "../api/contracts/compare-schemas";
import { MAX_COMPARE_CONFIGS } from "../api/contracts/compare-schemas";
import type { StrategyInfo } from "../api/contracts/run-schemas";
import type { SummarizerId } from "../api/contracts/summarizer-ids";

/**
 * One configuration as the config builder edits it: the strategy's full settings (defaults filled in, so every
 * labelled control has a value) and an optional label. `id` is the builder's own key, stable across edits.
 */
export interface DraftConfig {
  id: string;
  label: string;
  strategy: string;
  settings: Record<string, unknown>;
  /** the configuration's own summarizer model; absent = the comparison's */
  summarizer?: DraftSummarizer;
}

/** A summarizer model a configuration pairs with its strategy ("pi with Haiku", "pi with a local Qwen"). */
export interface DraftSummarizer {
  provider: SummarizerId;
  model?: string;
  baseUrl?: string;
}

/** Strategy kinds in the order "All strategies at defaults" lists them: the seed designs, the peers, the baselines, the lab's own. */
const SOURCE_ORDER = ["seed", "peer", "baseline", "lab"];

/**
 * A fresh configuration of `strategy` at its defaults. A provider's own compaction runs only with that provider's
 * summarizer: its draft carries `providerSummarizer` (the builder's pick of that provider's models), else the bare
 * provider (the server's default model).
 */
export function draftOf(strategy: StrategyInfo, id: string, providerSummarizer?: DraftSummarizer): DraftConfig {
  const own = strategy.provider ? { summarizer: providerSummarizer?.provider === strategy.provider ? providerSummarizer : { provider: strategy.provider } } : {};
  return { id, label: "", strategy: strategy.id, settings: structuredClone(strategy.defaults), ...own };
}

/**
 * Every strategy at its defaults, seed designs first, then peers, then baselines, then the lab's own (each group in registry order),
 * capped at {@link MAX_COMPARE_CONFIGS}. `nextId` numbers the drafts.
 */
export function allStrategiesAtDefaults(strategies: readonly StrategyInfo[], nextId: () => string): DraftConfig[] {
  const rank = (strategy: StrategyInfo) => {
    const position = SOURCE_ORDER.indexOf(String(strategy.source.kind ?? ""));
    return position < 0 ? SOURCE_ORDER.length : position;
  };
  // the providers' own compaction is left out: it calls a provider, which "all at defaults" must never do unasked
  const ordered = strategies.filter((strategy) => !strategy.provider).map((strategy, order) => ({ strategy, order })).sort((a, b) => rank(a.strategy) - rank(b.strategy) || a.order - b.order);
  return ordered.slice(0, MAX_COMPARE_CONFIGS).map(({ strategy }) => draftOf(strategy, nextId()));
}

/**
 * The settings of a draft that differ from the strategy's defaults (compared as JSON, so `[]` equals `[]`), in the
 * defaults' key order. Only overrides go on the wire: the server resolves the rest, and the default label
 * (`nous threshold=60000`) names exactly what was changed.
 */
export function overridesOf(settings: Record<string, unknown>, defaults: Record<string, unknown>): Record<string, unknown> {
  const overrides: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (JSON.stringify(value) !== JSON.stringify(defaults[key])) overrides[key] = value;
  }
  return overrides;
}

/** The wire configuration of a draft: its overrides, and its label when the user typed one (trimmed). */
export function configRequestOf(draft: DraftConfig, defaults: Record<string, unknown>): CompareConfig {
  const label = draft.label.trim();
  const own = draft.summarizer
    ? { summarizer: draft.summarizer.provider, ...(draft.summarizer.model ? { model: draft.summarizer.model } : {}), ...(draft.summarizer.baseUrl ? { baseUrl: draft.summarizer.baseUrl } : {}) }
    : {};
  return { strategy: draft.strategy, settings: overridesOf(draft.settings, defaults), ...(label ? { label } : {}), ...own };
}

/**
 * The label a draft will get: its own, else the strategy followed by its overrides as `key=value`, the same rule
 * as the server's `compareLabel` so the waiting row and the finished row read alike.
 */
export function draftLabel(draft: DraftConfig, defaults: Record<string, unknown>): string {
  const label = draft.label.trim();
  if (label) return label;
  const overrides = Object.entries(overridesOf(draft.settings, defaults)).map(
    ([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`,
  );
  const own = draft.summarizer ? [`· ${draft.summarizer.model ?? draft.summarizer.provider}`] : [];
  return [draft.strategy, ...overrides, ...own].join(" ");
}

/**
 * Labels that two drafts would share: the server would accept them, but two table rows and two chart lines with
 * one name cannot be told apart, so the builder asks for a label first.
 */
export function duplicateLabels(drafts: readonly DraftConfig[], defaultsOf: (strategy: string) => Record<string, unknown>): Set<string> {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const draft of drafts) {
    const label = draftLabel(draft, defaultsOf(draft.strategy));
    if (seen.has(label)) duplicates.add(label);
    seen.add(label);
  }
  return duplicates;
}

/**
 * The builder's drafts for a stored comparison's configurations (a page following it again after a reload): each
 * strategy's current defaults with the overrides it was run with, and its own label if it had one. Ids are
 * `restored-<index>`, unlike the builder's own.
 */
export function draftsFromConfigs(configs: readonly CompareConfig[], defaultsOf: (strategy: string) => Record<string, unknown>): DraftConfig[] {
  return configs.map((config, index) => ({
    id: `restored-${index}`,
    label: config.label ?? "",
    strategy: config.strategy,
    settings: { ...structuredClone(defaultsOf(config.strategy)), ...structuredClone(config.settings) },
    ...(config.summarizer ? { summarizer: { provider: config.summarizer, ...(config.model ? { model: config.model } : {}), ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}) } } : {}),
  }));
}
