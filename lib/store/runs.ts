import { z } from "zod";
import { ContinuationRecallSummarySchema } from "../api/contracts/continuation-recall-summary";
import { NotFoundError } from "../api/contracts/errors";
import type { ReplayResult } from "../engine/simulate/replay-result";
import type { Prisma } from "../generated/prisma/client";
import { databaseUrl, db, providerOf } from "./db";
import { writeRunResult } from "./write-run-result";
import { packRunResult } from "./pack-run-result";
import { unpackRunResult } from "./unpack-run-result";
import { RunCostSchema } from "../api/contracts/cost-schemas";
import { retryWhileUnavailable } from "./retry-while-unavailable";
import { RunOptionsSchema, RunStatusSchema, type RunDetailRecord, type RunOptionsInput, type RunRecord, type RunStatus } from "./run-record";
import { readEnv, type RawEnv } from "../env/read-env";

export { RUN_STATUSES, type RunDetailRecord, type RunOptions, type RunRecord, type RunStatus } from "./run-record";

/** The figures a finished run reports beside the Run columns (tokensBefore, tokensAfter, compactions). */
export const RunFiguresSchema = z.object({
  tokensBefore: z.number().int().nullable(),
  tokensAfter: z.number().int().nullable(),
  compactions: z.number().int(),
  prunes: z.number().int(),
  fallbacks: z.number().int(),
  /** summarizer calls that failed (0 in runs stored before it was counted) */
  summarizerFailures: z.number().int().default(0),
  summarizerUsage: z.object({ input: z.number().int(), output: z.number().int() }).nullable(),
  estimatedCostUsd: z.number().nullable(),
  /** continuation recall (null in runs stored before it was scored) */
  continuationRecall: ContinuationRecallSummarySchema.nullable().default(null),
  /** dollars with and without the prompt cache (null: unknown price, or a run stored before them) */
  cost: RunCostSchema.nullable().default(null),
});
export type RunFigures = z.infer<typeof RunFiguresSchema>;

/**
 * The `options` JSON column: the run's options, and — once it ended — the figures that have no column of their
 * own (prunes, fallbacks, summarizer usage, cost). Kept in JSON rather than new columns so the two providers'
 * schemas stay as they are; they are written once, with the final status.
 */
const StoredOptionsSchema = RunOptionsSchema.extend({
  figures: RunFiguresSchema.pick({ prunes: true, fallbacks: true, summarizerFailures: true, summarizerUsage: true, estimatedCostUsd: true, continuationRecall: true, cost: true }).nullable().default(null),
  /** why an ended run failed, when more specific than its status (`count_tokens_failed`, `summarizer_circuit_open`) */
  errorCode: z.string().nullable().default(null),
});

/**
 * The parts of a stored ReplayResult the API relies on. The rest is the engine's own plain data, written by
 * this server from a ReplayResult; it is checked for shape, not re-validated field by field.
 */
const StoredResultSchema = z.looseObject({
  strategyId: z.string(),
  steps: z.array(z.looseObject({ step: z.number(), contextTokens: z.number(), epoch: z.number(), length: z.number() })),
  events: z.array(z.looseObject({ type: z.string(), step: z.number() })),
  epochs: z.array(z.looseObject({ step: z.number(), entries: z.array(z.unknown()) })),
  marks: z.array(z.unknown()),
  final: z.looseObject({ epoch: z.number(), length: z.number(), contextTokens: z.number() }),
});

/** A run's strategy settings: resolved against its strategy before the run was stored, so only their shape is checked here. */
const SettingsSchema = z.record(z.string(), z.unknown());

const SUMMARY_SELECT = {
  id: true,
  sessionId: true,
  comparisonId: true,
  strategyId: true,
  settings: true,
  options: true,
  status: true,
  error: true,
  tokensBefore: true,
  tokensAfter: true,
  compactions: true,
  createdAt: true,
  finishedAt: true,
} as const;
type SummaryRow = Prisma.RunGetPayload<{ select: typeof SUMMARY_SELECT }>;

