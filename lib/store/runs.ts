import { z } from "zod";
import { NotFoundError } from "../api/errors";
import { db } from "./db";

/** A run's lifecycle. Strings in the database (SQLite has no enums); validated when read back. */
export const RUN_STATUSES = ["queued", "running", "done", "failed"] as const;
export const RunStatusSchema = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** A compaction run as the API returns it: plain data, dates as ISO strings; `result` is left to the runs API. */
export const RunSummarySchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  strategyId: z.string(),
  settings: z.record(z.string(), z.unknown()),
  options: z.record(z.string(), z.unknown()),
  status: RunStatusSchema,
  error: z.string().nullable(),
  tokensBefore: z.number().int().nullable(),
  tokensAfter: z.number().int().nullable(),
  compactions: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

/** The runs of a session, newest first. Throws NotFoundError (`not_found:session`) for an unknown session. */
export async function listRuns(sessionId: string): Promise<{ runs: RunSummary[] }> {
  const prisma = await db();
  const session = await prisma.session.findUnique({ where: { id: sessionId }, select: { id: true } });
  if (!session) throw new NotFoundError("session", sessionId);
  const rows = await prisma.run.findMany({
    where: { sessionId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    omit: { result: true },
  });
  return {
    runs: rows.map((row) => {
      const parsed = RunSummarySchema.safeParse({
        ...row,
        createdAt: row.createdAt.toISOString(),
        finishedAt: row.finishedAt?.toISOString() ?? null,
      });
      // a stored row that does not fit is a corrupted database (a logged 500), not a bad request (a ZodError → 400)
      if (!parsed.success) throw new Error(`Stored run ${row.id} is invalid: ${z.prettifyError(parsed.error)}`);
      return parsed.data;
    }),
  };
}
