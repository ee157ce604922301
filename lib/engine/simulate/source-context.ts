import type { Message, Session } from "../model";

/**
 * The additive estimate of what the source itself sent at its recorded calls: the denominator of the calibrated
 * estimator's ratio (recorded tokens ÷ this), fed message by message in session order.
 *
 * After a compaction recorded in the transcript, the source sent its summary *and the tail it kept verbatim* (pi's
 * `firstKeptEntryId`: the kept entries sit before the compaction entry in the file). Counting the summary alone made
 * every call after a pi compaction look several times larger than its estimate (a ~20K-token kept tail against a
 * ~2K summary), the ratio climbed towards that for dozens of calls, and a calibrated replay then saw each context at
 * several times its size: back-to-back compactions that could not get under the window.
 *
 * Memory: one cumulative number per message, allocated only when the session has a recorded compaction that names
 * its first kept message; otherwise constant.
 */
export class SourceContext {
  private total = 0;
  /** additive tokens of the messages before each index (length messages + 1), when a marker names a kept tail */
  private readonly sentBefore: Float64Array | null;
  private readonly indexById: ReadonlyMap<string, number> | null;
  /** the kept tail of the last recorded marker seen, waiting for its summary message */
  private pendingKeptTokens = 0;

  constructor(session: Session) {
    const keptIds = new Set<string>();
    for (const message of session.messages) {
      const kept = keptMessageIdOf(message);
      if (kept !== undefined) keptIds.add(kept);
    }
    if (keptIds.size === 0) {
      this.sentBefore = null;
      this.indexById = null;
      return;
    }
    const indexById = new Map<string, number>();
    session.messages.forEach((message, index) => {
      if (keptIds.has(message.id) && !indexById.has(message.id)) indexById.set(message.id, index);
    });
    this.indexById = indexById;
    this.sentBefore = new Float64Array(session.messages.length + 1);
  }

  /** the additive estimate of what the source sent so far */
  get tokens(): number {
    return this.total;
  }

  /**
   * Feeds message `index` (every index once, in order) with its additive cost. A recorded marker restarts the
   * source's context (what the agent sent after it is its summary and kept tail, not the history before — Codex's
   * `compacted` line with an empty message has no summary message at all, and its replacement history is not in the
   * transcript); a summary message restarts it from the tail its marker kept; a marker records that tail for the
   * summary that follows it.
   */
  add(index: number, message: Message, tokens: number): void {
    if (isMarker(message)) this.total = 0;
    if (message.summary) {
      this.total = this.pendingKeptTokens;
      this.pendingKeptTokens = 0;
    }
    if (this.sentBefore) {
      this.sentBefore[index + 1] = this.sentBefore[index] + tokens;
      const kept = keptMessageIdOf(message);
      const keptIndex = kept === undefined ? undefined : this.indexById?.get(kept);
      // a kept message after the marker (no such source) or unknown keeps nothing
      if (keptIndex !== undefined && keptIndex < index) this.pendingKeptTokens = this.sentBefore[index] - this.sentBefore[keptIndex];
    }
    this.total += tokens;
  }
}

function isMarker(message: Message): boolean {
  return message.parts.some((part) => part.type === "compaction");
}

function keptMessageIdOf(message: Message): string | undefined {
  for (const part of message.parts) if (part.type === "compaction" && part.firstKeptMessageId !== undefined) return part.firstKeptMessageId;
  return undefined;
}
