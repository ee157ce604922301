import { z } from "zod";
import { DEFAULT_SOFT_TRIM_HARD_CLEAR_SETTINGS, softTrimHardClear, softTrimHardClearProtection } from "../prune/soft-trim-hard-clear";
import { CHECKPOINT_SUMMARY_FORMAT } from "../summarize/summary-formats";
import type { ContextView, LayoutItem, MarkRequest, StrategyDecision } from "./strategy";
import { defineStrategy } from "./strategy";

/**
 * Seed 004 § Configuration (the NOUS_* settings), with one deliberate change: `compactionEnabled` is on.
 * The seed ships it off as a rollout flag; the lab's nous strategy exists to show layer 2.
 */
export const DEFAULT_NOUS_SETTINGS = {
  toolPruningEnabled: true,
  ...DEFAULT_SOFT_TRIM_HARD_CLEAR_SETTINGS,
  compactionEnabled: true,
  compactionThreshold: 100_000,
  keepRecentTokens: 20_000,
  summaryMaxChars: 6_000,
};

const count = z.number().int().min(0);
export const NousSettingsSchema = z.strictObject({
  toolPruningEnabled: z.boolean(),
  toolSoftTrimChars: count,
  toolSoftTrimHead: count,
  toolSoftTrimTail: count,
  toolHardClearAfter: count,
  keepLastToolResults: count,
  compactionEnabled: z.boolean(),
  compactionThreshold: count,
  keepRecentTokens: count,
  summaryMaxChars: z.number().int().min(1),
});
export type NousSettings = z.infer<typeof NousSettingsSchema>;

/** Seed 004 § Structured Checkpoint Format (`CHECKPOINT_SYSTEM_PROMPT`), verbatim. */
export const NOUS_CHECKPOINT_SYSTEM_PROMPT = `You are a conversation summarizer. Read the conversation below and produce a structured summary. Follow the EXACT format. Do NOT continue the conversation. Output ONLY the summary.

TARGET LENGTH: 800-1200 words (roughly 3-4K tokens). Prioritize precision over completeness.

## Format

## Goal
[What the user is trying to accomplish — 1-2 sentences]

## Constraints & Preferences  
- [Requirements, preferences, technical constraints mentioned]

## Progress
### Done
- [x] [Completed items with key details]

### In Progress
- [ ] [Current work items]

## Key Decisions
- **[Decision]**: [Brief rationale — what was chosen and why]

## Conversation Dynamics
- [User tone, frustration points, behavioral preferences expressed]
- [Rapport markers, recurring jokes/references, communication style]
- [Unresolved questions the user expressed uncertainty about]
- [Any explicit instructions about assistant behavior]

## Next Steps
1. [Ordered list of what comes next]

## Critical Context
- [File paths, error messages, variable names, API endpoints — anything needed to continue work]
`;

/** Seed 004 § Iterative Update with Size Cap (`UPDATE_SYSTEM_PROMPT`), verbatim. */
export const NOUS_UPDATE_SYSTEM_PROMPT = `You are updating a conversation summary. The existing summary and NEW conversation messages are provided below.

TARGET LENGTH: 800-1200 words. If the summary would exceed this, prioritize:
1. Recent progress and decisions (most important)
2. Critical context (file paths, errors, API details)
3. Active constraints and preferences
4. Conversation dynamics updates
Drop older completed items from "Done" if needed to stay within target.

RULES:
1. PRESERVE all existing information unless explicitly superseded or space-constrained
2. ADD new progress, decisions, and context from the new messages
3. MOVE items from "In Progress" to "Done" when completed
4. UPDATE "Next Steps" based on what was accomplished
5. UPDATE "Conversation Dynamics" with any new tone/preference signals
6. PRESERVE exact file paths, function names, error messages
7. Use the SAME format as the existing summary

Output ONLY the updated summary.`;

