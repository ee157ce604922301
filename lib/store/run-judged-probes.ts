import { NotFoundError } from "../api/contracts/errors";
import { JudgedProbesResultSchema, type JudgedProbesResult } from "../api/contracts/judged-probes-schemas";
import { db } from "./db";

/**
 * A run's stored judged probes, read back through their schema (stored JSON is a trust boundary); null when the run
 * was never judged. Throws `not_found:run`. A stored value that no longer parses is reported as absent rather
 * than breaking the run's page (it is overwritten by the next judgement).
 */
export async function readRunJudgedProbes(runId: string): Promise<JudgedProbesResult | null> {
  const prisma = await db();
  const row = await prisma.run.findUnique({ where: { id: runId }, select: { judgedProbes: true } });
  if (!row) throw new NotFoundError("run", runId);
  if (row.judgedProbes === null) return null;
  const parsed = JudgedProbesResultSchema.safeParse(row.judgedProbes);
  return parsed.success ? parsed.data : null;
}

/** The judged probes of many runs at once (the compare table's optional column), by run id; unjudged runs left out. */
export async function readJudgedProbesOfRuns(runIds: readonly string[]): Promise<Record<string, JudgedProbesResult>> {
  if (runIds.length === 0) return {};
  const prisma = await db();
  const rows = await prisma.run.findMany({ where: { id: { in: [...runIds] } }, select: { id: true, judgedProbes: true } });
  const byId: Record<string, JudgedProbesResult> = {};
  for (const row of rows) {
    if (row.judgedProbes === null) continue;
    const parsed = JudgedProbesResultSchema.safeParse(row.judgedProbes);
    if (parsed.success) byId[row.id] = parsed.data;
  }
  return byId;
}
