import { z } from "zod";
import type { Prisma } from "../generated/prisma/client";
import { db } from "./db";
import { readEnv, type RawEnv } from "../env/read-env";

/**
 * The queue state of runs (issue #11): a run is a job. It is written `queued`, a worker claims it (`running`, its
 * heartbeat every {@link HEARTBEAT_INTERVAL_MS}), writes its live progress for followers on any instance, and ends it
 * with one conditional write (lib/store/runs.ts finishRun). Everything here is a database write or read: no
 * correctness lives in a process.
 */

/** Times a run may be claimed (the first claim and the retries after its worker was presumed dead). */
export const MAX_RUN_ATTEMPTS = 3;

/**
 * A running run whose heartbeat is older than this has lost its worker: another worker may claim it, and the
 * recovery sweep re-queues it. `LAB_STALE_HEARTBEAT_MS` overrides it (the team tests shorten it); it must stay well
 * above the heartbeat interval.
 */
export function staleHeartbeatMs(env?: RawEnv): number {
  return readEnv(env).LAB_STALE_HEARTBEAT_MS;
}

/** Live progress of a run, as followers read it (GET /api/runs/:id/stream, the comparison streams). */
export const RunProgressSchema = z.object({
  step: z.number().int(),
  totalSteps: z.number().int(),
  /** events seen so far (the stored list keeps the last {@link PROGRESS_EVENTS_KEPT}) */
  eventCount: z.number().int().default(0),
  events: z.array(z.record(z.string(), z.unknown())).default([]),
});
export type RunProgress = z.infer<typeof RunProgressSchema>;

/** Events a progress row keeps (without summaries: the log never shows them). */
export const PROGRESS_EVENTS_KEPT = 200;

/**
 * Claims a run for `workerId`: a `queued` run, or a `running` one whose heartbeat is stale (its worker died) and
 * that was not pinned to the process holding its key. One conditional write, so of two workers exactly one wins.
 * Returns the attempt number, or null when the run is not claimable (ended, cancelled, or alive elsewhere).
 */
export async function claimRun(runId: string, workerId: string, at?: Date): Promise<{ attempt: number } | null> {
  const prisma = await db();
  // the claim's heartbeat is taken as late as possible: one taken before a wait for the client would make the run
  // look stale the moment it is claimed
  const now = at ?? new Date();
  const staleBefore = new Date(now.getTime() - staleHeartbeatMs());
  const { count } = await prisma.run.updateMany({
    where: {
      id: runId,
      OR: [{ status: "queued" }, { status: "running", heartbeatAt: { lt: staleBefore }, NOT: { claimedBy: { startsWith: "pinned:" } } }],
    },
    data: { status: "running", claimedBy: workerId, heartbeatAt: now, attempts: { increment: 1 } },
  });
  if (count === 0) return null;
  const row = await prisma.run.findUnique({ where: { id: runId }, select: { attempts: true } });
  return { attempt: row?.attempts ?? 1 };
}

