import type { EstimatorIdSchema, PreviewRequest, RunRequest, RunSummary, StrategyInfo, SummarizerIdSchema } from "@/lib/api/contracts/run-schemas";
import type { z } from "zod";
import { resolveWindow } from "@/lib/engine/simulate/resolve-window";
import type { CacheProviderChoice, CacheTtlChoice } from "@/lib/api/contracts/cost-schemas";

/** The model the anthropic summarizer uses unless the user names another (lib/llm's default). */
export const DEFAULT_SUMMARY_MODEL = "claude-haiku-4-5";

/** Everything the strategy panel edits; previews and runs are built from it. */
export interface PlaygroundConfig {
  strategy: string;
  settings: Record<string, unknown>;
  window: number;
  outputReserve: number;
  estimator: z.infer<typeof EstimatorIdSchema>;
  summarizer: z.infer<typeof SummarizerIdSchema>;
  model: string;
  /** `openai`: the OpenAI-compatible endpoint ("" = the server's default) */
  baseUrl: string;
  instructions: string;
  apiKey: string;
  /** a typed key for the OpenAI-compatible endpoint (this run only) */
  openaiApiKey: string;
  /** how the run's dollars are worked out: a model to price at ("" = the session's), the cache rules, the TTL */
  costModel: string;
  cacheProvider: CacheProviderChoice;
  cacheTtl: CacheTtlChoice;
  /** the calls the agent's recorded restarts left cold are cold for every strategy (false: the cache model alone) */
  recordedRewrites: boolean;
  /** edited prompt presets by name; absent = the strategy's own text */
  promptEdits: Record<string, { system?: string; instructions?: string }>;
  /**
   * The run the panel was loaded from (opening a run from the history or `?run=`), with its manual compaction
   * step: "Run" then replays exactly that run, and edits tune from it. Null for a panel set up by hand.
   */
  fromRun: { id: string; compactAtStep: number | null } | null;
}

export function initialConfig(strategy: StrategyInfo | undefined, sessionWindow: number | null): PlaygroundConfig {
  return {
    strategy: strategy?.id ?? "",
    settings: { ...(strategy?.defaults ?? {}) },
    window: resolveWindow(null, sessionWindow),
    outputReserve: 0,
    estimator: "chars4",
    summarizer: "extractive",
    model: DEFAULT_SUMMARY_MODEL,
    baseUrl: "",
    instructions: "",
    apiKey: "",
    openaiApiKey: "",
    costModel: "",
    cacheProvider: "auto",
    cacheTtl: "auto",
    recordedRewrites: true,
    promptEdits: {},
    fromRun: null,
  };
}

/**
 * The panel set to what a stored run did: its strategy with its settings (over the strategy's defaults, so a
 * setting added since keeps its default), window, output reserve, estimator, summarizer, model, instructions and
 * prompt edits. The API key is never stored with a run: the one typed in `current` stays.
 */
export function configFromRun(run: RunSummary, strategy: StrategyInfo | undefined, current: PlaygroundConfig | null): PlaygroundConfig {
  return {
    strategy: run.strategyId,
    settings: { ...(strategy?.defaults ?? {}), ...run.settings },
    window: run.options.window,
    outputReserve: run.options.outputReserve,
    estimator: run.options.estimator,
    summarizer: run.options.summarizer,
    model: run.options.model ?? DEFAULT_SUMMARY_MODEL,
    baseUrl: run.options.baseUrl ?? "",
    instructions: run.options.instructions ?? "",
    apiKey: current?.apiKey ?? "",
    openaiApiKey: current?.openaiApiKey ?? "",
    costModel: run.options.costModel ?? "",
    cacheProvider: run.options.cacheProvider ?? "auto",
    cacheTtl: run.options.cacheTtl ?? "auto",
    recordedRewrites: run.options.recordedRewrites ?? true,
    promptEdits: { ...(run.options.promptOverrides ?? {}) },
    fromRun: { id: run.id, compactAtStep: run.options.compactAtStep },
  };
}

/**
 * What differs between the panel and the run it was loaded from, as labels ("window", "settings.auto", …);
 * empty when "Run" would replay exactly that run.
 */
export function changedFromRun(config: PlaygroundConfig, run: RunSummary, strategy: StrategyInfo | undefined): string[] {
  const original = configFromRun(run, strategy, config);
  const changed: string[] = [];
  if (config.strategy !== original.strategy) return ["strategy"];
  for (const key of new Set([...Object.keys(config.settings), ...Object.keys(original.settings)])) {
    if (JSON.stringify(config.settings[key]) !== JSON.stringify(original.settings[key])) changed.push(key);
  }
  for (const key of ["window", "outputReserve", "estimator", "summarizer", "instructions", "costModel", "cacheProvider", "cacheTtl", "recordedRewrites"] as const) {
    if (config[key] !== original[key]) changed.push(key);
  }
  if (config.summarizer !== "extractive" && config.model !== original.model) changed.push("model");
  if (config.summarizer === "openai" && config.baseUrl !== original.baseUrl) changed.push("baseUrl");
  if (JSON.stringify(config.promptEdits) !== JSON.stringify(original.promptEdits)) changed.push("prompts");
  return changed;
}

export function previewRequestOf(config: PlaygroundConfig): PreviewRequest {
  return {
    strategy: config.strategy,
    settings: config.settings,
    window: config.window,
    outputReserve: config.outputReserve,
    estimator: config.estimator,
    // the preview plans for the cache the run will be priced under, as the run does
    ...(config.costModel.trim() ? { costModel: config.costModel.trim() } : {}),
    cacheProvider: config.cacheProvider,
    cacheTtl: config.cacheTtl,
  };
}

export function runRequestOf(config: PlaygroundConfig, extra: { compactAtStep?: number; instructions?: string } = {}): RunRequest {
  const anthropic = config.summarizer === "anthropic";
  const openai = config.summarizer === "openai";
  const instructions = (extra.instructions ?? config.instructions).trim();
  const edited = Object.keys(config.promptEdits).length > 0;
  return {
    ...previewRequestOf(config),
    summarizer: config.summarizer,
    ...((anthropic || openai) && config.model.trim() ? { model: config.model.trim() } : {}),
    ...(openai && config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    ...(openai && config.openaiApiKey.trim() ? { openaiApiKey: config.openaiApiKey.trim() } : {}),
    ...(instructions ? { instructions } : {}),
    ...(anthropic && config.apiKey.trim() ? { apiKey: config.apiKey.trim() } : {}),
    ...(edited ? { promptOverrides: config.promptEdits } : {}),
    recordedRewrites: config.recordedRewrites,
    // "compact here" names its step; a panel loaded from a manual run replays it at that run's step
    ...(extra.compactAtStep !== undefined
      ? { compactAtStep: extra.compactAtStep }
      : config.fromRun?.compactAtStep !== null && config.fromRun?.compactAtStep !== undefined
        ? { compactAtStep: config.fromRun.compactAtStep }
        : {}),
  } as RunRequest;
}
