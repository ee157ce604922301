import { readJsonBody } from "@/lib/http/read-json-body";
import { handle } from "@/lib/http/route";
import { JudgedProbesRequestSchema } from "@/lib/api/contracts/judged-probes-schemas";
import { planRunJudgedProbes } from "@/lib/runs/judge-run-probes";

type Context = { params: Promise<{ id: string }> };

/**
 * POST /api/runs/:id/judged-probes/plan JudgedProbesRequest → 200 JudgedProbesPlan: the compactions to judge, the
 * model calls and their estimated cost, before anything is sent. The same 400s as a start (no key, no compaction,
 * unredacted secrets, …); calls no model.
 */
export const POST = handle(async (request: Request, { params }: Context) => planRunJudgedProbes({ runId: (await params).id, request: JudgedProbesRequestSchema.parse(await readJsonBody(request)) }));
