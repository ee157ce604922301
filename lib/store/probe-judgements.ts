import { NotFoundError } from "../api/contracts/errors";
import {
  JudgedProbesResultSchema,
  JudgementProgressSchema,
  type JudgedProbesResult,
  type Judgement,
  type JudgementProgress,
  type JudgementStatus,
} from "../api/contracts/judged-probes-schemas";
import type { Prisma } from "../generated/prisma/client";
import { db } from "./db";
import { staleHeartbeatMs } from "./run-jobs";

/** Statuses a judgement never leaves. */
const ENDED: readonly JudgementStatus[] = ["done", "failed", "cancelled", "interrupted"];
const OPEN = ["queued", "running"];

/** Said of a judgement whose instance stopped while it was queued or running. */
export const INTERRUPTED_JUDGEMENT_ERROR = "The server judging it stopped before it finished; nothing was stored. Start it again.";

export function isJudgementEnded(status: string): boolean {
  return (ENDED as readonly string[]).includes(status);
}

type Row = {
  id: string;
  runId: string;
  status: string;
  plan: unknown;
  progress: unknown;
  error: string | null;
  errorCode: string | null;
  heartbeatAt: Date | null;
  createdAt: Date;
  finishedAt: Date | null;
};
const SELECT = { id: true, runId: true, status: true, plan: true, progress: true, error: true, errorCode: true, heartbeatAt: true, createdAt: true, finishedAt: true } as const;

function present(row: Row): Judgement {
  const progress = JudgementProgressSchema.safeParse(row.progress);
  const total = typeof (row.plan as { calls?: unknown })?.calls === "number" ? (row.plan as { calls: number }).calls : 0;
  return {
    id: row.id,
    runId: row.runId,
    status: row.status as JudgementStatus,
    total,
    progress: progress.success ? progress.data : null,
    error: row.error === null ? null : { code: row.errorCode ?? row.status, message: row.error },
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Stores a confirmed judgement `queued`, claimed by `claimedBy` (the instance that will judge it: its key, if any,
 * never leaves that process) with a first heartbeat. `request` must hold no key. Throws `not_found:run`.
 */
export async function createJudgement(input: { runId: string; request: object; plan: { calls: number } & object; claimedBy: string }): Promise<Judgement> {
  const prisma = await db();
  if (!(await prisma.run.findUnique({ where: { id: input.runId }, select: { id: true } }))) throw new NotFoundError("run", input.runId);
  const row = await prisma.probeJudgement.create({
    data: { runId: input.runId, status: "queued", request: input.request as Prisma.InputJsonValue, plan: input.plan as Prisma.InputJsonValue, claimedBy: input.claimedBy, heartbeatAt: new Date() },
    select: SELECT,
  });
  return present(row);
}

/** queued → running; false when it is no longer queued (cancelled while it waited, or interrupted). */
export async function startJudgement(id: string): Promise<boolean> {
  const prisma = await db();
  const { count } = await prisma.probeJudgement.updateMany({ where: { id, status: "queued" }, data: { status: "running", heartbeatAt: new Date() } });
  return count === 1;
}

/** Records the progress after a model call (followers on any instance read it). */
export async function writeJudgementProgress(id: string, progress: JudgementProgress): Promise<void> {
  const prisma = await db();
  await prisma.probeJudgement.updateMany({ where: { id, status: "running" }, data: { progress: progress as unknown as Prisma.InputJsonValue } });
}

/**
 * Ends an open judgement with ONE conditional write: `done` stores the grades on the run in the same transaction
 * (replacing the earlier ones only now that the new ones are complete); `failed`, `cancelled` store nothing on the
 * run. False when it had already ended (a second end is refused). A cancel recorded before a `done` wins.
 */
export async function finishJudgement(id: string, end: { status: "done"; judged: JudgedProbesResult } | { status: "failed" | "cancelled"; error: string; errorCode: string }): Promise<boolean> {
  const prisma = await db();
  const finishedAt = new Date();
  if (end.status !== "done") {
    const { count } = await prisma.probeJudgement.updateMany({ where: { id, status: { in: OPEN } }, data: { status: end.status, error: end.error, errorCode: end.errorCode, finishedAt } });
    return count === 1;
  }
  const judged = JudgedProbesResultSchema.parse(end.judged) as unknown as Prisma.InputJsonValue;
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.probeJudgement.updateMany({ where: { id, status: "running", cancelRequestedAt: null }, data: { status: "done", finishedAt } });
    if (count === 0) return false;
    const row = await tx.probeJudgement.findUniqueOrThrow({ where: { id }, select: { runId: true } });
    await tx.run.updateMany({ where: { id: row.runId }, data: { judgedProbes: judged } });
    return true;
  });
}

