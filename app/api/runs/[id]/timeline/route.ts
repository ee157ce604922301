import { handle } from "@/lib/http/route";
import { presentRunDetail } from "@/lib/present/present-run";
import { slimRunResult } from "@/lib/runs/slim-run-result";
import { getRun } from "@/lib/store/runs";

type Context = { params: Promise<{ id: string }> };

/**
 * GET /api/runs/:id/timeline → 200 RunDetail as GET /api/runs/:id, with summaries cut to 12,000 characters
 * (a compaction-end then carries `summaryChars`, the full length): what the playground's timeline and chart
 * draw, a fraction of a long run's size. 404 `not_found:run`.
 */
export const GET = handle(async (_request: Request, { params }: Context) => {
  const run = await getRun((await params).id);
  return presentRunDetail({ ...run, result: run.result === null ? null : slimRunResult(run.result) });
});
