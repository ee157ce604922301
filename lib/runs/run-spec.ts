import type { CompareConfig, CompareOptions } from "../api/contracts/compare-schemas";
import { RunRequestSchema, type RunRequest } from "../api/contracts/run-schemas";
import { RunOptionsSchema, type RunOptions } from "../store/run-record";
import type { RunSummarizer } from "./build-summarizer";

/**
 * What a run was asked to do, as it is stored with the run: the strategy, its resolved settings and the options.
 * Never a key: a run whose key came with the request is replayed by the process that holds it (lib/jobs/run-pinned).
 */
export interface RunSpec {
  strategyId: string;
  settings: Record<string, unknown>;
  options: RunOptions;
}

/** What the starter resolved before storing a run: the settings against the strategy, the window against the session, the summarizer. */
export interface ResolvedRun {
  settings: object;
  window: number;
  summarizer: Pick<RunSummarizer, "model" | "promptOverrides"> & Partial<Pick<RunSummarizer, "provider" | "baseUrl">>;
}

/**
 * The spec to store for a request (a single run, or one configuration of a comparison through
 * {@link comparisonRunRequest}). The stored fields are the resolved ones: the window the replay uses, the model
 * billed (null for the extractive summarizer), the prompt edits merged (`prompt` folded into `promptOverrides`), so
 * a worker replays exactly what the starter checked.
 */
export function runSpecOf(request: RunRequest, resolved: ResolvedRun): RunSpec {
  return {
    strategyId: request.strategy,
    settings: { ...resolved.settings },
    options: {
      window: resolved.window,
      outputReserve: request.outputReserve,
      estimator: request.estimator,
      summarizer: resolved.summarizer.provider ?? request.summarizer,
      model: resolved.summarizer.model,
      baseUrl: resolved.summarizer.baseUrl ?? null,
      instructions: request.instructions ?? null,
      compactAtStep: request.compactAtStep ?? null,
      promptOverrides: resolved.summarizer.promptOverrides,
      costModel: request.costModel ?? null,
      cacheProvider: request.cacheProvider,
      cacheTtl: request.cacheTtl,
      recordedRewrites: request.recordedRewrites,
    },
  };
}

/**
 * The request a stored run replays (the worker's side of {@link runSpecOf}). The options are JSON read back from
 * the database, so they are checked again; a null field is left out of the request. `apiKey`: the key a pinned
 * comparison brought, which is never stored.
 */
export function runRequestOf(spec: { strategyId: string; settings: Record<string, unknown>; options: unknown }, extra: { apiKey?: string; openaiApiKey?: string } = {}): RunRequest {
  const options = RunOptionsSchema.parse(spec.options);
  return RunRequestSchema.parse({
    strategy: spec.strategyId,
    settings: spec.settings,
    window: options.window,
    outputReserve: options.outputReserve,
    estimator: options.estimator,
    summarizer: options.summarizer,
    ...(options.model !== null ? { model: options.model } : {}),
    ...(options.baseUrl !== null && options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
    ...(options.instructions !== null ? { instructions: options.instructions } : {}),
    ...(options.compactAtStep !== null ? { compactAtStep: options.compactAtStep } : {}),
    ...(options.promptOverrides !== null ? { promptOverrides: options.promptOverrides } : {}),
    ...(options.costModel !== null ? { costModel: options.costModel } : {}),
    cacheProvider: options.cacheProvider,
    cacheTtl: options.cacheTtl,
    recordedRewrites: options.recordedRewrites,
    ...(extra.apiKey !== undefined ? { apiKey: extra.apiKey } : {}),
    ...(extra.openaiApiKey !== undefined ? { openaiApiKey: extra.openaiApiKey } : {}),
  });
}

/**
 * The single-run request one configuration of a comparison amounts to: its strategy and settings under the
 * comparison's options, with its own summarizer, model and base URL when it names a summarizer (else the comparison's).
 */
export function comparisonRunRequest(config: Pick<CompareConfig, "strategy" | "settings" | "summarizer" | "model" | "baseUrl">, compare: CompareOptions): RunRequest {
  const own = config.summarizer !== undefined;
  return {
    strategy: config.strategy,
    settings: config.settings,
    window: compare.window,
    outputReserve: compare.outputReserve,
    estimator: compare.estimator,
    summarizer: own ? config.summarizer! : compare.summarizer,
    model: own ? config.model : compare.model,
    baseUrl: own ? config.baseUrl : compare.baseUrl,
    apiKey: compare.apiKey,
    openaiApiKey: compare.openaiApiKey,
    ...(compare.costModel !== undefined ? { costModel: compare.costModel } : {}),
    cacheProvider: compare.cacheProvider,
    cacheTtl: compare.cacheTtl,
    recordedRewrites: compare.recordedRewrites,
  };
}
