import { z } from "zod";
import { NotFoundError } from "../api/errors";
import { RunSummarySchema, type RunStatus, type RunSummary } from "../api/run-schemas";
import type { ReplayResult } from "../engine/simulate/replay-result";
import type { Prisma } from "../generated/prisma/client";
import { databaseUrl, db } from "./db";

/** What a run was asked to do (RunSummary.options): never a key. */
export type RunOptions = RunSummary["options"];

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
});
export type RunFigures = z.infer<typeof RunFiguresSchema>;

/**
 * The `options` JSON column: the run's options, and — once it ended — the figures that have no column of their
 * own (prunes, fallbacks, summarizer usage, cost). Kept in JSON rather than new columns so the two providers'
 * schemas stay as they are; they are written once, with the final status.
 */
const StoredOptionsSchema = RunSummarySchema.shape.options.extend({
  figures: RunFiguresSchema.pick({ prunes: true, fallbacks: true, summarizerFailures: true, summarizerUsage: true, estimatedCostUsd: true }).nullable().default(null),
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

const SUMMARY_SELECT = {
  id: true,
  sessionId: true,
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

/** Inserts a run as `running`. The caller has checked that the session exists. */
export async function createRun(input: { sessionId: string; strategyId: string; settings: object; options: RunOptions }): Promise<RunSummary> {
  const prisma = await db();
  const row = await prisma.run.create({
    data: {
      sessionId: input.sessionId,
      strategyId: input.strategyId,
      settings: toJson(input.settings),
      options: toJson({ ...input.options, figures: null }),
      status: "running",
      heartbeatAt: new Date(),
    },
    select: SUMMARY_SELECT,
  });
  return toRunSummary(row);
}

/**
 * Ends a running run: status, error, result and figures in ONE update, so a run is either `running` or fully
 * ended. A run that already ended is left alone (returns null): the first end wins.
 */
export async function finishRun(
  id: string,
  end: { status: Exclude<RunStatus, "running">; error: string | null; result: ReplayResult | null; figures: RunFigures | null },
): Promise<RunSummary | null> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const row = await tx.run.findUnique({ where: { id }, select: { status: true, options: true } });
    if (!row || row.status !== "running") return null;
    const options = parseStored(StoredOptionsSchema, row.options, id);
    const { tokensBefore = null, tokensAfter = null, compactions = 0, ...rest } = end.figures ?? {};
    const updated = await tx.run.update({
      where: { id },
      data: {
        status: end.status,
        error: end.error,
        result: end.result === null ? undefined : toJson(end.result),
        tokensBefore,
        tokensAfter,
        compactions,
        options: toJson({ ...options, figures: end.figures ? rest : null }),
        finishedAt: new Date(),
      },
      select: SUMMARY_SELECT,
    });
    return toRunSummary(updated);
  });
}

/** A run's summary. Throws NotFoundError (`not_found:run`). */
export async function getRunSummary(id: string): Promise<RunSummary> {
  const prisma = await db();
  const row = await prisma.run.findUnique({ where: { id }, select: SUMMARY_SELECT });
  if (!row) throw new NotFoundError("run", id);
  return toRunSummary(row);
}

/**
 * Records a cancel request for a running run, for whichever server instance replays it (it polls
 * {@link cancelRequestedAmong}). True when the run was running; a run that already ended is left as it is.
 */
export async function requestRunCancel(id: string): Promise<boolean> {
  const prisma = await db();
  const { count } = await prisma.run.updateMany({ where: { id, status: "running" }, data: { cancelRequestedAt: new Date() } });
  return count > 0;
}

/** Records a sign of life for the running runs among `ids` (the instance replaying them, every {@link HEARTBEAT_MS} ms). */
export async function heartbeatRuns(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const prisma = await db();
  await prisma.run.updateMany({ where: { id: { in: [...ids] }, status: "running" }, data: { heartbeatAt: new Date() } });
}

/** How often the instance replaying a run writes its heartbeat. */
export const HEARTBEAT_MS = 2_000;

/** A running run whose last heartbeat is older than this has lost its instance. */
export const STALE_HEARTBEAT_MS = 30_000;

/** Which of `ids` have a cancel request recorded (one indexed read; polled by the instance replaying them). */
export async function cancelRequestedAmong(ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const prisma = await db();
  const rows = await prisma.run.findMany({ where: { id: { in: [...ids] }, cancelRequestedAt: { not: null } }, select: { id: true } });
  return rows.map((row) => row.id);
}

