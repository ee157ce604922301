import type { Message, Part, PartMark, Session } from "../model";
import { renderMarkedPart, renderUnder } from "../prune/render-marked-part";
import type {
  ContextEntryView,
  ContextView,
  LayoutItem,
  PartMarkInput,
  SyntheticPurpose,
} from "../strategies/strategy";
import type { AdditiveTextWeights, Estimator } from "../tokens/estimator";
import { MESSAGE_OVERHEAD_TOKENS } from "../tokens/chars4";
import type { ContextEntry, ContextEpoch, MarkRecord } from "./replay-result";
import { UnmarkedToolResults, type PartPosition } from "./unmarked-tool-results";

/**
 * The replay's mutable working state: the current epoch's entries, the marks in force and a running additive
 * token total kept by deltas (append adds a message, a mark adds the part's new cost minus its old one, a
 * layout sums only what it keeps). Nothing here copies or mutates a session message.
 */
export class LiveContext implements ContextView {
  readonly epochs: ContextEpoch[] = [{ step: 0, entries: [] }];
  readonly markRecords: MarkRecord[] = [];
  private entries: ContextEntry[] = this.epochs[0].entries;
  private entryTokenCache: number[] = [];
  /**
   * The view of each position, made once: strategies walk the context back from its end at every step, and a new
   * view object per call was a good part of a replay's garbage. Views are read-only; a new epoch starts a new list.
   */
  private views: (ContextEntryView | undefined)[] = [];
  /** marks in force by message id, then part index (no key string built per lookup: the pruners ask per part, per step) */
  private readonly marksByMessage = new Map<string, Map<number, PartMark>>();
  private additive = 0;
  private summaryPosition = -1;
  private syntheticCount = 0;
  private readonly renderedMessages = new WeakMap<Message, Message>();
  /**
   * The additive count of each unmarked part asked for by position (an estimator's `partTokens` is a function of the
   * part; only `scale` learns). OpenCode's prune walks back through up to ~60K tokens of tool output at the end of
   * every agent loop and asked the estimator for each output again — chars/4 runs a CJK regex over the whole text —
   * so at a 1M window, where compactions seldom cut the walk short, most of a replay was that (issue #39).
   */
  private readonly unmarkedPartTokens = new WeakMap<Part, number>();
  /** the epoch's unmarked tool results, built the first time a pruner asks (most never do) and kept up after that */
  private unmarkedToolResultIndex: UnmarkedToolResults | null = null;
  /**
   * The prefix of the last model call's context that is still sent unchanged: its first `keptLength` entries,
   * `keptAdditive` tokens. A mark or a layout lowers it to the first position it changes; the cache model reads
   * it at the next call ({@link takeCallPrefix}). Two numbers, whatever the session's length.
   */
  private keptLength = 0;
  private keptAdditive = 0;

  /**
   * `hiddenPrefixTokens`: the agent's system prompt and tools, sent in front of every call (measureHiddenPrefix);
   * counted in {@link tokens}, never in the entries, so a strategy's trigger sees the size the agent saw while its
   * cut points and budgets for messages stay in message tokens.
   */
  constructor(
    private readonly session: Session,
    private readonly estimator: Estimator,
    readonly hiddenPrefixTokens = 0,
  ) {}

  get length(): number {
    return this.entries.length;
  }
  /** the context as sent: the hidden prefix and the messages, scaled by the estimator */
  get tokens(): number {
    return this.hiddenPrefixTokens + this.estimator.scale(this.additive);
  }
  get additiveTokens(): number {
    return this.additive;
  }
  get lastSummaryPosition(): number {
    return this.summaryPosition;
  }
  get epochIndex(): number {
    return this.epochs.length - 1;
  }

  scale(additiveTokens: number): number {
    return this.estimator.scale(additiveTokens);
  }

  entry(position: number): ContextEntryView {
    let view = this.views[position];
    if (view === undefined) {
      const entry = this.entries[position];
      view = entry.kind === "original"
        ? { message: this.session.messages[entry.index], sessionIndex: entry.index, purpose: null }
        : { message: entry.message, sessionIndex: null, purpose: entry.purpose };
      this.views[position] = view;
    }
    return view;
  }

  entryTokens(position: number): number {
    return this.entryTokenCache[position];
  }

