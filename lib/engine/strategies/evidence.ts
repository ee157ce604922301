import { z } from "zod";
import { errorLines } from "./evidence/evidence-recognizers";
import type { ToolResultPart } from "../model";
import { maskedObservationPlaceholder, maskObservations } from "../prune/mask-observations";
import { DEFAULT_SOFT_TRIM_HARD_CLEAR_SETTINGS, softTrimHardClear } from "../prune/soft-trim-hard-clear";
import { NARRATIVE_SUMMARY_FORMAT } from "../summarize/summary-formats";
import { EMPTY_LEDGER, fitLedger, readIntoLedger, type LedgerMessage } from "./evidence/ledger";
import type { CompactionDetails, ContextView, LayoutItem, MarkRequest, PositionRange, StrategyDecision, StrategyNote } from "./strategy";
import { defineStrategy } from "./strategy";

/**
 * The lab's own strategy. Every size is a share of the window, so one configuration serves a 32K and a 1M model:
 * compact when the context passes a fifth of the usable window, keep the newest ~4% verbatim, hold the ledger to
 * at most 15% (and less when a compaction would otherwise leave under 15% of the trigger free).
 */
export const DEFAULT_EVIDENCE_SETTINGS = {
  /** layer 1: mask tool results older than the newest `keepToolResults`, keeping their first line and error lines */
  maskToolResults: true,
  /**
   * layer 1 starts once the context passes this share of the usable window: a context far below it costs little,
   * and a masked result's facts are gone from it before any compaction could have kept them
   */
  maskFromRatio: 0.1,
  keepToolResults: 5,
  /**
   * layer 1: among the newer results, all but the newest `keepLastToolResults` longer than `softTrimChars` keep
   * their first and last 1,500 characters (seed 004's soft trim); 0 turns it off
   */
  softTrimChars: 4_000,
  /** layer 2 fires when the context (after layer 1) passes this share of the usable window */
  triggerRatio: 0.2,
  /** the recent tail kept verbatim: this share of the window, snapped to a turn (or step) boundary */
  keepRecentRatio: 0.04,
  /** the ledger's hard budget, a share of the window (it also yields to `growthRoom`) */
  ledgerBudgetRatio: 0.15,
  /**
   * share of the trigger left free after a compaction, so the next one is some steps away: the ledger's budget
   * shrinks to keep it (a full ledger evicts instead of compacting at every call)
   */
  growthRoom: 0.15,
  /** a short narrative from the summarizer beside the ledger (off: the ledger alone, no summarizer call) */
  narrative: true,
  narrativeMaxTokens: 600,
  /** a user message longer than this is kept as its beginning (its rule sentences are kept whole) */
  instructionMaxChars: 1_000,
};

const ratio = z.number().min(0).max(1);
export const EvidenceSettingsSchema = z.strictObject({
  maskToolResults: z.boolean(),
  maskFromRatio: ratio,
  keepToolResults: z.number().int().min(0),
  softTrimChars: z.number().int().min(0),
  triggerRatio: z.number().gt(0).max(1),
  keepRecentRatio: ratio,
  ledgerBudgetRatio: z.number().gt(0).max(0.5),
  growthRoom: z.number().min(0).max(0.9),
  narrative: z.boolean(),
  narrativeMaxTokens: z.number().int().min(50),
  instructionMaxChars: z.number().int().min(80),
});
export type EvidenceSettings = z.infer<typeof EvidenceSettingsSchema>;

/** The ledger's budget never drops below this share of the window, whatever `growthRoom` asks. */
const MIN_LEDGER_RATIO = 0.02;

export const EVIDENCE_NARRATIVE_SYSTEM_PROMPT = `You write the narrative half of a compacted agent conversation. The other half is an evidence ledger, built without a model, that already lists verbatim the user's messages and rules, every file with its last operation, every command with its outcome, the error messages, and the names, numbers and settings mentioned. Do not repeat those lists.

Write a short account in plain prose for the assistant who continues the work: what the user is trying to achieve, what has been tried and what was learned from it, what is finished, what is in progress, and what the next step is. Keep cause and effect ("the test failed because …, so …"). Be concrete but brief. Output only the narrative.`;

export const EVIDENCE_NARRATIVE_INSTRUCTIONS = "Write the narrative of the conversation above.";
export const EVIDENCE_NARRATIVE_UPDATE_INSTRUCTIONS =
  "The previous narrative is given above the conversation. Write one updated narrative that covers both: keep what still matters from it, add what happened since, and drop details that no longer matter.";

export const EVIDENCE_NARRATIVE_TEXT = "[Narrative of the earlier conversation, written by the summarizer. The evidence ledger below holds the exact facts.]\n\n{{summary}}";

