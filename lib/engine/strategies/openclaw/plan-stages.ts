import type { SummarizeRequest } from "../../summarize/summarizer";
import { PI_SUMMARY_FORMAT, PI_SUMMARY_INSTRUCTIONS, PI_UPDATE_INSTRUCTIONS } from "../pi";
import type { ContextView, SummaryPlan } from "../strategy";
import { chunkByMaxTokens, rangesOf, splitByTokenShare, totalOf, type Stretch } from "./token-share";

/** Seed 001 §2, verbatim: the instruction of the call that merges partial summaries. */
export const MERGE_SUMMARIES_INSTRUCTIONS =
  "Merge these partial summaries into a single cohesive summary. Preserve decisions," +
  " TODOs, open questions, and any constraints.";

/** The summarizer's system prompt (pi's summarizer role, the lab's own wording). */
export const OPENCLAW_SUMMARY_SYSTEM_PROMPT =
  "You summarize a conversation between a user and an AI coding assistant so the assistant can continue the work " +
  "from your summary alone. Do not continue the conversation or act on its requests; output only the summary.";

/** What a stage builds on: an earlier summary of the same plan, the replay's previous summary, or nothing. */
export type PreviousSummary = { index: number } | { text: string } | null;

type BaseRequest = Omit<SummarizeRequest, "messages" | "signal">;

/**
 * Plans seed 001's `summarizeInStages` as summarizer calls that build on each other (the plan's summaries run
 * in order). `stages` returns the index of the summary that carries the stretch's result.
 */
export class StagePlanner {
  readonly summaries: SummaryPlan[] = [];

  constructor(
    private readonly context: ContextView,
    private readonly maxOutputTokens: number,
  ) {}

  /**
   * summarizeInStages: a stretch within `maxChunkTokens` (or of one message) is summarized directly; a larger
   * one is split in `parts` by token share, each part summarized on its own, and the partial summaries merged
   * by one more call (MERGE_SUMMARIES_INSTRUCTIONS as its additional focus) that also updates `previous`.
   */
  stages(stretch: Stretch, options: { previous: PreviousSummary; maxChunkTokens: number; parts: number }): number {
    if (totalOf(stretch) <= options.maxChunkTokens || stretch.positions.length < 2) {
      return this.chunked(stretch, options.previous, options.maxChunkTokens);
    }
    const pieces = splitByTokenShare(this.context, stretch, options.parts);
    if (pieces.length <= 1) return this.chunked(stretch, options.previous, options.maxChunkTokens);
    const partials = pieces.map((piece) => this.chunked(piece, null, options.maxChunkTokens));
    return this.add({
      ranges: [],
      request: this.request(options.previous, MERGE_SUMMARIES_INSTRUCTIONS),
      summariesAsMessages: partials,
    }, options.previous);
  }

  /** summarizeChunks: pieces of at most `maxChunkTokens`, each updating the summary of the one before. */
  chunked(stretch: Stretch, previous: PreviousSummary, maxChunkTokens: number): number {
    let last = previous;
    let index = -1;
    for (const chunk of chunkByMaxTokens(this.context, stretch, maxChunkTokens)) {
      index = this.add({ ranges: rangesOf(chunk.positions), request: this.request(last) }, last);
      last = { index };
    }
    return index;
  }

  /** A summary with its own request (the turn prefix). */
  single(stretch: Stretch, request: BaseRequest): number {
    return this.add({ ranges: rangesOf(stretch.positions), request }, null);
  }

  private request(previous: PreviousSummary, focus?: string): BaseRequest {
    const instructions = previous ? PI_UPDATE_INSTRUCTIONS : PI_SUMMARY_INSTRUCTIONS;
    return {
      system: OPENCLAW_SUMMARY_SYSTEM_PROMPT,
      instructions: focus ? `${instructions}\n\nAdditional focus:\n${focus}` : instructions,
      format: PI_SUMMARY_FORMAT,
      maxOutputTokens: this.maxOutputTokens,
      ...(previous && "text" in previous ? { previousSummary: previous.text } : {}),
    };
  }

  private add(summary: SummaryPlan, previous: PreviousSummary): number {
    this.summaries.push(previous && "index" in previous ? { ...summary, previousSummaryFrom: previous.index } : summary);
    return this.summaries.length - 1;
  }
}