/** What a run left `running` by a server process that is gone is stored with. */
export const STALE_RUN_ERROR = "The server stopped before the run finished.";

/** When this process started (runs replay in the process that created them; see lib/runs/run-registry.ts). */
export const PROCESS_STARTED_AT = new Date(Date.now() - process.uptime() * 1_000);

/**
 * Ends runs a dead server left behind: every run still `running` that was created before `startedAt` (default
 * this process's start) and whose heartbeat is older than {@link STALE_HEARTBEAT_MS} (or missing) is stored
 * `interrupted` with {@link STALE_RUN_ERROR} (the run history offers to re-run it). A run replays only in the process that created it, which writes its
 * heartbeat every {@link HEARTBEAT_MS} ms; so a second server instance started on the same database leaves the
 * first one's live runs alone. Returns how many runs it ended.
 */
export async function failStaleRuns(startedAt: Date = PROCESS_STARTED_AT): Promise<number> {
  const prisma = await db();
  const { count } = await prisma.run.updateMany({
    where: {
      status: "running",
      createdAt: { lt: startedAt },
      OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: new Date(Date.now() - STALE_HEARTBEAT_MS) } }],
    },
    data: { status: "interrupted", error: STALE_RUN_ERROR, finishedAt: new Date() },
  });
  return count;
}

const staleSweepByUrl = new Map<string, Promise<number>>();

/**
 * {@link failStaleRuns} once per process and database, lazily: on the first read of a run history or a run, so
 * neither ever shows a run as `running` forever. A failed sweep is retried by the next read.
 */
function failStaleRunsOnce(): Promise<number> {
  const url = databaseUrl();
  let sweep = staleSweepByUrl.get(url);
  if (!sweep) {
    sweep = failStaleRuns();
    staleSweepByUrl.set(url, sweep);
    sweep.catch(() => staleSweepByUrl.delete(url));
  }
  return sweep;
}

/** A run with its replay result (null unless the replay finished: `done`, `degraded`, or `failed` because its summarizer failed and the strategy had no fallback) and its session's basics. Throws `not_found:run`. */
export async function getRun(id: string): Promise<RunSummary & { result: ReplayResult | null; session: { id: string; title: string; format: string; messageCount: number } }> {
  await failStaleRunsOnce();
  const prisma = await db();
  const row = await prisma.run.findUnique({
    where: { id },
    select: { ...SUMMARY_SELECT, result: true, session: { select: { id: true, title: true, format: true, messageCount: true } } },
  });
  if (!row) throw new NotFoundError("run", id);
  const result = row.result === null ? null : (parseStored(StoredResultSchema, row.result, id) as unknown as ReplayResult);
  return { ...toRunSummary(row), result, session: row.session };
}

/** The runs of a session, newest first (runs a dead server left `running` are failed first, see failStaleRuns). Throws NotFoundError (`not_found:session`) for an unknown session. */
export async function listRuns(sessionId: string): Promise<{ runs: RunSummary[] }> {
  await failStaleRunsOnce();
  const prisma = await db();
  const session = await prisma.session.findUnique({ where: { id: sessionId }, select: { id: true } });
  if (!session) throw new NotFoundError("session", sessionId);
  const rows = await prisma.run.findMany({ where: { sessionId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: SUMMARY_SELECT });
  return { runs: rows.map(toRunSummary) };
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
    select: { messageCount: true, estimatedTokens: true, toolCallCount: true, recordedCompactionCount: true, format: true, pick: true },
  });
  if (!row) throw new NotFoundError("session", sessionId);
  return [row.format, row.pick, row.messageCount, row.estimatedTokens, row.toolCallCount, row.recordedCompactionCount].join(":");
}

function toRunSummary(row: SummaryRow): RunSummary {
  const { figures, ...options } = parseStored(StoredOptionsSchema, row.options, row.id);
  return parseStored(RunSummarySchema, {
    ...row,
    options,
    prunes: figures?.prunes ?? 0,
    fallbacks: figures?.fallbacks ?? 0,
    summarizerFailures: figures?.summarizerFailures ?? 0,
    summarizerUsage: figures?.summarizerUsage ?? null,
    estimatedCostUsd: figures?.estimatedCostUsd ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }, row.id);
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