/** What a masked result's placeholder keeps of its beginning. */
const PLACEHOLDER_HEAD_CHARS = 160;

/**
 * The masked result's placeholder: SWE-agent's line count, the result's first {@link PLACEHOLDER_HEAD_CHARS}
 * characters (what it was: `Found 3 matches for …`, `No files found`), and its own error lines (evidence kept).
 */
export function evidencePlaceholder(part: ToolResultPart): string {
  const errors = errorLines(part.output, part.isError === true);
  const base = maskedObservationPlaceholder(part.output);
  const joined = part.output
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .join(" ⏎ ");
  const head = joined.length > PLACEHOLDER_HEAD_CHARS ? `${joined.slice(0, PLACEHOLDER_HEAD_CHARS)}…` : joined;
  return `${base}${head ? `; begins: ${head}` : ""}${errors.length === 0 ? "" : `; errors: ${errors.map((line) => line.trim()).join(" | ")}`}`;
}

/**
 * The evidence strategy: keep the evidence, drop the bulk.
 *
 * Layer 1, before every call: observation masking (the SWE-agent / JetBrains pruner) of every tool result but the
 * newest `keepToolResults`, the placeholder keeping the result's distinctive error lines; among the newer ones,
 * results longer than `softTrimChars` (but the newest two) keep head + tail (seed 004's soft trim). Tool pairs stay
 * intact.
 *
 * Layer 2, when the context after layer 1 passes `triggerRatio` of the usable window (window − output reserve):
 * everything between the leading system messages and a recent tail (`keepRecentRatio` of the window, walked back
 * from the newest message and snapped forward to the next user message — a turn start — or, when the current turn
 * alone is longer, back to the nearest step boundary so no tool result loses its call) is replaced by
 * 1. a narrative from the summarizer (optional; the previous narrative is updated, not re-summarized), and
 * 2. the evidence ledger (`evidence/ledger.ts`): built deterministically from the replaced messages and merged into
 *    the previous compaction's ledger, which travels as the compaction's structured `details` — never parsed back
 *    out of text — and is held to `ledgerBudgetRatio` of the window by evicting the oldest, least referenced
 *    entries first. The ledger message is literal text: a model never rewrites it, so it cannot lose a path.
 * A narrative that fails leaves the ledger and the tail (the fallback layout, with the same ledger).
 */
