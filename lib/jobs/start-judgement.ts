import type { JudgedProbesRequest, Judgement } from "../api/contracts/judged-probes-schemas";
import { prepareJudgedProbes } from "../runs/judge-run-probes";
import { createJudgement } from "../store/probe-judgements";
import { pinnedWorkerId } from "./run-pinned";
import { runJudgement } from "./run-judgement";

/**
 * Starts judging a run's probes as a job (issue #38, item 7) and answers at once with the stored judgement
 * (`queued`). Everything that can be refused is checked before the row is written and throws: the plan's 400s and
 * 404, and `confirm_required` without `confirm: true`. The judgement is then judged in this process (the key, when
 * the request brought one, is never stored, so no other instance could use it) in one of its run slots, its
 * progress and end written to its row: follow it with GET /api/judgements/:id/stream from any instance, cancel it
 * with POST /api/judgements/:id/cancel. It ends `interrupted` if this process stops before it finishes.
 */
export async function startJudgement(options: { runId: string; request: JudgedProbesRequest; trustedBaseUrl?: boolean; timeoutMs?: number }): Promise<Judgement> {
  const prepared = await prepareJudgedProbes(options);
  const { apiKey: _key, ...storable } = options.request;
  void _key;
  const judgement = await createJudgement({ runId: prepared.runId, request: { ...storable, confirm: true }, plan: prepared.plan, claimedBy: pinnedWorkerId() });
  runJudgement({ judgementId: judgement.id, prepared, request: options.request, trustedBaseUrl: options.trustedBaseUrl, timeoutMs: options.timeoutMs });
  return judgement;
}