/** Seed 004 § Message Rebuild After Compaction. */
export const NOUS_SUMMARY_TEXT = "[Previous conversation summary]\n\n{{summary}}";
export const NOUS_ACKNOWLEDGEMENT = "I have the context from our previous conversation. Let's continue.";
/** Seed 004 § Summary Validation: shorter summaries are rejected; at least 2 of these headings must appear. */
export const NOUS_MIN_SUMMARY_CHARS = 200;
export const NOUS_REQUIRED_SECTIONS = ["## Goal", "## Progress", "## Critical Context"] as const;

/**
 * Nous' two-layer design (seed 004, spec 008.1 v4).
 *
 * Layer 1, before every model call (when `toolPruningEnabled`): the soft-trim / hard-clear pruner — the
 * newest `keepLastToolResults` tool results untouched, results past `toolHardClearAfter` replaced by the
 * placeholder, those between over `toolSoftTrimChars` cut to head + tail with the seed's marker.
 *
 * Layer 2, before the first call of a turn (the seed checks in `stream_chat()` / `_tool_loop()` before the first
 * API call, not inside the tool loop), when system + history tokens — after layer 1 — exceed
 * `compactionThreshold` (strictly):
 * - the cut walks back from the newest message until `keepRecentTokens` are kept, then snaps forward to the
 *   next user message (a turn start); no such message, or a cut at the start, means nothing to compact (the
 *   seed's `cut_point == 0` guard, reported as a `guard` event);
 * - everything before the cut (the previous summary pair included) is summarized with CHECKPOINT, or with
 *   UPDATE and the previous summary when there is one; the request carries `summaryMaxChars` as its cap;
 * - the summary is rejected when shorter than 200 chars or missing two of "## Goal", "## Progress",
 *   "## Critical Context"; a failed or rejected summary falls back to truncation (the recent messages only);
 * - rebuild: [user "[Previous conversation summary]…", assistant acknowledgement, recent messages].
 *
 * Per-session locking (two concurrent compactions of one session never both run, the second re-checks under
 * the lock) is where runs execute, not in this pure strategy: see `lib/runs/session-lock.ts`.
 *
 * Deliberate differences: `compactionEnabled` defaults on (see the defaults); nous keeps in-turn tool results
 * out of its stored history, while the lab replays the whole transcript as history, so earlier turns' tool
 * traffic is part of what layer 2 cuts and summarizes; system messages at the start stay outside the history
 * (nous holds its system prompt apart) but count towards the threshold as the seed's `should_compact` does;
 * the seed's over-8,000-char warning and its "conversation_compacting" event are not separate events (the
 * compaction-start event carries the number of messages being compacted); the compaction's budget is the
 * threshold (ending above it means the next turn compacts again).
 */