export const evidenceStrategy = defineStrategy<EvidenceSettings>({
  id: "evidence",
  label: "Evidence (lab)",
  description:
    "The lab's own: mask old tool output keeping its errors; past a fifth of the window, replace history by a deterministic evidence ledger (paths, commands, errors, rules, numbers) plus a short narrative.",
  source: { kind: "lab", note: "the lab's own strategy, designed from its retention measurements (observation masking + evidence ledger + narrative)" },
  defaults: DEFAULT_EVIDENCE_SETTINGS,
  settingsSchema: EvidenceSettingsSchema,
  triggers: ["before-call"],
  decide(input): StrategyDecision {
    const { context, settings, force, window } = input;
    // ratios of the room the messages have: the agent's hidden prefix (system prompt, tools) is sent at every call
    // and nothing compacts it, so a trigger at a fifth of a 64K window under a 17K prefix would fire at every call
    const prefix = context.hiddenPrefixTokens ?? 0;
    const usable = Math.max(0, window - input.outputReserve - prefix);
    const messagesTokens = context.tokens - prefix;
    const marks = messagesTokens > settings.maskFromRatio * usable ? layerOneMarks(context, settings) : [];
    const freed = freedByPosition(context, marks);
    let freedTotal = 0;
    for (const tokens of freed.values()) freedTotal += tokens;
    const total = messagesTokens - context.scale(freedTotal);
    const threshold = Math.floor(settings.triggerRatio * usable);
    const notes: StrategyNote[] = [];
    if (!force && total <= threshold) return { marks, ...(notes.length > 0 ? { notes } : {}) };

    let head = 0;
    while (head < context.length && context.entry(head).message.role === "system") head++;
    const keepRecent = Math.floor(settings.keepRecentRatio * window);
    const tailStart = findTailStart({ context, from: head, keepRecentTokens: keepRecent, freed });
    const cut = tailStart?.position ?? null;
    const replaced: LedgerMessage[] = [];
    for (let position = head; position < (cut ?? head); position++) {
      const { message, sessionIndex } = context.entry(position);
      if (sessionIndex !== null) replaced.push({ message, sessionIndex });
    }
    if (cut === null || replaced.length === 0) {
      if (force) return { marks };
      const message = `context ${total.toLocaleString("en-US")} > ${threshold.toLocaleString("en-US")} (${settings.triggerRatio} of the usable window), but the newest ~${keepRecent.toLocaleString("en-US")} tokens are all that is left: nothing older to compact`;
      const alreadySaid = input.events.some((event) => event.type === "guard" && event.guard === "nothing-to-compact" && event.step >= lastCompactionStep(input.events));
      return { marks, notes: alreadySaid ? notes : [...notes, { type: "guard", guard: "nothing-to-compact", message }] };
    }

    // the state keeps everything within the hard budget; what is shown this time also leaves `growthRoom` of the
    // trigger free (a long turn in the tail shrinks the ledger shown, never the ledger carried to the next compaction)
    const hardBudget = Math.floor(settings.ledgerBudgetRatio * window);
    const headTokens = head > 0 ? sumTokens(context, 0, head, freed) : 0;
    const room = Math.floor((1 - settings.growthRoom) * threshold) - headTokens - (settings.narrative ? settings.narrativeMaxTokens : 0) - (tailStart?.tokens ?? 0);
    const shownBudget = Math.min(hardBudget, Math.max(Math.floor(MIN_LEDGER_RATIO * window), room));
    const read = readIntoLedger(input.previousDetails?.evidence ?? EMPTY_LEDGER, replaced, { instructionMaxChars: settings.instructionMaxChars });
    const openRequest = !hasUserMessage(context, cut);
    const measure = (text: string) => context.scale(context.textTokens(text));
    const kept = fitLedger(read, { openRequest, budgetTokens: hardBudget, measure });
    const fitted = shownBudget < hardBudget ? fitLedger(kept.ledger, { openRequest, budgetTokens: shownBudget, measure }) : kept;
    const details: CompactionDetails = { ...fileLists(kept.ledger), evidence: kept.ledger };

    const keepHead: LayoutItem[] = head > 0 ? [{ kind: "keep", from: 0, to: head }] : [];
    const tail: LayoutItem = { kind: "keep", from: cut, to: context.length };
    const ledgerItem = (purpose: "summary" | "note"): LayoutItem => ({ kind: "synthetic", role: "user", purpose, text: fitted.text, literal: true });
    const reason =
      total > threshold
        ? `context ${total.toLocaleString("en-US")} > ${threshold.toLocaleString("en-US")} (${settings.triggerRatio} of the usable window ${usable.toLocaleString("en-US")})`
        : `manual compaction: context ${total.toLocaleString("en-US")} ≤ ${threshold.toLocaleString("en-US")} (${settings.triggerRatio} of the usable window)`;
    const protectedTail = [{ kind: "tail" as const, from: cut, label: `newest ~${keepRecent.toLocaleString("en-US")} tokens kept verbatim (keepRecentRatio ${settings.keepRecentRatio})` }];
    // the plan's budget is checked against the whole context sent, prefix included
    const budget = threshold + prefix;
    const overBudgetReason = `the ledger (${fitted.tokens.toLocaleString("en-US")} tokens, the latest request is never evicted), the narrative and the newest turn kept verbatim (${(tailStart?.tokens ?? 0).toLocaleString("en-US")} tokens) do not fit under the trigger`;
    if (!settings.narrative) {
      return { marks, ...(notes.length > 0 ? { notes } : {}), compaction: { reason, summaries: [], layout: [...keepHead, ledgerItem("summary"), tail], budget, overBudgetReason, details, protected: protectedTail } };
    }
    const previous = input.previousSummary;
    return {
      marks,
      ...(notes.length > 0 ? { notes } : {}),
      compaction: {
        reason,
        budget,
        overBudgetReason,
        protected: protectedTail,
        details,
        layout: [...keepHead, { kind: "synthetic", role: "user", purpose: "summary", text: EVIDENCE_NARRATIVE_TEXT }, ledgerItem("note"), tail],
        fallback: { layout: [...keepHead, ledgerItem("summary"), tail], details },
        summaries: [
          {
            ranges: sessionRanges(context, head, cut),
            request: {
              system: EVIDENCE_NARRATIVE_SYSTEM_PROMPT,
              instructions: previous === null ? EVIDENCE_NARRATIVE_INSTRUCTIONS : EVIDENCE_NARRATIVE_UPDATE_INSTRUCTIONS,
              format: NARRATIVE_SUMMARY_FORMAT,
              maxChars: settings.narrativeMaxTokens * 4,
              maxOutputTokens: settings.narrativeMaxTokens,
              ...(previous === null ? {} : { previousSummary: previous }),
            },
          },
        ],
      },
    };
  },
});

