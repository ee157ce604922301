import type { Message } from "../model";

/** Where a part sits in the live context. */
export interface PartPosition {
  position: number;
  partIndex: number;
}

/**
 * The tool-result parts of one epoch in context order, with a link over the marked ones, so that a pruner that
 * walks old results at every step (gemini-cli's truncation after a failure: the context is never compacted again
 * and grows with the session) visits each marked result once instead of at every call. A mark is never taken
 * back, so a result once skipped stays skipped: the links are a union-find towards older slots, compressed as
 * they are followed (amortized near-constant per step of a walk).
 *
 * May name a part that is marked after all (a marked message id that is also at another position): callers
 * still check `markOf`. It never leaves out an unmarked one.
 */
export class UnmarkedToolResults {
  private readonly positions: number[] = [];
  private readonly partIndexes: number[] = [];
  /** the slot of each position's first tool result (the number of slots before it) */
  private readonly firstSlot: number[] = [];
  /** `link[slot] === slot` while the part is unmarked; else a slot before it (−1: none) */
  private readonly link: number[] = [];

  /** Adds the tool results of the message now at `position`, the next position of the epoch. */
  append(position: number, message: Message, isMarked: (partIndex: number) => boolean): void {
    this.firstSlot[position] = this.positions.length;
    message.parts.forEach((part, partIndex) => {
      if (part.type !== "tool-result") return;
      const slot = this.positions.length;
      this.positions.push(position);
      this.partIndexes.push(partIndex);
      this.link.push(isMarked(partIndex) ? slot - 1 : slot);
    });
  }

  /** A part was marked (a part that is not a tool result is not in the index: nothing to do). */
  marked(position: number, partIndex: number): void {
    const end = this.firstSlot[position + 1] ?? this.positions.length;
    for (let slot = this.firstSlot[position]; slot < end; slot++) if (this.partIndexes[slot] === partIndex) this.link[slot] = slot - 1;
  }

  /** Unmarked tool results, newest first, from (position, partIndex) inclusive back to position 0. */
  *from(position: number, partIndex: number): Generator<PartPosition, void, undefined> {
    const end = this.firstSlot[position + 1] ?? this.positions.length;
    let slot = this.firstSlot[position] - 1;
    while (slot + 1 < end && this.partIndexes[slot + 1] <= partIndex) slot++;
    for (slot = this.find(slot); slot >= 0; slot = this.find(slot - 1)) {
      yield { position: this.positions[slot], partIndex: this.partIndexes[slot] };
    }
  }

  /** The newest unmarked slot at or before `slot` (−1: none), shortening the links followed. */
  private find(slot: number): number {
    let root = slot;
    while (root >= 0 && this.link[root] !== root) root = this.link[root];
    while (slot > root) {
      const next = this.link[slot];
      this.link[slot] = root;
      slot = next;
    }
    return root;
  }
}
