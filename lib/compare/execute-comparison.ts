import { UpstreamError } from "../api/errors";
import type { CompareOptions, CompareRow, CompareStreamLine } from "../api/compare-schemas";
import type { UserProbe } from "../api/compare-schemas";
import { extractProbes } from "../engine/evaluate/extract-probes";
import type { Session } from "../engine/model";
import { replaySession } from "../engine/simulate/replay-session";
import { noneStrategy } from "../engine/strategies/none";
import { JudgeRetentionError } from "../llm/judge-retention-error";
import { resolveReplayEstimator } from "../runs/resolve-estimator";
import { RunCancelledError } from "../runs/run-registry";
import { finishRun } from "../store/runs";
import { aggregateRows } from "./aggregate-rows";
import type { PlannedConfig } from "./plan-comparison";
import { replayConfig } from "./replay-config";

/** Progress lines go out at most this often over the whole comparison (ten a second). */
export const COMPARE_PROGRESS_INTERVAL_MS = 100;

/** A session of a comparison, loaded and with one stored `running` run per configuration (`runIds[configIndex]`). */
export interface ComparisonSession {
  id: string;
  session: Session;
  userProbes: readonly UserProbe[];
  /** model calls of the session */
  totalSteps: number;
  window: number;
  runIds: string[];
}

export interface ExecuteComparisonOptions {
  sessions: readonly ComparisonSession[];
  configs: readonly PlannedConfig[];
  compare: CompareOptions;
  judgeApiKey?: string;
  aggregate: boolean;
  signal: AbortSignal;
  emit: (line: CompareStreamLine) => void;
}

/**
 * Runs the configurations one after another, session by session — never side by side, so a comparison takes one
 * core — yielding to the event loop before each configuration and each summary. Per session, once: the
 * estimator (count-tokens counts the session here), the probes (the user's included) and the `none` replay the
 * rows' `tokensSavedVsNone` is measured against. A configuration that fails is stored `failed` and reported as a
 * `config-error`; the others go on. A session whose preparation fails (count_tokens down) fails all its
 * configurations. When the signal fires, every run not yet ended is stored `cancelled`. Never rejects.
 */