function lastCompactionStep(events: readonly { type: string; step: number }[]): number {
  for (let index = events.length - 1; index >= 0; index--) if (events[index].type === "compaction-end" || events[index].type === "trim") return events[index].step;
  return -1;
}

function hasUserMessage(context: ContextView, from: number): boolean {
  for (let position = from; position < context.length; position++) {
    const entry = context.entry(position);
    if (entry.sessionIndex !== null && entry.message.role === "user") return true;
  }
  return false;
}

/** The ranges of session (non-synthetic) messages in [from, to): what the narrative summarizes. */
function sessionRanges(context: ContextView, from: number, to: number): PositionRange[] {
  const ranges: PositionRange[] = [];
  for (let position = from; position < to; position++) {
    if (context.entry(position).sessionIndex === null) continue;
    const last = ranges[ranges.length - 1];
    if (last && last.to === position) last.to = position + 1;
    else ranges.push({ from: position, to: position + 1 });
  }
  return ranges;
}

function fileLists(ledger: { entries: readonly { kind: string; text: string; note?: string }[] }): Pick<CompactionDetails, "readFiles" | "modifiedFiles"> {
  const files = ledger.entries.filter((entry) => entry.kind === "file");
  const modified = files.filter((entry) => entry.note === "edited" || entry.note === "written").map((entry) => entry.text);
  const read = files.filter((entry) => entry.note === "read").map((entry) => entry.text);
  return { readFiles: [...new Set(read)].sort(), modifiedFiles: [...new Set(modified)].sort() };
}

/** Additive tokens layer 1's marks free, by context position (applied before the compaction runs). */
function freedByPosition(context: ContextView, marks: readonly MarkRequest[]): Map<number, number> {
  const freed = new Map<number, number>();
  for (const { position, partIndex, mark } of marks) {
    const saving = context.partTokens(position, partIndex) - context.partTokensUnder(position, partIndex, mark);
    freed.set(position, (freed.get(position) ?? 0) + saving);
  }
  return freed;
}

/**
 * Layer 1: soft trim of long newer results (seed 004's pruner, never hard-clearing: masking does that), then
 * masking of results older than the newest `keepToolResults` with {@link evidencePlaceholder}; a part both would
 * mark is masked.
 */
function layerOneMarks(context: ContextView, settings: EvidenceSettings): MarkRequest[] {
  const masks = settings.maskToolResults ? maskObservations(context, { n: settings.keepToolResults }, { pruner: "evidence-masking", placeholder: evidencePlaceholder }) : [];
  if (settings.softTrimChars <= 0) return masks;
  const masked = new Set(masks.map((mark) => `${mark.position}:${mark.partIndex}`));
  const trims = softTrimHardClear(context, {
    ...DEFAULT_SOFT_TRIM_HARD_CLEAR_SETTINGS,
    toolSoftTrimChars: settings.softTrimChars,
    toolHardClearAfter: Number.MAX_SAFE_INTEGER,
  }).filter((mark) => !masked.has(`${mark.position}:${mark.partIndex}`));
  return [...trims, ...masks];
}

/** Additive → scaled tokens of positions [from, to) after layer 1's marks. */
function sumTokens(context: ContextView, from: number, to: number, freed: Map<number, number>): number {
  let additive = 0;
  for (let position = from; position < to; position++) additive += context.entryTokens(position) - (freed.get(position) ?? 0);
  return context.scale(additive);
}

/**
 * The first position of the recent tail and its tokens: walk back from the newest message until `keepRecentTokens`
 * (after layer 1) are kept, then snap forward to the next user message (a turn start). When no user message
 * follows — the current turn alone is longer than the tail — snap back to the nearest message that is not a tool
 * result (a step boundary), so a call never loses its result. Null when the whole context after `from` fits.
 */
function findTailStart(options: { context: ContextView; from: number; keepRecentTokens: number; freed: Map<number, number> }): { position: number; tokens: number } | null {
  const { context, from } = options;
  let accumulated = 0;
  let position = context.length;
  while (position > from && context.scale(accumulated) < options.keepRecentTokens) {
    position--;
    accumulated += context.entryTokens(position) - (options.freed.get(position) ?? 0);
  }
  if (position <= from) return null;
  for (let candidate = position; candidate < context.length; candidate++) {
    const entry = context.entry(candidate);
    if (entry.sessionIndex !== null && entry.message.role === "user") return { position: candidate, tokens: sumTokens(context, candidate, context.length, options.freed) };
  }
  let candidate = position;
  while (candidate > from && context.entry(candidate).message.role === "tool") candidate--;
  return candidate > from ? { position: candidate, tokens: sumTokens(context, candidate, context.length, options.freed) } : null;
}