export const nousStrategy = defineStrategy<NousSettings>({
  id: "nous",
  label: "Nous",
  description: "Soft-trim / hard-clear old tool results every call; over 100K at a turn start, checkpoint all but the newest ~20K tokens.",
  source: { kind: "seed", file: "004_91cfb95aaf759ded.txt", section: "Layer 1: Tool Output Pruning; Layer 2: History Compaction" },
  defaults: DEFAULT_NOUS_SETTINGS,
  settingsSchema: NousSettingsSchema,
  triggers: ["before-call"],
  decide(input): StrategyDecision {
    const { context, settings, force } = input;
    const marks = settings.toolPruningEnabled ? softTrimHardClear(context, settings) : [];
    // reporting only: reaches the events through the prune events of these marks
    const protection = marks.length > 0 ? { protected: softTrimHardClearProtection(context, settings) } : {};
    const turnStart = context.length > 0 && context.entry(context.length - 1).message.role === "user";
    if (!force && !(settings.compactionEnabled && turnStart)) return { marks, ...protection };
    const freed = freedByPosition(context, marks);
    let freedTotal = 0;
    for (const tokens of freed.values()) freedTotal += tokens;
    const total = context.tokens - context.scale(freedTotal);
    if (!force && total <= settings.compactionThreshold) return { marks, ...protection };

    let head = 0;
    while (head < context.length && context.entry(head).message.role === "system") head++;
    const cut = findNousCutPoint({ context, from: head, keepRecentTokens: settings.keepRecentTokens, freed });
    if (cut === null) {
      if (force) return { marks, ...protection };
      const message = `context ${total} > threshold ${settings.compactionThreshold}, but the newest ${settings.keepRecentTokens} tokens reach back to the first turn: nothing to compact`;
      return { marks, ...protection, notes: [{ type: "guard", guard: "cut-point-zero", message }] };
    }
    const keepHead: LayoutItem[] = head > 0 ? [{ kind: "keep", from: 0, to: head }] : [];
    const recent: LayoutItem = { kind: "keep", from: cut, to: context.length };
    const previous = input.previousSummary;
    return {
      marks,
      ...protection,
      compaction: {
        // the threshold when it is really crossed (forced or not), else a manual compaction saying why auto would wait
        reason: settings.compactionEnabled && turnStart && total > settings.compactionThreshold
          ? `context ${total} > threshold ${settings.compactionThreshold}`
          : settings.compactionEnabled ? `manual compaction: context ${total} ≤ threshold ${settings.compactionThreshold}` : "manual compaction (auto-compaction off)",
        protected: [{ kind: "tail", from: cut, label: `newest ~${settings.keepRecentTokens} tokens kept verbatim (keepRecentTokens)` }],
        budget: Math.min(settings.compactionThreshold, input.window - input.outputReserve),
        layout: [
          ...keepHead,
          { kind: "synthetic", role: "user", purpose: "summary", text: NOUS_SUMMARY_TEXT },
          { kind: "synthetic", role: "assistant", purpose: "acknowledgement", text: NOUS_ACKNOWLEDGEMENT },
          recent,
        ],
        fallback: { layout: [...keepHead, recent] },
        summaries: [
          {
            ranges: [{ from: head, to: cut }],
            request: {
              system: previous === null ? NOUS_CHECKPOINT_SYSTEM_PROMPT : NOUS_UPDATE_SYSTEM_PROMPT,
              instructions: "",
              format: CHECKPOINT_SUMMARY_FORMAT,
              maxChars: settings.summaryMaxChars,
              ...(previous === null ? {} : { previousSummary: previous }),
            },
          },
        ],
      },
    };
  },
  checkSummary(summary) {
    if (summary.length < NOUS_MIN_SUMMARY_CHARS) return `summary too short (${summary.length} chars < ${NOUS_MIN_SUMMARY_CHARS})`;
    const found = NOUS_REQUIRED_SECTIONS.filter((heading) => summary.includes(heading)).length;
    if (found < 2) return `summary missing expected sections (${found}/${NOUS_REQUIRED_SECTIONS.length} of ${NOUS_REQUIRED_SECTIONS.join(", ")})`;
    return null;
  },
});

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
 * Seed 004's `find_cut_point`: walk back accumulating tokens (as they will be after layer 1) until
 * `keepRecentTokens`, then snap forward to the next user message. Null when everything fits, no user message
 * follows, or the snap lands at the start of the history — the seed's `cut_point == 0`.
 */
function findNousCutPoint(options: { context: ContextView; from: number; keepRecentTokens: number; freed: Map<number, number> }): number | null {
  const { context, from } = options;
  let accumulated = 0;
  for (let position = context.length - 1; position >= from; position--) {
    accumulated += context.entryTokens(position) - (options.freed.get(position) ?? 0);
    if (context.scale(accumulated) < options.keepRecentTokens) continue;
    for (let candidate = position; candidate < context.length; candidate++) {
      if (context.entry(candidate).message.role === "user") return candidate > from ? candidate : null;
    }
    return null;
  }
  return null;
}
