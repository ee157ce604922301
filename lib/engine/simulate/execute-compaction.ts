import type { AnyStrategy, CompactionDetails, CompactionPlan, LayoutItem, TriggerPoint } from "../strategies/strategy";
import type { SummarizeRequest, SummarizeResult } from "../summarize/summarizer";
import { shapeSummaryInput } from "../summarize/shape-summary-input";
import { messageTokensWith, type Estimator } from "../tokens/estimator";
import type { Message } from "../model";
import { fillSummaries, type LiveContext } from "./live-context";
import type { ReplayEvent } from "./replay-events";
import { resolveProtection, resolveSplitTurn } from "./resolve-protection";

/** What the replay's driver answers to a summarize request. */
export type SummaryOutcome = { ok: true; result: SummarizeResult } | { ok: false; error: string };

/**
 * What an executed compaction leaves for the next one: the summary it reports (null for a trim or a failed
 * summary) and the structured details now in force (the plan's, its fallback's when the fallback applied, or
 * null when it changed nothing the next compaction should build on).
 */
export interface CompactionOutcome {
  summary: string | null;
  details: CompactionDetails | null;
}

export interface ExecuteCompactionOptions {
  plan: CompactionPlan;
  live: LiveContext;
  strategy: AnyStrategy;
  settings: object;
  estimator: Estimator;
  step: number;
  point: TriggerPoint;
  emit: (event: ReplayEvent) => void;
}

/**
 * Executes a compaction plan: asks the driver for each summary (the only place a summarizer is reached, by
 * yielding the request), checks the summaries with the strategy, then applies the layout — or the plan's
 * fallback layout, or nothing, when a summary fails or is rejected. Returns the summary text on success and the
 * details now in force.
 *
 * A plan without summaries is a trim and reports a `trim` event instead of compaction start / end.
 */
