import { BadRequestError, NotFoundError, UpstreamError } from "../api/contracts/errors";
import { externalSends } from "../api/contracts/external-sends";
import type { JudgedProbesPlan, JudgedProbesRequest, JudgedProbesResult } from "../api/contracts/judged-probes-schemas";
import { readEnv } from "../env/read-env";
import { DEFAULT_SUMMARY_MODEL } from "../llm/anthropic-summarizer";
import { JudgeRetentionError } from "../llm/judge-retention-error";
import { judgedProbePoints, type JudgedProbePoint } from "../llm/judged-probe-points";
import { estimateJudgedProbes } from "../llm/judged-probes-plan";
import { OPENAI_DEFAULT_BASE_URL, OpenAIEndpointError, resolveOpenAIEndpoint } from "../llm/openai-endpoint";
import { getRun } from "../store/runs";
import { assertMaySend } from "./assert-may-send";
import { DEFAULT_OPENAI_SUMMARY_MODEL } from "./build-summarizer";
import { loadSessionCached } from "./session-cache";

interface Prepared {
  runId: string;
  points: JudgedProbePoint[];
  compactionsInRun: number;
  models: { question: string; answer: string; judge: string };
  plan: JudgedProbesPlan;
}

/**
 * What judging a run's probes would send and cost, checked like a start but calling nothing: 404 `not_found:run`;
 * 400 `no_result` (a run still going, failed or cancelled), `no_compactions` (nothing was cut, so nothing to ask
 * about), `missing_api_key` / `missing_model` / `endpoint_not_allowed` for the judge's endpoint, and
 * `secrets_unredacted` for a session with unredacted credentials unless `allowSecrets`.
 */
export async function planRunJudgedProbes(options: { runId: string; request: JudgedProbesRequest; trustedBaseUrl?: boolean }): Promise<JudgedProbesPlan> {
  return (await prepare(options)).plan;
}

/** A judgement checked and confirmed: what it will ask about, with which models, at what cost. */
export type PreparedJudgement = Prepared;

/**
 * Checks a judgement like its plan and refuses it without `confirm: true` (400 `confirm_required`, with the plan's
 * calls and cost in the message): the caller shows the plan first. Calls nothing.
 */
export async function prepareJudgedProbes(options: { runId: string; request: JudgedProbesRequest; trustedBaseUrl?: boolean }): Promise<PreparedJudgement> {
  const prepared = await prepare(options);
  if (options.request.confirm !== true) {
    const dollars = prepared.plan.dollars === null ? "an unknown cost" : `about $${prepared.plan.dollars.toFixed(4)}`;
    throw new BadRequestError("confirm_required", `Judging ${prepared.points.length} compaction${prepared.points.length === 1 ? "" : "s"} makes ${prepared.plan.calls} model calls for ${dollars}: send confirm: true to start.`, "confirm");
  }
  return prepared;
}

/**
 * Judges a prepared run's probes (see `judgeProbes`): three calls per compaction, one after another, each under the
 * judge's time limit and at most the plan's `maxRequests` requests in all; `onProgress` after each call; `signal`
 * aborts the call in flight. Stores nothing (the judgement job stores the grades as it ends). A failing call
 * rejects with 502 `judge_<code>` (`judge_timeout`, `judge_server_error`, `judge_malformed_answer`, …).
 */
export async function judgePreparedProbes(options: {
  prepared: PreparedJudgement;
  request: JudgedProbesRequest;
  trustedBaseUrl?: boolean;
  /** each call's time limit (default the judge's, DEFAULT_SUMMARY_TIMEOUT_MS) */
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (progress: { calls: number; total: number; step: number; role: "question" | "answer" | "grade" }) => void;
}): Promise<JudgedProbesResult> {
  const { prepared, request } = options;
  const { judgeProbes } = await import("../llm/judged-probes");
  let judged;
  try {
    judged = await judgeProbes({
      provider: request.provider,
      apiKey: request.apiKey,
      baseURL: request.baseUrl,
      trustedBaseUrl: options.trustedBaseUrl,
      maxRetries: request.maxRetries,
      timeoutMs: options.timeoutMs,
      points: prepared.points,
      questions: request.questionsPerCompaction,
      models: prepared.models,
      signal: options.signal,
      onProgress: options.onProgress,
    });
  } catch (error) {
    if (error instanceof JudgeRetentionError) throw new UpstreamError(`judge_${error.code}`, `Judged probes failed, nothing was stored: ${error.message.replace(/^retention judge: /, "")}`);
    throw error;
  }
  return { ...judged, estimatedDollars: prepared.plan.dollars, judgedAt: new Date().toISOString() };
}

async function prepare(options: { runId: string; request: JudgedProbesRequest; trustedBaseUrl?: boolean }): Promise<Prepared> {
  const { request } = options;
  const run = await getRun(options.runId);
  if (!run.result) throw new BadRequestError("no_result", `Run ${run.id} is ${run.status}: it has no stored result to judge.`);
  const models = resolveModels(request, options.trustedBaseUrl);
  const session = await loadSessionCached(run.sessionId).catch((error: unknown) => {
    throw error instanceof NotFoundError ? new NotFoundError("run", options.runId, `The session of run ${options.runId} is gone.`) : error;
  });
  const { points, compactionsInRun } = judgedProbePoints({ session, result: run.result, max: request.maxCompactions });
  if (points.length === 0) throw new BadRequestError("no_compactions", `Run ${run.id} never compacted or trimmed its context: there is nothing lost to ask about.`);
  await assertMaySend({ sessionIds: [run.sessionId], request: { summarizer: "extractive", judge: true, allowSecrets: request.allowSecrets } });
  const estimate = estimateJudgedProbes({ points, questions: request.questionsPerCompaction, models, maxRetries: request.maxRetries });
  return {
    runId: run.id,
    points,
    compactionsInRun,
    models,
    plan: {
      runId: run.id,
      provider: request.provider,
      steps: points.map((point) => point.step),
      compactionsInRun,
      questionsPerCompaction: request.questionsPerCompaction,
      ...estimate,
      sends: externalSends({ summarizer: "extractive", judge: true }),
    },
  };
}

/** The three roles' models; the writer and the answerer default to the judge's. Checks the key and endpoint (400s). */
function resolveModels(request: JudgedProbesRequest, trustedBaseUrl?: boolean): Prepared["models"] {
  let judge: string | undefined = request.judgeModel;
  if (request.provider === "openai") {
    let baseURL: string;
    try {
      baseURL = resolveOpenAIEndpoint({ baseUrl: request.baseUrl, apiKey: request.apiKey, trusted: trustedBaseUrl }).baseURL;
    } catch (error) {
      if (!(error instanceof OpenAIEndpointError)) throw error;
      throw new BadRequestError(error.code, `The judge: ${error.message}.`, error.code === "missing_api_key" ? "apiKey" : "baseUrl");
    }
    judge ??= baseURL === OPENAI_DEFAULT_BASE_URL ? DEFAULT_OPENAI_SUMMARY_MODEL : undefined;
    if (!judge) throw new BadRequestError("missing_model", `The judge needs a model for ${baseURL}: set judgeModel.`, "judgeModel");
  } else {
    if (!(request.apiKey ?? readEnv().ANTHROPIC_API_KEY)) throw new BadRequestError("missing_api_key", "Judged probes ask a model: set ANTHROPIC_API_KEY on the server or pass apiKey.", "apiKey");
    judge ??= DEFAULT_SUMMARY_MODEL;
  }
  return { question: request.questionModel ?? judge, answer: request.answerModel ?? judge, judge };
}
