import type { CompactionPreviewView, PreviewPrunedPart, PreviewRequest } from "../api/contracts/run-schemas";
import { BadRequestError } from "../api/contracts/errors";
import { renderMarkedPart } from "../engine/prune/render-marked-part";
import { planCompaction } from "../engine/simulate/plan-compaction";
import { findStrategy } from "../engine/strategies";
import { createEstimator } from "../engine/tokens/create-estimator";
import { runSessionCache } from "./price-run";
import { offlineEstimatorId } from "./resolve-estimator";
import { loadSessionCached } from "./session-cache";

/**
 * The instant preview of a compaction (no LLM): the stored session replayed up to `atStep` (default: after the
 * last message), then the strategy forced to compact there (or, `mode: "as-configured"`, left to decide as its settings say) — tokens before → after, the first kept message,
 * the parts pruned at that step and the extractive summary standing in for the real one. `events` are the forced
 * decision's, preceded by any prune the strategy made earlier in the same step (its marks are in `pruned`, and
 * what it protected belongs in the preview's protected list as much as the compaction's). The canonical session comes
 * from the in-memory cache, so a preview costs one row read plus the replay. Throws 400 for an unknown
 * strategy or a bad setting (naming it), 404 for an unknown session. The preview never calls the network: for the
 * count-tokens estimator it estimates with chars/4 (that estimator's own fallback).
 */
export async function previewCompaction(options: { sessionId: string; request: PreviewRequest }): Promise<CompactionPreviewView> {
  const { request } = options;
  const strategy = findStrategy(request.strategy);
  if (!strategy) throw new BadRequestError("unknown_strategy", `Unknown strategy ${JSON.stringify(request.strategy)}.`, "strategy");
  const session = await loadSessionCached(options.sessionId);
  const estimatorId = offlineEstimatorId(request.estimator);
  const preview = planCompaction({
    session,
    strategy,
    settings: request.settings,
    window: request.window,
    outputReserve: request.outputReserve,
    estimator: estimatorId,
    atStep: request.atStep,
    mode: request.mode ?? "forced",
    // planned for the cache the run being set up will be priced under, as the run itself plans (executeRun)
    sessionCache: runSessionCache(session, request),
  });
  const totalSteps = preview.replay.steps.length;
  const atStep = Math.min(request.atStep ?? totalSteps, totalSteps);
  const seqById = new Map(session.messages.map((message, index) => [message.id, index]));
  const estimator = createEstimator(estimatorId);
  const pruned: PreviewPrunedPart[] = [];
  for (const record of preview.replay.marks) {
    if (record.mark.step !== atStep) continue;
    const seq = seqById.get(record.messageId);
    const part = seq === undefined ? undefined : session.messages[seq].parts[record.partIndex];
    if (seq === undefined || !part) continue;
    const tokensFreed = estimator.partTokens(part) - estimator.partTokens(renderMarkedPart(part, record.mark));
    pruned.push({ messageId: record.messageId, seq, partIndex: record.partIndex, kind: record.mark.kind, tokensFreed });
  }
  // a prune the strategy made earlier in this step (at an `after-*` point, before the forced decision) made
  // some of the marks listed as pruned: its event, with what it protected, goes with them
  const forced = new Set(preview.events);
  const stepPrunes = preview.replay.events.filter((event) => event.type === "prune" && event.step === atStep && !forced.has(event));
  const firstKeptSeq = preview.firstKeptMessageId === null ? undefined : seqById.get(preview.firstKeptMessageId);
  const plan = preview.plan as { reason: string; budget: number; summaries: readonly unknown[] } | null;
  return {
    strategyId: strategy.id,
    atStep,
    totalSteps,
    tokensBefore: preview.tokensBefore,
    tokensAfter: preview.tokensAfter,
    firstKept: preview.firstKeptMessageId !== null && firstKeptSeq !== undefined ? { messageId: preview.firstKeptMessageId, seq: firstKeptSeq } : null,
    pruned,
    events: [...stepPrunes, ...preview.events],
    summaryPreview: preview.summaryPreview,
    plan: plan ? { reason: plan.reason, budget: plan.budget, summaries: plan.summaries.length } : null,
    messagesAfter: preview.replay.final.messages,
    mode: preview.mode,
    compacted: preview.compacted,
    autoTrigger: preview.autoTrigger,
  };
}