/**
 * Inserts a run. `queued` (the default) is a job for any worker (lib/jobs); `running` is a run this process replays
 * itself at once (a per-request key it may not store: see lib/jobs/submit.ts), claimed by `claimedBy`. The caller has
 * checked that the session exists. A comparison's run names its comparison and configuration index.
 */
export async function createRun(input: {
  sessionId: string;
  strategyId: string;
  settings: object;
  options: RunOptionsInput;
  status?: "queued" | "running";
  claimedBy?: string;
  comparisonId?: string;
  configIndex?: number;
}): Promise<RunRecord> {
  const prisma = await db();
  const status = input.status ?? "queued";
  const row = await prisma.run.create({
    data: {
      sessionId: input.sessionId,
      strategyId: input.strategyId,
      settings: toJson(input.settings),
      options: toJson({ ...RunOptionsSchema.parse(input.options), figures: null }),
      status,
      heartbeatAt: new Date(),
      attempts: status === "running" ? 1 : 0,
      claimedBy: status === "running" ? (input.claimedBy ?? null) : null,
      comparisonId: input.comparisonId ?? null,
      configIndex: input.configIndex ?? null,
    },
    select: SUMMARY_SELECT,
  });
  return toRunRecord(row);
}

/**
 * Ends a queued or running run: status, error, result, figures and (a comparison's run) its compare row in ONE
 * update, so a run is either unfinished or fully ended. A run that already ended is left alone (returns null): the
 * first end wins — which makes a job's result written exactly once, however many workers replayed it (a retry
 * after a worker was presumed dead, see lib/jobs).
 */
export async function finishRun(id: string, end: RunEnd): Promise<RunRecord | null> {
  // a database restart while a run ends must not lose its result: the conditional write is safe to try again
  return retryWhileUnavailable(() => finishRunOnce(id, end), { what: `ending run ${id}` });
}

type RunEnd = { status: Exclude<RunStatus, "running" | "queued">; error: string | null; result: ReplayResult | null; figures: RunFigures | null; row?: unknown; errorCode?: string | null };

/** What a run whose cancel was requested before its final write ends with, whatever its replay came to. */
export const CANCELLED_BEFORE_END_ERROR = "The run was cancelled (cancel requested).";

/** How long a run's end may wait for a connection, and take (the result's write included). */
const FINISH_TRANSACTION_BOUNDS = { maxWait: 10_000, timeout: 120_000 };

async function finishRunOnce(id: string, asked: RunEnd): Promise<RunRecord | null> {
  const prisma = await db();
  const row = await prisma.run.findUnique({ where: { id }, select: { status: true, options: true, cancelRequestedAt: true } });
  if (!row || (row.status !== "running" && row.status !== "queued")) return null;
  // a cancel recorded before the end is written wins: the run ends `cancelled`, even if its replay just finished
  // (the worker reads the flag every CANCEL_POLL_MS, 100 ms; this closes the gap between its last read and this write)
  const overruled = row.cancelRequestedAt !== null && asked.status !== "cancelled" && asked.status !== "interrupted";
  const end: RunEnd = overruled
    ? { status: "cancelled", error: CANCELLED_BEFORE_END_ERROR, result: null, figures: null, errorCode: "cancelled", ...(asked.row === undefined ? {} : { row: { error: { code: "cancelled", message: CANCELLED_BEFORE_END_ERROR } } }) }
    : asked;
  const options = parseStored(StoredOptionsSchema, row.options, id);
  const { tokensBefore = null, tokensAfter = null, compactions = 0, ...rest } = end.figures ?? {};
  // one conditional write: of two workers ending the same run at once, exactly one matches; an end other than
  // `cancelled` only while no cancel is recorded (one landing meanwhile: read again, and it wins)
  // the result (megabytes) goes in as one string, in the same transaction: readers see all of the end or none of it.
  // Serialized before the transaction opens; the transaction's own bound is generous (a pathological run's result is
  // tens of megabytes, and PostgreSQL parses it into jsonb inside the transaction, on a machine that may be loaded)
  const provider = providerOf(databaseUrl());
  // each summary's text stored once (packRunResult): a run of hundreds of compactions was tens of megabytes of repeats
  const resultJson = end.result === null ? null : JSON.stringify(packRunResult(end.result));
  const count = await prisma.$transaction(async (tx) => {
    const { count } = await tx.run.updateMany({
      where: { id, status: { in: ["queued", "running"] }, ...(end.status === "cancelled" || end.status === "interrupted" ? {} : { cancelRequestedAt: null }) },
      data: {
        status: end.status,
        error: end.error,
        tokensBefore,
        tokensAfter,
        compactions,
        options: toJson({ ...options, figures: end.figures ? rest : null, errorCode: end.errorCode ?? null }),
        row: end.row === undefined ? undefined : toJson(end.row),
        finishedAt: new Date(),
      },
    });
    if (count > 0 && resultJson !== null) await writeRunResult(tx, provider, id, resultJson);
    return count;
  }, FINISH_TRANSACTION_BOUNDS);
  if (count === 0) return end === asked && end.status !== "cancelled" && end.status !== "interrupted" ? finishRunOnce(id, asked) : null;
  return getRunRecord(id);
}

