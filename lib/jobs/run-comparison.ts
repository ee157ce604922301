import type { CompareOptions } from "../api/contracts/compare-schemas";
import { countModelCalls } from "../engine/simulate/count-model-calls";
import { resolveWindow } from "../engine/simulate/resolve-window";
import { assertMaySend } from "../runs/assert-may-send";
import { checkReplayEstimator } from "../runs/resolve-estimator";
import { followComparison } from "./follow-comparison";
import { ensureWebWorkers, workerConcurrency } from "./job-queue";
import { pinnedWorkerId, runPinned } from "./run-pinned";
import { comparisonRunRequest, runSpecOf } from "../runs/run-spec";
import { loadSessionCached } from "../runs/session-cache";
import { createComparison, type ComparisonKind, type SweepRequestParts } from "../store/comparisons";
import { createRun } from "../store/runs";
import { planComparison, type ComparisonConfigInput } from "../compare/plan-comparison";
import { resolveJudge } from "../compare/resolve-judge";

export interface RunComparisonOptions {
  /** one session (compare, sweep) or several (multi); each id at most once */
  sessionIds: readonly string[];
  configs: readonly ComparisonConfigInput[];
  compare: CompareOptions;
  /** a sweep's strategy, shared settings and axes, stored so a page that follows it again can show them */
  sweep?: SweepRequestParts;
  /** send an `aggregate` line (mean and worst per configuration over the sessions) before `done` */
  aggregate?: boolean;
  /** the stored kind when the caller is not a compare, sweep or multi view (a recommendation), with its request */
  kind?: ComparisonKind;
  recommend?: unknown;
  /** the request's: the client going away stops following (the jobs go on) */
  signal?: AbortSignal;
}

/**
 * Starts a comparison as jobs (issue #11) and returns the NDJSON stream that follows it from the database
 * (lib/jobs/follow-comparison.ts): `started` (with the comparison's id), per session and configuration
 * `config-started`, `progress`, and `row` or `config-error` as each job ends, then `aggregate` (when asked) and
 * `done` — or, when cancelled, `config-error` (code `cancelled`) for every configuration that had not finished and
 * one final `error` line (code `cancelled`).
 *
 * Everything that can be refused is checked before anything is stored, and throws: a bad configuration (400 naming
 * `configs.<i>…`, see planComparison), an unknown estimator or a key-less count-tokens / anthropic / judge request
 * (400 `missing_api_key`), an unknown session (404 naming its id). Then the comparison is stored with one `queued`
 * run per (session, configuration) — one job each, so K workers split it; the playground opens any of them at
 * /sessions/<id>?run=<runId> — and each ends `done` with the figures a single run stores (and its compare row),
 * `failed`, or `cancelled`. The jobs survive the request: closing the stream does not cancel them; POST
 * /api/comparisons/:id/cancel does (finished rows stay). A comparison whose key came with the request is replayed by
 * this process only, one configuration after another (the key is never stored).
 */
export async function runComparison(options: RunComparisonOptions): Promise<ReadableStream<Uint8Array>> {
  const { comparisonId } = await startComparison(options);
  return followComparison({ comparisonId, signal: options.signal, limit: workerConcurrency() });
}

/**
 * Checks, stores and enqueues a comparison as {@link runComparison} does, and returns its id without following it
 * (a recommendation's route answers 202 and its page reads the stored rows).
 */
export async function startComparison(options: RunComparisonOptions): Promise<{ comparisonId: string }> {
  const { compare } = options;
  const configs = planComparison({ configs: options.configs, compare });
  checkReplayEstimator({ estimator: compare.estimator, apiKey: compare.apiKey });
  resolveJudge(compare);
  const sessionIds = [...new Set(options.sessionIds)];
  // a configuration may bring its own (external) summarizer: the gate sees the first one that sends text out
  const external = configs.find((config) => config.summarizer.external !== null);
  await assertMaySend({ sessionIds, request: { ...compare, summarizer: external?.summarizer.provider ?? compare.summarizer } });
  const loaded = [];
  for (const id of sessionIds) {
    const session = await loadSessionCached(id);
    const totalSteps = countModelCalls(session);
    loaded.push({ id, totalSteps, window: resolveWindow(compare.window, session.meta.contextWindow) });
  }
  const queue = await ensureWebWorkers();
  const { apiKey, openaiApiKey, ...storedOptions } = compare;
  // the keys stay in this process's closure (runPinned), never in the stored options
  const pinned = apiKey !== undefined || openaiApiKey !== undefined;
  const comparison = await createComparison({
    kind: options.kind ?? (options.aggregate ? "multi" : configs.some((config) => config.cell) ? "sweep" : "compare"),
    sessionIds,
    configs: configs.map((config) => ({
      index: config.index,
      label: config.label,
      ...(config.cell ? { cell: config.cell } : {}),
      strategy: config.strategy.id,
      overrides: config.overrides,
      ...(options.configs[config.index]?.label ? { requestedLabel: options.configs[config.index].label } : {}),
      ...ownSummarizerOf(options.configs[config.index]),
    })),
    options: storedOptions,
    ...(options.sweep ? { sweep: options.sweep } : {}),
    ...(options.recommend !== undefined ? { recommend: options.recommend } : {}),
    aggregate: options.aggregate ?? false,
    totalSteps: loaded.reduce((sum, entry) => sum + entry.totalSteps * configs.length, 0),
  });
  const runIds: string[] = [];
  for (const entry of loaded) {
    // one exam per session for every setting, even on different windows (a recommendation): it starts from the smallest
    const examWindow = Math.min(...configs.map((config) => options.configs[config.index].window ?? entry.window));
    for (const config of configs) {
      const request = comparisonRunRequest({ ...options.configs[config.index], strategy: config.strategy.id, settings: config.overrides }, compare);
      const spec = runSpecOf(request, { settings: config.settings, window: options.configs[config.index].window ?? entry.window, summarizer: config.summarizer });
      const run = await createRun({
        sessionId: entry.id,
        ...spec,
        options: { ...spec.options, examWindow },
        comparisonId: comparison.id,
        configIndex: config.index,
        ...(pinned ? { status: "running" as const, claimedBy: pinnedWorkerId() } : {}),
      });
      runIds.push(run.id);
    }
  }
  if (pinned) runPinned(runIds, { compare });
  else await queue.enqueue(runIds);
  return { comparisonId: comparison.id };
}

/** A configuration's own summarizer choice as stored with the comparison (never a key); nothing when it has none. */
function ownSummarizerOf(config: ComparisonConfigInput | undefined): { summarizer?: string; model?: string; baseUrl?: string } {
  if (config?.summarizer === undefined) return {};
  return { summarizer: config.summarizer, ...(config.model ? { model: config.model } : {}), ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}) };
}