  markOf(position: number, partIndex: number): PartMark | undefined {
    return this.markAt(this.entry(position).message.id, partIndex);
  }

  private markAt(messageId: string, partIndex: number): PartMark | undefined {
    return this.marksByMessage.get(messageId)?.get(partIndex);
  }

  partTokens(position: number, partIndex: number): number {
    const message = this.entry(position).message;
    const part = message.parts[partIndex];
    const mark = this.markAt(message.id, partIndex);
    if (mark) return this.estimator.partTokens(renderMarkedPart(part, mark));
    let tokens = this.unmarkedPartTokens.get(part);
    if (tokens === undefined) this.unmarkedPartTokens.set(part, (tokens = this.estimator.partTokens(part)));
    return tokens;
  }

  partTokensUnder(position: number, partIndex: number, mark: PartMarkInput): number {
    const part = this.entry(position).message.parts[partIndex];
    return this.estimator.partTokens(renderUnder(part, { ...mark, step: 0 } as PartMark));
  }

  textTokens(text: string): number {
    return this.estimator.partTokens({ type: "text", text });
  }

  get textWeights(): AdditiveTextWeights | undefined {
    return this.estimator.textWeights;
  }

  unmarkedToolResults(position: number, partIndex: number): Iterable<PartPosition> {
    if (!this.unmarkedToolResultIndex) {
      const index = new UnmarkedToolResults();
      for (let at = 0; at < this.entries.length; at++) this.indexToolResults(index, at);
      this.unmarkedToolResultIndex = index;
    }
    return this.unmarkedToolResultIndex.from(position, partIndex);
  }

  private indexToolResults(index: UnmarkedToolResults, position: number): void {
    const message = this.entry(position).message;
    index.append(position, message, (partIndex) => this.markAt(message.id, partIndex) !== undefined);
  }

  rendered(position: number): Message {
    const message = this.entry(position).message;
    let changed = false;
    const parts = message.parts.map((part, index) => {
      const rendered = renderMarkedPart(part, this.markAt(message.id, index));
      if (rendered !== part) changed = true;
      return rendered;
    });
    if (!changed) return message;
    // the same message object while its marks stay the same, so the summarizer's per-message caches keep working
    const known = this.renderedMessages.get(message);
    if (known && known.parts.length === parts.length && known.parts.every((part, index) => part === parts[index])) return known;
    const rendered = { ...message, parts };
    this.renderedMessages.set(message, rendered);
    return rendered;
  }

  /**
   * Appends session message `index` to the context. `unmarkedTokens`, when the caller has already counted the
   * message without marks (`messageTokensWith`), is reused unless a mark names its id: a message is appended once,
   * before anything can mark it, so that saves counting every message twice.
   */
  append(index: number, unmarkedTokens?: number): void {
    this.entries.push({ kind: "original", index });
    const message = this.session.messages[index];
    const tokens = unmarkedTokens !== undefined && !this.marksByMessage.has(message.id) ? unmarkedTokens : this.messageTokens(message);
    this.entryTokenCache.push(tokens);
    this.additive += tokens;
    if (this.unmarkedToolResultIndex) this.indexToolResults(this.unmarkedToolResultIndex, this.entries.length - 1);
  }

  /**
   * At a model call: what of the previous call's context is still sent unchanged in front of this one (messages,
   * additive tokens; 0 and 0 at the first call), then this call's whole context becomes the prefix to keep.
   */
  takeCallPrefix(): { messages: number; additiveTokens: number } {
    const kept = { messages: this.keptLength, additiveTokens: this.keptAdditive };
    this.keptLength = this.entries.length;
    this.keptAdditive = this.additive;
    return kept;
  }

  /**
   * The first change since the last call falls at `position`: the kept prefix ends there. Walks back over the
   * entries it drops (their counts are still the ones sent, since nothing before the old end had changed), so a
   * decision marking many parts walks the prefix once, from its end down to the lowest part marked.
   */
  private breakPrefixAt(position: number): void {
    if (position >= this.keptLength) return;
    for (let at = position; at < this.keptLength; at++) this.keptAdditive -= this.entryTokenCache[at];
    this.keptLength = position;
  }

