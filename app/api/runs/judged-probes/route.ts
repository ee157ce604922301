import { z } from "zod";
import { handle } from "@/lib/http/route";
import { readJudgedProbesOfRuns } from "@/lib/store/run-judged-probes";

/** A comparison's runs at most per request (a sweep's grid is well under it). */
const MAX_IDS = 500;
const QuerySchema = z.object({ ids: z.string().max(MAX_IDS * 40).transform((value) => value.split(",").map((id) => id.trim()).filter(Boolean)).pipe(z.array(z.string().max(64)).max(MAX_IDS)) });

/**
 * GET /api/runs/judged-probes?ids=a,b,c → 200 `{ byRunId: { [id]: { overall, byDimension, compactions, judge } } }`:
 * the judged-probes figures of those runs that have them (the compare table's optional column); unknown or unjudged
 * runs are left out. 400 for more than 500 ids.
 */
export const GET = handle(async (request: Request) => {
  const { ids } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const judged = await readJudgedProbesOfRuns(ids);
  return {
    byRunId: Object.fromEntries(Object.entries(judged).map(([id, entry]) => [id, { overall: entry.overall, byDimension: entry.byDimension, compactions: entry.points.length, judge: entry.models.judge }])),
  };
});
