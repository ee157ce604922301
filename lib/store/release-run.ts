import { db } from "./db";

/**
 * Gives a run back to the queue (`queued`, its claim's attempt not counted) when `workerId` could not go on for a
 * reason that is not the run's — the database went away under it. A run another worker claimed or that ended
 * meanwhile is left alone. True when it was released.
 */
export async function releaseRun(runId: string, workerId: string): Promise<boolean> {
  const prisma = await db();
  const { count } = await prisma.run.updateMany({
    where: { id: runId, status: "running", claimedBy: workerId, attempts: { gt: 0 } },
    data: { status: "queued", attempts: { decrement: 1 } },
  });
  return count > 0;
}