/** A run's summary and, once it ended, its error code (see finishRun). Throws NotFoundError (`not_found:run`). */
export async function getRunEnd(id: string): Promise<{ run: RunRecord; errorCode: string | null }> {
  const prisma = await db();
  const row = await prisma.run.findUnique({ where: { id }, select: SUMMARY_SELECT });
  if (!row) throw new NotFoundError("run", id);
  return { run: toRunRecord(row), errorCode: parseStored(StoredOptionsSchema, row.options, id).errorCode };
}

/** A run without its result. Throws NotFoundError (`not_found:run`). */
export async function getRunRecord(id: string): Promise<RunRecord> {
  const prisma = await db();
  const row = await prisma.run.findUnique({ where: { id }, select: SUMMARY_SELECT });
  if (!row) throw new NotFoundError("run", id);
  return toRunRecord(row);
}

/**
 * Records a cancel request for a running run, for whichever server instance replays it (it polls
 * {@link cancelRequestedAmong}). True when the run was running; a run that already ended is left as it is.
 */
export async function requestRunCancel(id: string): Promise<boolean> {
  const prisma = await db();
  const now = new Date();
  // a job no worker has claimed yet ends here and now; a claimed one is stopped by its worker (the flag)
  const queued = await prisma.run.updateMany({
    where: { id, status: "queued" },
    data: { status: "cancelled", error: "The run was cancelled (cancel requested) before a worker started it.", cancelRequestedAt: now, finishedAt: now },
  });
  if (queued.count > 0) return true;
  const { count } = await prisma.run.updateMany({ where: { id, status: "running" }, data: { cancelRequestedAt: now } });
  return count > 0;
}

/**
 * Records a sign of life for the running runs among `ids`, through this process's Prisma client: the fallback for
 * when the heartbeat thread (lib/jobs/heartbeat-thread.ts, which writes the same column on a connection of its own)
 * cannot run.
 */
export async function heartbeatRuns(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const prisma = await db();
  await prisma.run.updateMany({ where: { id: { in: [...ids] }, status: "running" }, data: { heartbeatAt: new Date() } });
}

/**
 * How often the worker replaying a run writes its heartbeat: LAB_HEARTBEAT_MS, default 2 s (see lib/store/run-jobs.ts
 * for when it is stale; keep it well under LAB_STALE_HEARTBEAT_MS).
 */
export function heartbeatIntervalMs(env?: RawEnv): number {
  return readEnv(env).LAB_HEARTBEAT_MS;
}

/** Which of `ids` have a cancel request recorded (one indexed read; polled by the instance replaying them). */
export async function cancelRequestedAmong(ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const prisma = await db();
  const rows = await prisma.run.findMany({ where: { id: { in: [...ids] }, cancelRequestedAt: { not: null } }, select: { id: true } });
  return rows.map((row) => row.id);
}

/** What a run left `running` by a server process that is gone was stored with before runs became jobs (older rows keep it). */
export const STALE_RUN_ERROR = "The server stopped before the run finished.";

