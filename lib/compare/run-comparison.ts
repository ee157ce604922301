import { BadRequestError } from "../api/errors";
import type { CompareOptions, CompareStreamLine } from "../api/compare-schemas";
import { classifyMessages } from "../engine/simulate/classify-messages";
import { resolveWindow } from "../engine/simulate/resolve-window";
import { checkReplayEstimator } from "../runs/resolve-estimator";
import { cancellableRunStream } from "../runs/cancellable-run-stream";
import { loadSessionCached } from "../runs/session-cache";
import { createRun } from "../store/runs";
import { listUserProbes } from "../store/user-probes";
import { executeComparison, type ComparisonSession } from "./execute-comparison";
import { planComparison, type ComparisonConfigInput } from "./plan-comparison";

export interface RunComparisonOptions {
  /** one session (compare, sweep) or several (multi); each id at most once */
  sessionIds: readonly string[];
  configs: readonly ComparisonConfigInput[];
  compare: CompareOptions;
  /** send an `aggregate` line (mean and worst per configuration over the sessions) before `done` */
  aggregate?: boolean;
  /** the request's: the client going away cancels the comparison */
  signal?: AbortSignal;
}

/**
 * Starts a comparison and returns its NDJSON stream of {@link CompareStreamLine}s: `started`, then per session and
 * configuration `config-started`, `progress` (at most ten a second), and `row` or `config-error`, then `aggregate`
 * (when asked) and `done` — or, when cancelled, a `config-error` (code `cancelled`) for every configuration that
 * had not finished and one final `error` line (code `cancelled`).
 *
 * Everything that can be refused is checked before any row is stored, and throws: a bad configuration (400 naming
 * `configs.<i>…`, see planComparison), an unknown estimator or a key-less count-tokens / anthropic / judge request
 * (400 `missing_api_key`), an unknown session (404 naming its id). Then every (session, configuration) is stored as
 * an ordinary `running` run — the playground opens it at /sessions/<id>?run=<runId> — and each ends `done` with the
 * figures a single run stores, `failed`, or `cancelled`. The comparison stops when `signal` fires, when the stream
 * is cancelled, or when any of its runs is cancelled through POST /api/runs/:id/cancel (they share one
 * controller); runs it had not finished are stored `cancelled`. Per-request keys live only in closures.
 */
export async function runComparison(options: RunComparisonOptions): Promise<ReadableStream<Uint8Array>> {
  const { compare } = options;
  const configs = planComparison({ configs: options.configs, compare });
  checkReplayEstimator({ estimator: compare.estimator, apiKey: compare.apiKey });
  const judgeApiKey = compare.judge ? (compare.apiKey ?? process.env.ANTHROPIC_API_KEY) : undefined;
  if (compare.judge && !judgeApiKey) {
    throw new BadRequestError("missing_api_key", "The LLM-judged retention asks a model: set ANTHROPIC_API_KEY on the server or pass apiKey with the comparison.", "judge");
  }
  const sessionIds = [...new Set(options.sessionIds)];
  const loaded = [];
  for (const id of sessionIds) {
    const session = await loadSessionCached(id);
    const userProbes = await listUserProbes(id);
    const totalSteps = classifyMessages(session).filter((kind) => kind === "call").length;
    loaded.push({ id, session, userProbes, totalSteps, window: resolveWindow(compare.window, session.meta.contextWindow) });
  }

  const sessions: ComparisonSession[] = [];
  for (const entry of loaded) {
    const runIds: string[] = [];
    for (const config of configs) {
      const run = await createRun({
        sessionId: entry.id,
        strategyId: config.strategy.id,
        settings: config.settings,
        options: {
          window: entry.window,
          outputReserve: compare.outputReserve,
          estimator: compare.estimator,
          summarizer: compare.summarizer,
          model: config.summarizer.model,
          instructions: null,
          compactAtStep: null,
          promptOverrides: config.summarizer.promptOverrides,
        },
      });
      runIds.push(run.id);
    }
    sessions.push({ ...entry, runIds });
  }

  return cancellableRunStream<CompareStreamLine>({
    runIds: sessions.flatMap((session) => session.runIds),
    signal: options.signal,
    work: ({ emit, signal }) => executeComparison({ sessions, configs, compare, judgeApiKey, aggregate: options.aggregate ?? false, signal, emit }),
  });
}