export function* executeCompaction(options: ExecuteCompactionOptions): Generator<SummarizeRequest, CompactionOutcome, SummaryOutcome> {
  const { plan, live, step, emit } = options;
  const tokensBefore = live.tokens;
  const messagesBefore = live.length;
  const firstKeptMessageId = firstKeptIdOf(live, plan.layout);
  // positions name the context before the layout is applied
  const protectedRegions = resolveProtection(live, plan.protected);
  const protection = protectedRegions.length > 0 ? { protected: protectedRegions } : {};
  const splitTurn = resolveSplitTurn(live, plan.splitTurn);

  if (plan.summaries.length === 0) {
    live.applyLayout({ layout: plan.layout, summaries: [], step });
    const fits = live.tokens <= plan.budget;
    emit({
      type: "trim",
      step,
      point: options.point,
      reason: plan.reason,
      tokensBefore,
      tokensAfter: live.tokens,
      messagesDropped: messagesBefore - live.length,
      firstKeptMessageId,
      budget: plan.budget,
      fits,
      ...protection,
      ...(plan.details ? { details: plan.details } : {}),
    });
    if (!fits) reportOverBudget(options);
    return { summary: null, details: plan.details ?? null };
  }

  const messagesToSummarize = plan.summaries.reduce(
    (count, summary) => count + summary.ranges.reduce((sum, range) => sum + range.to - range.from, 0),
    0,
  );
  emit({ type: "compaction-start", step, point: options.point, reason: plan.reason, tokensBefore, messagesToSummarize, budget: plan.budget });

  const texts: string[] = [];
  const opaqueTokens: (number | undefined)[] = [];
  const opaqueExpected = new Set(plan.layout.flatMap((item) => (item.kind === "synthetic" && item.opaqueSummary !== undefined ? [item.opaqueSummary] : [])));
  const usage = { input: 0, output: 0 };
  let failure: string | null = null;
  for (const [index, summary] of plan.summaries.entries()) {
    const earlier = (from: number) => {
      if (!Number.isInteger(from) || from < 0 || from >= index) throw new RangeError(`summary ${index} cannot build on summary ${from}`);
      return texts[from];
    };
    const messages = [
      ...(summary.summariesAsMessages ?? []).map((from) => partialSummaryMessage(earlier(from), from)),
      ...shapeSummaryInput({ ranges: summary.ranges, rendered: (position) => live.rendered(position), shaping: summary.input }),
    ];
    const previous = summary.previousSummaryFrom === undefined ? {} : { previousSummary: earlier(summary.previousSummaryFrom) };
    const outcome: SummaryOutcome = yield { ...summary.request, ...previous, messages };
    if (!outcome.ok) {
      failure = `summarizer failed: ${outcome.error}`;
      break;
    }
    const opaque = outcome.result.opaqueTokens;
    if (opaqueExpected.has(index) !== (opaque !== undefined)) {
      failure = opaque === undefined ? "summarizer failed: the provider returned no opaque compaction item" : "summarizer failed: an opaque item came back where the strategy needs text";
      break;
    }
    const rejection = opaque !== undefined ? null : options.strategy.checkSummary?.(outcome.result.text, {
      settings: options.settings,
      summarizedTokens: messages.reduce((sum, message) => sum + messageTokensWith(options.estimator, message), 0),
      summaryTokens: messageTokensWith(options.estimator, textMessage(outcome.result.text)),
    });
    if (rejection) {
      failure = `summary rejected: ${rejection}`;
      break;
    }
    texts.push(opaque === undefined ? outcome.result.text : "");
    opaqueTokens.push(opaque);
    usage.input += outcome.result.usage.input;
    usage.output += outcome.result.usage.output;
  }

  if (failure) {
    if (plan.fallback) live.applyLayout({ layout: plan.fallback.layout, summaries: [], step });
    emit({ type: "fallback", step, reason: failure, outcome: plan.fallback ? "fallback-layout" : "unchanged" });
  } else {
    live.applyLayout({ layout: plan.layout, summaries: texts, step, opaqueTokens });
  }
  const fits = live.tokens <= plan.budget;
  const opaqueTotal = failure ? 0 : opaqueTokens.reduce<number>((sum, tokens) => sum + (tokens ?? 0), 0);
  const isOpaque = !failure && opaqueTokens.some((tokens) => tokens !== undefined);
  // an opaque item has no text to report or to build the next compaction on
  const summary = failure || isOpaque ? null : plan.summaryText === undefined ? texts.join("\n\n") : fillSummaries(plan.summaryText, texts);
  const details = (failure ? plan.fallback?.details : plan.details) ?? null;
  emit({
    type: "compaction-end",
    step,
    tokensBefore,
    tokensAfter: live.tokens,
    summary,
    summaryTokens: isOpaque ? live.scale(opaqueTotal) : summary === null ? 0 : live.scale(messageTokensWith(options.estimator, textMessage(summary))),
    ...(isOpaque ? { opaque: { provider: "openai" as const, tokens: opaqueTotal } } : {}),
    firstKeptMessageId: failure && !plan.fallback ? null : firstKeptMessageId,
    messagesBefore,
    messagesAfter: live.length,
    budget: plan.budget,
    fits,
    summarizerUsage: failure ? null : usage,
    // a failed compaction without a fallback kept everything: nothing was protected or split
    ...(failure && !plan.fallback ? {} : protection),
    ...(splitTurn && !failure ? { splitTurn } : {}),
    ...(details ? { details } : {}),
  });
  if (!fits) reportOverBudget(options);
  return { summary, details };
}

function reportOverBudget(options: ExecuteCompactionOptions): void {
  const { live, plan } = options;
  let kept = 0;
  let synthetic = 0;
  for (let position = 0; position < live.length; position++) {
    if (live.entry(position).sessionIndex === null) synthetic += live.entryTokens(position);
    else kept += live.entryTokens(position);
  }
  options.emit({
    type: "over-budget",
    step: options.step,
    tokens: live.tokens,
    budget: plan.budget,
    reason:
      plan.overBudgetReason ??
      `the kept messages alone are ${live.scale(kept)} tokens and the synthetic messages ${live.scale(synthetic)}`,
  });
}

/** The first session message kept verbatim after the (first) summary; for a trim, the first kept at all. */
function firstKeptIdOf(live: LiveContext, layout: readonly LayoutItem[]): string | null {
  const hasSummary = layout.some((item) => item.kind === "synthetic" && item.purpose === "summary");
  let afterSummary = !hasSummary;
  for (const item of layout) {
    if (item.kind === "synthetic") {
      if (item.purpose === "summary") afterSummary = true;
      continue;
    }
    if (!afterSummary) continue;
    for (let position = item.from; position < item.to; position++) {
      const entry = live.entry(position);
      if (entry.sessionIndex !== null) return entry.message.id;
    }
  }
  return null;
}

/** An earlier summary of the same plan handed to a later stage (a merge) as input. */
function partialSummaryMessage(text: string, index: number): Message {
  return { id: `lab:partial-summary:${index}`, role: "user", parts: [{ type: "text", text, synthetic: true }], synthetic: true, summary: true };
}

function textMessage(text: string) {
  return { id: "", role: "user" as const, parts: [{ type: "text" as const, text }] };
}