export async function executeComparison(options: ExecuteComparisonOptions): Promise<void> {
  const { sessions, configs, compare, signal, emit } = options;
  emit({ type: "started", configs: configs.length, sessions: sessions.length, totalSteps: sessions.reduce((sum, entry) => sum + entry.totalSteps * configs.length, 0) });
  const rowsByConfig: CompareRow[][] = configs.map(() => []);
  const ended = new Set<string>();
  let failed = 0;
  let lastProgressAt = -Infinity;

  const fail = async (entry: ComparisonSession, config: PlannedConfig, error: unknown) => {
    const runId = entry.runIds[config.index];
    ended.add(runId);
    failed++;
    const reported = reportedError(error);
    if (reported.code === "internal") console.error(`[compare] run ${runId} (${config.label}) failed:`, error);
    await finishRun(runId, { status: "failed", error: reported.message, result: null, figures: null }).catch((storeError: unknown) => console.error(`[compare] run ${runId} could not be stored:`, storeError));
    emit({ type: "config-error", index: config.index, sessionId: entry.id, runId, error: reported });
  };

  try {
    for (const entry of sessions) {
      if (signal.aborted) break;
      let prepared: Awaited<ReturnType<typeof prepareSession>>;
      try {
        prepared = await prepareSession({ entry, compare, signal });
      } catch (error) {
        if (signal.aborted) break;
        for (const config of configs) await fail(entry, config, error);
        continue;
      }
      for (const config of configs) {
        await new Promise((resolve) => setImmediate(resolve));
        if (signal.aborted) break;
        const runId = entry.runIds[config.index];
        emit({ type: "config-started", index: config.index, label: config.label, sessionId: entry.id, runId });
        try {
          const { row, curve } = await replayConfig({
            runId,
            sessionId: entry.id,
            session: entry.session,
            config,
            compare,
            window: entry.window,
            ...prepared,
            judgeApiKey: options.judgeApiKey,
            signal,
            onStep: (step) => {
              const now = performance.now();
              if (now - lastProgressAt < COMPARE_PROGRESS_INTERVAL_MS) return;
              lastProgressAt = now;
              emit({ type: "progress", index: config.index, sessionId: entry.id, step: step + 1, totalSteps: entry.totalSteps });
            },
          });
          ended.add(runId);
          rowsByConfig[config.index].push(row);
          emit({ type: "row", index: config.index, sessionId: entry.id, runId, row, curve, ...(config.cell ? { cell: config.cell } : {}) });
        } catch (error) {
          if (signal.aborted) break;
          await fail(entry, config, error);
        }
      }
    }
  } catch (error) {
    // only the stream's own bookkeeping can get here (fail() catches its store errors); end the stream cleanly
    console.error("[compare] the comparison failed:", error);
    await cancelUnfinished({ sessions, configs, ended, reason: "The comparison failed on the server; the error was logged.", status: "failed", emit });
    emit({ type: "error", error: { code: "internal", message: "The comparison failed on the server; the error was logged." } });
    return;
  }

  if (signal.aborted) {
    const reason = signal.reason instanceof RunCancelledError ? signal.reason.message : "The run was cancelled.";
    await cancelUnfinished({ sessions, configs, ended, reason, status: "cancelled", emit });
    emit({ type: "error", error: { code: "cancelled", message: reason } });
    return;
  }
  if (options.aggregate) emit({ type: "aggregate", rows: aggregateRows(rowsByConfig) });
  const rows = rowsByConfig.reduce((sum, rows) => sum + rows.length, 0);
  emit({ type: "done", rows, failed });
}

/** What every configuration of a session shares: the estimator, the probes and the `none` replay. */
async function prepareSession(options: { entry: ComparisonSession; compare: CompareOptions; signal: AbortSignal }) {
  const { entry, compare, signal } = options;
  const estimator = await resolveReplayEstimator({ estimator: compare.estimator, session: entry.session, apiKey: compare.apiKey, model: compare.model, signal });
  const probes = extractProbes(entry.session, { userProbes: entry.userProbes });
  await new Promise((resolve) => setImmediate(resolve));
  signal.throwIfAborted();
  const baseline = await replaySession({ session: entry.session, strategy: noneStrategy, window: entry.window, outputReserve: compare.outputReserve, estimator, signal });
  return { estimator, probes, baseline };
}

/** Stores every run not yet ended as `status` and reports each as a `config-error`. */
async function cancelUnfinished(options: {
  sessions: readonly ComparisonSession[];
  configs: readonly PlannedConfig[];
  ended: Set<string>;
  reason: string;
  status: "cancelled" | "failed";
  emit: (line: CompareStreamLine) => void;
}): Promise<void> {
  for (const entry of options.sessions) {
    for (const config of options.configs) {
      const runId = entry.runIds[config.index];
      if (options.ended.has(runId)) continue;
      options.ended.add(runId);
      await finishRun(runId, { status: options.status, error: options.reason, result: null, figures: null }).catch((error: unknown) => console.error(`[compare] run ${runId} could not be stored:`, error));
      options.emit({ type: "config-error", index: config.index, sessionId: entry.id, runId, error: { code: options.status, message: options.reason } });
    }
  }
}

/** What a client may read of a configuration's failure: the scrubbed upstream messages, else a generic line. */
function reportedError(error: unknown): { code: string; message: string } {
  if (error instanceof UpstreamError) return { code: error.code, message: error.message };
  if (error instanceof JudgeRetentionError) return { code: "judge_failed", message: error.message };
  return { code: "internal", message: "The configuration failed on the server; the error was logged." };
}