  /** Applies a mark to a part in the context; returns the additive tokens freed (negative if it grew). */
  mark(position: number, partIndex: number, mark: PartMark): number {
    this.breakPrefixAt(position);
    const message = this.entry(position).message;
    const before = this.partTokens(position, partIndex);
    let marks = this.marksByMessage.get(message.id);
    if (!marks) this.marksByMessage.set(message.id, (marks = new Map()));
    marks.set(partIndex, mark);
    this.markRecords.push({ messageId: message.id, partIndex, mark });
    this.unmarkedToolResultIndex?.marked(position, partIndex);
    const after = this.partTokens(position, partIndex);
    this.entryTokenCache[position] += after - before;
    this.additive += after - before;
    return before - after;
  }

  /**
   * Replaces the context by a layout, starting a new epoch at `step`. `{{summary}}` / `{{summary:N}}` in
   * synthetic texts are filled from `summaries`. Costs O(kept + synthetic) — kept messages keep their cached
   * token counts.
   */
  applyLayout(options: { layout: readonly LayoutItem[]; summaries: readonly string[]; step: number; opaqueTokens?: readonly (number | undefined)[] }): void {
    const entries: ContextEntry[] = [];
    const tokens: number[] = [];
    let summaryPosition = -1;
    for (const item of options.layout) {
      if (item.kind === "keep") {
        for (let position = item.from; position < item.to; position++) {
          entries.push(this.entries[position]);
          tokens.push(this.entryTokenCache[position]);
          if (position === this.summaryPosition) summaryPosition = entries.length - 1;
        }
        continue;
      }
      const opaque = item.opaqueSummary === undefined ? undefined : options.opaqueTokens?.[item.opaqueSummary];
      if (item.opaqueSummary !== undefined && opaque === undefined) throw new RangeError(`layout asks for summary ${item.opaqueSummary} as an opaque item, and it is not one`);
      const message = this.syntheticMessage(item.role, item.purpose, item.literal ? item.text : fillSummaries(item.text, options.summaries), options.step, opaque);
      entries.push({ kind: "synthetic", purpose: item.purpose, message });
      tokens.push(this.messageTokens(message));
      if (item.purpose === "summary") summaryPosition = entries.length - 1;
    }
    let same = 0;
    while (same < entries.length && same < this.keptLength && entries[same] === this.entries[same]) same++;
    this.breakPrefixAt(same);
    this.entries = entries;
    this.views = [];
    this.entryTokenCache = tokens;
    this.additive = tokens.reduce((sum, value) => sum + value, 0);
    this.summaryPosition = summaryPosition;
    this.unmarkedToolResultIndex = null;
    this.epochs.push({ step: options.step, entries });
  }

  /** Additive cost of a message under the marks in force. */
  messageTokens(message: Message): number {
    let tokens = MESSAGE_OVERHEAD_TOKENS;
    message.parts.forEach((part, index) => {
      tokens += this.estimator.partTokens(renderMarkedPart(part, this.markAt(message.id, index)));
    });
    return tokens;
  }

  private syntheticMessage(role: Message["role"], purpose: SyntheticPurpose, text: string, step: number, opaqueTokens?: number): Message {
    this.syntheticCount++;
    return {
      id: `lab:${purpose}:s${step}:${this.syntheticCount}`,
      role,
      parts: opaqueTokens === undefined ? [{ type: "text", text, synthetic: true }] : [{ type: "opaque", provider: "openai", tokens: opaqueTokens }],
      synthetic: true,
      ...(purpose === "summary" ? { summary: true } : {}),
    };
  }
}

/**
 * Replaces `{{summary}}` / `{{summary:N}}` in a synthetic text by the N-th summary (empty when missing). Built by
 * concatenation, which V8 keeps as a rope over the summary instead of copying it: the template is short and the
 * summary may be tens of thousands of characters, filled again at every compaction (`replace` with a callback
 * copied it: ~0.7 ms per claude-code compaction at its 80,000-character cap).
 */
export function fillSummaries(text: string, summaries: readonly string[]): string {
  let filled = "";
  let last = 0;
  for (const match of text.matchAll(SUMMARY_PLACEHOLDER)) {
    filled = filled + text.slice(last, match.index) + (summaries[Number(match[1] ?? 0)] ?? "");
    last = match.index + match[0].length;
  }
  return last === 0 ? text : filled + text.slice(last);
}

const SUMMARY_PLACEHOLDER = /\{\{summary(?::(\d+))?\}\}/g;
