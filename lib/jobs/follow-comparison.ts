import { CompareConfigSchema, CompareOptionsSchema, type CompareRow, type CompareSetup, type CompareStreamLine, type SweepSetup } from "../api/contracts/compare-schemas";
import { aggregateRows } from "../compare/aggregate-rows";
import type { StoredCompareRow } from "../compare/replay-config";
import { getComparison, type StoredComparison } from "../store/comparisons";
import { queuePosition, readRunState } from "../store/run-jobs";
import { isEnded } from "./follow-run";
import { pollingStream } from "./polling-stream";
import { retryWhileUnavailable } from "../store/retry-while-unavailable";

/**
 * Follows a stored comparison (sweep, multi-session comparison) from the database as an NDJSON stream of
 * {@link CompareStreamLine}s: `started` (with the comparison's id), `queued` while none of its runs has a worker,
 * per run `config-started` when a worker takes it, `progress`, and `row` (its stored compare row) or `config-error`
 * as each run ends — in the order they end, whichever worker replayed them — then `aggregate` (multi) and `done`
 * (`rows`, `failed`, and `cancelled`: the runs cancelled, not counted as failed), or `error` (code `cancelled`) when
 * runs were cancelled and none finished. A follower that joins late (a reload, another instance)
 * first gets every row already stored. Closing the stream stops following only.
 */
export function followComparison(options: { comparisonId: string; signal?: AbortSignal; limit: number }): ReadableStream<Uint8Array> {
  return pollingStream<CompareStreamLine>({
    signal: options.signal,
    async *lines() {
      const comparison = await retryWhileUnavailable(() => getComparison(options.comparisonId), { what: "following a comparison", signal: options.signal });
      const labels = new Map(comparison.configs.map((config) => [config.index, config]));
      const expected = comparison.sessionIds.flatMap((sessionId) => comparison.configs.map((config) => ({ index: config.index, sessionId, label: config.label })));
      const setup = setupOf(comparison);
      const sweep = sweepSetupOf(comparison);
      yield { type: "started", configs: comparison.configs.length, sessions: comparison.sessionIds.length, totalSteps: comparison.totalSteps, comparisonId: comparison.id, expected, ...(setup ? { setup } : {}), ...(sweep ? { sweep } : {}) };
      const runs = comparison.runs;
      const seen = new Map<string, { started: boolean; ended: boolean; step: number }>(runs.map((run) => [run.id, { started: false, ended: false, step: 0 }]));
      const rowsByConfig: CompareRow[][] = comparison.configs.map(() => []);
      let rows = 0;
      let failed = 0;
      let cancelled = 0;
      let cancelledMessage: string | null = null;
      let position: number | null = null;
      for (;;) {
        const open = runs.filter((run) => !seen.get(run.id)!.ended);
        if (open.length === 0) break;
        const states = await retryWhileUnavailable(() => readRunState(open.map((run) => run.id)), { what: "following a comparison", signal: options.signal });
        let anyStarted = false;
        for (const run of open) {
          const state = states.get(run.id);
          const mark = seen.get(run.id)!;
          const config = labels.get(run.configIndex);
          const base = { index: run.configIndex, sessionId: run.sessionId };
          if (!state) {
            mark.ended = true;
            failed++;
            yield { type: "config-error", ...base, runId: run.id, error: { code: "not_found:run", message: "The run was deleted." } };
            continue;
          }
          if (state.status !== "queued" && !mark.started) {
            mark.started = true;
            yield { type: "config-started", ...base, label: config?.label ?? String(run.configIndex), runId: run.id };
          }
          if (state.status === "running") anyStarted = true;
          if (state.progress && state.progress.step > mark.step && !isEnded(state.status)) {
            mark.step = state.progress.step;
            yield { type: "progress", ...base, step: state.progress.step, totalSteps: state.progress.totalSteps };
          }
          if (!isEnded(state.status)) continue;
          mark.ended = true;
          const stored = (state.row ?? {}) as StoredCompareRow;
          if ((state.status === "done" || state.status === "degraded") && stored.row && !stored.error) {
            rows++;
            rowsByConfig[run.configIndex]?.push(stored.row);
            yield { type: "row", ...base, runId: run.id, row: stored.row, curve: stored.curve ?? [], ...(stored.cell ? { cell: stored.cell } : config?.cell ? { cell: config.cell } : {}) };
          } else {
            if (state.status === "cancelled") {
              cancelled++;
              cancelledMessage ??= state.error ?? "The run was cancelled.";
            } else failed++;
            const error = stored.error ?? { code: state.status, message: state.error ?? state.status };
            yield { type: "config-error", ...base, runId: run.id, error: state.status === "cancelled" ? { code: "cancelled", message: error.message } : error };
          }
        }
        const stillOpen = runs.filter((run) => !seen.get(run.id)!.ended);
        if (stillOpen.length === 0) break;
        if (!anyStarted) {
          const queued = await retryWhileUnavailable(() => queuePosition(stillOpen[0].id), { what: "following a comparison", signal: options.signal });
          if (queued && queued.position !== position) {
            position = queued.position;
            yield { type: "queued", position, limit: options.limit };
          }
        }
        yield null;
      }
      // cancelled with nothing finished: the comparison as a whole was stopped. Otherwise it ends `done` with its rows,
      // and says how many configurations were cancelled (one cancelled run must not turn fifteen rows into an error)
      if (cancelledMessage && rows === 0) {
        yield { type: "error", error: { code: "cancelled", message: cancelledMessage } };
        return;
      }
      if (comparison.aggregate) yield { type: "aggregate", rows: aggregateRows(rowsByConfig) };
      yield { type: "done", rows, failed, ...(cancelled > 0 ? { cancelled } : {}) };
    },
  });
}

/**
 * The request a comparison was stored from, for a page that follows it again: null for a sweep (its page asks for
 * axes, not configurations: see sweepSetupOf) and for a comparison stored before configurations kept their strategy
 * and overrides.
 */
function setupOf(comparison: StoredComparison): CompareSetup | null {
  if (comparison.kind === "sweep") return null;
  const options = CompareOptionsSchema.omit({ apiKey: true, openaiApiKey: true }).safeParse(comparison.options);
  if (!options.success) return null;
  const configs = [];
  for (const config of [...comparison.configs].sort((a, b) => a.index - b.index)) {
    if (config.strategy === undefined) return null;
    const summarizer = CompareConfigSchema.pick({ summarizer: true, model: true, baseUrl: true }).safeParse({ summarizer: config.summarizer, model: config.model, baseUrl: config.baseUrl });
    configs.push({ strategy: config.strategy, settings: config.overrides ?? {}, ...(config.requestedLabel ? { label: config.requestedLabel } : {}), ...(summarizer.success ? stripUndefined(summarizer.data) : {}) });
  }
  return { sessionIds: comparison.sessionIds, configs, options: options.data };
}

/** A sweep's request, for a sweep page that follows it again (its form and its heatmap's axes); null otherwise. */
function sweepSetupOf(comparison: StoredComparison): SweepSetup | null {
  if (comparison.kind !== "sweep" || !comparison.sweep) return null;
  const options = CompareOptionsSchema.omit({ apiKey: true, openaiApiKey: true }).safeParse(comparison.options);
  return options.success ? { ...comparison.sweep, options: options.data } : null;
}

function stripUndefined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