/** A run with its replay result (null unless the replay finished: `done`, `degraded`, or `failed` because its summarizer failed and the strategy had no fallback) and its session's basics. Throws `not_found:run`. */
export async function getRun(id: string): Promise<RunDetailRecord> {
  const prisma = await db();
  const row = await prisma.run.findUnique({
    where: { id },
    select: { ...SUMMARY_SELECT, result: true, session: { select: { id: true, title: true, format: true, messageCount: true } } },
  });
  if (!row) throw new NotFoundError("run", id);
  const result = row.result === null ? null : (unpackStored(parseStored(StoredResultSchema, row.result, id), id) as unknown as ReplayResult);
  return { ...toRunRecord(row), result, session: row.session };
}

/** The runs of a session, newest first (a run whose worker died is recovered by the workers' sweep, lib/store/run-jobs.ts). Throws NotFoundError (`not_found:session`) for an unknown session. */
export async function listRuns(sessionId: string): Promise<RunRecord[]> {
  const prisma = await db();
  const session = await prisma.session.findUnique({ where: { id: sessionId }, select: { id: true } });
  if (!session) throw new NotFoundError("session", sessionId);
  const rows = await prisma.run.findMany({ where: { sessionId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: SUMMARY_SELECT });
  return rows.map(toRunRecord);
}

/** Deletes a run. Throws NotFoundError (`not_found:run`). */
export async function deleteRun(id: string): Promise<void> {
  const prisma = await db();
  const { count } = await prisma.run.deleteMany({ where: { id } });
  if (count === 0) throw new NotFoundError("run", id);
}

/**
 * A cheap fingerprint of a stored session's content (one indexed row read), so an in-memory copy of the
 * canonical session can be reused until a re-import changes it. Throws `not_found:session`.
 */
export async function sessionFingerprint(sessionId: string): Promise<string> {
  const prisma = await db();
  const row = await prisma.session.findUnique({
    where: { id: sessionId },
    select: { messageCount: true, estimatedTokens: true, toolCallCount: true, recordedCompactionCount: true, format: true, pick: true, secretCount: true, redactedAt: true, customTitle: true },
  });
  if (!row) throw new NotFoundError("session", sessionId);
  // a redaction may keep every count: its time (and the findings left) tell a cached session from the redacted one
  // …and a rename keeps every count too: the user's title is part of what a cached detail shows
  return [row.format, row.pick, row.messageCount, row.estimatedTokens, row.toolCallCount, row.recordedCompactionCount, row.secretCount, row.redactedAt?.getTime() ?? "", JSON.stringify(row.customTitle)].join(":");
}

/** A row as a plain RunRecord: its status, settings and options JSON checked (see {@link parseStored}). */
function toRunRecord(row: SummaryRow): RunRecord {
  const { figures, errorCode: _errorCode, ...options } = parseStored(StoredOptionsSchema, row.options, row.id);
  return {
    id: row.id,
    sessionId: row.sessionId,
    comparisonId: row.comparisonId,
    strategyId: row.strategyId,
    settings: parseStored(SettingsSchema, row.settings, row.id),
    options,
    status: parseStored(RunStatusSchema, row.status, row.id),
    error: row.error,
    tokensBefore: row.tokensBefore,
    tokensAfter: row.tokensAfter,
    compactions: row.compactions,
    prunes: figures?.prunes ?? 0,
    fallbacks: figures?.fallbacks ?? 0,
    summarizerFailures: figures?.summarizerFailures ?? 0,
    summarizerUsage: figures?.summarizerUsage ?? null,
    estimatedCostUsd: figures?.estimatedCostUsd ?? null,
    continuationRecall: figures?.continuationRecall ?? null,
    cost: figures?.cost ?? null,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

/** A stored result as the ReplayResult it was packed from (unpackRunResult); one that does not unpack is a corrupted row. */
function unpackStored(stored: Record<string, unknown>, runId: string): Record<string, unknown> {
  try {
    return unpackRunResult(stored);
  } catch (error) {
    throw new Error(`Stored run ${runId} is invalid: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A stored value that does not fit is a corrupted database (a logged 500), not a bad request (a ZodError → 400). */
function parseStored<T extends z.ZodType>(schema: T, value: unknown, runId: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`Stored run ${runId} is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

function toJson(value: unknown): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;
}