/** Queued runs, oldest first (the embedded worker takes them in this order). */
export async function nextQueuedRuns(limit: number): Promise<string[]> {
  const prisma = await db();
  const rows = await prisma.run.findMany({ where: { status: "queued" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: limit, select: { id: true } });
  return rows.map((row) => row.id);
}

/** Writes a run's live progress (a few times a second at most, by its worker). */
export async function writeRunProgress(runId: string, progress: RunProgress): Promise<void> {
  const prisma = await db();
  await prisma.run.updateMany({ where: { id: runId, status: "running" }, data: { progress: progress as unknown as Prisma.InputJsonValue } });
}

/** What a follower polls: status, progress and (comparison runs) the stored row. Null when the run is gone. */
export async function readRunState(runIds: readonly string[]): Promise<Map<string, RunState>> {
  const prisma = await db();
  const rows = await prisma.run.findMany({
    where: { id: { in: [...runIds] } },
    select: { id: true, status: true, progress: true, row: true, error: true, createdAt: true, claimedBy: true },
  });
  return new Map(
    rows.map((row) => {
      const progress = row.progress === null ? null : RunProgressSchema.safeParse(row.progress);
      return [row.id, { id: row.id, status: row.status, error: row.error, claimedBy: row.claimedBy, createdAt: row.createdAt, progress: progress?.success ? progress.data : null, row: row.row }];
    }),
  );
}

export interface RunState {
  id: string;
  status: string;
  error: string | null;
  claimedBy: string | null;
  createdAt: Date;
  progress: RunProgress | null;
  row: unknown;
}

/** 1-based position of a queued run among all queued runs (oldest first), and how many run now; null once it left the queue. */
export async function queuePosition(runId: string): Promise<{ position: number; running: number } | null> {
  const prisma = await db();
  const run = await prisma.run.findUnique({ where: { id: runId }, select: { status: true, createdAt: true } });
  if (!run || run.status !== "queued") return null;
  const [ahead, running] = await Promise.all([
    prisma.run.count({ where: { status: "queued", createdAt: { lt: run.createdAt } } }),
    prisma.run.count({ where: { status: "running" } }),
  ]);
  return { position: ahead + 1, running };
}

/** What a run is stored with when its key came with the request and its process stopped. */
export const PINNED_RUN_LOST_ERROR = "The server stopped before the run finished; its API key came with the request and is not stored, so it cannot be resumed — re-run it.";

/**
 * Recovers runs whose worker died (heartbeat older than {@link staleHeartbeatMs}): re-queued while they have
 * attempts left (a run writes its result in its final update only, so nothing is half-written), else `failed`
 * with the reason; a run pinned to the process that held its per-request key is `interrupted` (it cannot resume).
 * Returns the re-queued ids (a PostgreSQL queue sends them again).
 */
export async function recoverStaleRuns(now = new Date()): Promise<{ requeued: string[]; interrupted: number; failed: number }> {
  const prisma = await db();
  const staleBefore = new Date(now.getTime() - staleHeartbeatMs());
  const stale = await prisma.run.findMany({
    where: { status: "running", OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: staleBefore } }] },
    select: { id: true, attempts: true, claimedBy: true },
  });
  const requeued: string[] = [];
  let interrupted = 0;
  let failed = 0;
  for (const run of stale) {
    const where = { id: run.id, status: "running", OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: staleBefore } }] };
    if (run.claimedBy?.startsWith("pinned:")) {
      const { count } = await prisma.run.updateMany({ where, data: { status: "interrupted", error: PINNED_RUN_LOST_ERROR, finishedAt: now } });
      interrupted += count;
    } else if (run.attempts >= MAX_RUN_ATTEMPTS) {
      const error = `The run's worker stopped ${run.attempts} times before it finished (last: ${run.claimedBy ?? "unknown"}); it was not retried again.`;
      const { count } = await prisma.run.updateMany({ where, data: { status: "failed", error, finishedAt: now } });
      failed += count;
    } else {
      // `claimedBy` keeps the last claimer until the next claim (a worker that was only slow may still end it)
      const { count } = await prisma.run.updateMany({ where, data: { status: "queued" } });
      if (count > 0) requeued.push(run.id);
    }
  }
  return { requeued, interrupted, failed };
}

/** How many runs each worker claimed last, among `runIds` (the team tests print it). */
export async function runsByWorker(runIds: readonly string[]): Promise<Record<string, number>> {
  const prisma = await db();
  const rows = await prisma.run.findMany({ where: { id: { in: [...runIds] } }, select: { claimedBy: true } });
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.claimedBy ?? "none"] = (counts[row.claimedBy ?? "none"] ?? 0) + 1;
  return counts;
}

/** What a worker needs to replay a run: its stored request (never a key) and, for a comparison's run, where it belongs. */
export interface RunJob {
  id: string;
  sessionId: string;
  strategyId: string;
  settings: Record<string, unknown>;
  options: Record<string, unknown>;
  comparisonId: string | null;
  configIndex: number | null;
}

/** The run's job definition; null when the run is gone (its session was deleted). */
export async function getRunJob(runId: string): Promise<RunJob | null> {
  const prisma = await db();
  const row = await prisma.run.findUnique({
    where: { id: runId },
    select: { id: true, sessionId: true, strategyId: true, settings: true, options: true, comparisonId: true, configIndex: true },
  });
  if (!row) return null;
  return {
    ...row,
    settings: z.record(z.string(), z.unknown()).parse(row.settings),
    options: z.record(z.string(), z.unknown()).parse(row.options),
  };
}

/** A run's status; null when it is gone. */
export async function runStatus(runId: string): Promise<string | null> {
  const prisma = await db();
  const row = await prisma.run.findUnique({ where: { id: runId }, select: { status: true } });
  return row?.status ?? null;
}

/** Runs still `queued` that were created before `before` (a queue that lost them sends them again; claims make that harmless). */
export async function staleQueuedRuns(before: Date, limit = 500): Promise<string[]> {
  const prisma = await db();
  const rows = await prisma.run.findMany({ where: { status: "queued", createdAt: { lt: before } }, orderBy: { createdAt: "asc" }, take: limit, select: { id: true } });
  return rows.map((row) => row.id);
}

/** How many runs are `queued`. */
export async function countQueuedRuns(): Promise<number> {
  const prisma = await db();
  return prisma.run.count({ where: { status: "queued" } });
}