/**
 * Cancels a judgement: a queued one ends `cancelled` at once; a running one gets its cancel flag, which the instance
 * judging it polls (it aborts the model call in flight). An ended one is left as it is. Throws `not_found:judgement`.
 */
export async function requestJudgementCancel(id: string): Promise<Judgement> {
  const prisma = await db();
  const now = new Date();
  await prisma.probeJudgement.updateMany({ where: { id, status: "queued" }, data: { status: "cancelled", error: "Cancelled before it started; nothing was stored.", errorCode: "cancelled", cancelRequestedAt: now, finishedAt: now } });
  await prisma.probeJudgement.updateMany({ where: { id, status: "running", cancelRequestedAt: null }, data: { cancelRequestedAt: now } });
  return getJudgement(id);
}

/** A sign of life for an open judgement from the main thread (when the heartbeat thread cannot write it). */
export async function heartbeatJudgement(id: string): Promise<void> {
  const prisma = await db();
  await prisma.probeJudgement.updateMany({ where: { id, status: { in: OPEN } }, data: { heartbeatAt: new Date() } });
}

/** Whether a cancel was recorded for the judgement. */
export async function judgementCancelRequested(id: string): Promise<boolean> {
  const prisma = await db();
  const row = await prisma.probeJudgement.findUnique({ where: { id }, select: { cancelRequestedAt: true } });
  return row?.cancelRequestedAt != null;
}

/**
 * A judgement as stored. One still open whose heartbeat is older than LAB_STALE_HEARTBEAT_MS lost its instance (and
 * with it any key it held): it is ended `interrupted` here, by whoever reads it first — one conditional write.
 * Throws `not_found:judgement`.
 */
export async function getJudgement(id: string): Promise<Judgement> {
  const prisma = await db();
  const row = await prisma.probeJudgement.findUnique({ where: { id }, select: SELECT });
  if (!row) throw new NotFoundError("judgement", id);
  return present(await interruptIfStale(row));
}

/** The run's latest judgement (the panel follows it again after a reload), or null. */
export async function latestJudgementOfRun(runId: string): Promise<Judgement | null> {
  const prisma = await db();
  const row = await prisma.probeJudgement.findFirst({ where: { runId }, orderBy: { createdAt: "desc" }, select: SELECT });
  return row ? present(await interruptIfStale(row)) : null;
}

async function interruptIfStale(row: Row): Promise<Row> {
  if (!OPEN.includes(row.status)) return row;
  const staleBefore = new Date(Date.now() - staleHeartbeatMs());
  if (row.heartbeatAt !== null && row.heartbeatAt >= staleBefore) return row;
  const prisma = await db();
  await prisma.probeJudgement.updateMany({
    where: { id: row.id, status: { in: OPEN }, OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: staleBefore } }] },
    data: { status: "interrupted", error: INTERRUPTED_JUDGEMENT_ERROR, errorCode: "interrupted", finishedAt: new Date() },
  });
  return prisma.probeJudgement.findUniqueOrThrow({ where: { id: row.id }, select: SELECT });
}
