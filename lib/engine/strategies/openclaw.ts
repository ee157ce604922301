import { z } from "zod";
import type { Message } from "../model";
import type { ReplayEvent } from "../simulate/replay-events";
import {
  DEFAULT_PI_SETTINGS,
  findPiCut,
  PI_NO_PRIOR_HISTORY,
  PI_SUMMARY_PREFIX,
  PI_SUMMARY_SUFFIX,
  PI_TURN_CONTEXT_HEADING,
  PI_TURN_PREFIX_FORMAT,
  PI_TURN_PREFIX_INSTRUCTIONS,
  piStrategy,
} from "./pi";
import { collectFileLists, formatFileLists } from "./pi/file-operations";
import { OPENCLAW_SUMMARY_SYSTEM_PROMPT, StagePlanner, type PreviousSummary } from "./openclaw/plan-stages";
import { computeAdaptiveChunkRatio, pruneHistoryForContextShare, SAFETY_MARGIN, stretchOf, totalOf, type Stretch } from "./openclaw/token-share";
import { collectToolFailures, formatToolFailures } from "./openclaw/tool-failures";
import { defineStrategy, type ContextView, type LayoutItem, type StrategyDecision, type StrategyInput } from "./strategy";

/** Seed 001 §1: the reserve OpenClaw forces on pi's compaction settings. */
export const DEFAULT_PI_COMPACTION_RESERVE_TOKENS_FLOOR = 20_000;
/** Seed 001 §4: how far below the compaction threshold the memory flush runs. */
export const DEFAULT_MEMORY_FLUSH_SOFT_TOKENS = 4_000;
/** Seed 001 §2, verbatim: the summary used when summarization fails. */
export const FALLBACK_SUMMARY = "Summary unavailable due to context limits. Older messages were truncated.";
/** Seed 001 §4, verbatim: the user prompt of the memory-flush turn (quoted in the lab's event). */
export const DEFAULT_MEMORY_FLUSH_PROMPT = [
  "Pre-compaction memory flush.",
  "Store durable memories now (use memory/YYYY-MM-DD.md; create memory/ if needed).",
  "If nothing to store, reply with NO_REPLY.",
].join(" ");
/** Parts a history is split into (seed 001 §2: "default 2 parts"). */
const PARTS = 2;
/** A message is too large to summarize when, with the safety margin, it is over half the window. */
const OVERSIZED_SHARE = 0.5;

export const DEFAULT_OPENCLAW_SETTINGS = {
  mode: "safeguard" as "default" | "safeguard",
  /** pi's own reserveTokens, raised to `reserveTokensFloor` */
  reserveTokens: DEFAULT_PI_SETTINGS.reserveTokens,
  /** minimum reserve (0 disables the floor) */
  reserveTokensFloor: DEFAULT_PI_COMPACTION_RESERVE_TOKENS_FLOOR,
  /** pi's keepRecentTokens: the newest tokens kept verbatim */
  keepRecentTokens: DEFAULT_PI_SETTINGS.keepRecentTokens,
  /** safeguard: the share of the window the summarized history may take before older chunks are dropped */
  maxHistoryShare: 0.5,
  memoryFlushEnabled: true,
  memoryFlushSoftThresholdTokens: DEFAULT_MEMORY_FLUSH_SOFT_TOKENS,
};

const tokens = z.number().int().min(0);
export const OpenclawSettingsSchema = z.strictObject({
  mode: z.enum(["default", "safeguard"]),
  reserveTokens: tokens,
  reserveTokensFloor: tokens,
  keepRecentTokens: z.number().int().min(1),
  maxHistoryShare: z.number().min(0.1).max(0.9),
  memoryFlushEnabled: z.boolean(),
  memoryFlushSoftThresholdTokens: tokens,
});
export type OpenclawSettings = z.infer<typeof OpenclawSettingsSchema>;

/** `ensurePiCompactionReserveTokens`: pi's reserve, raised to the floor when below it. */
export function effectiveReserveTokens(settings: OpenclawSettings): number {
  return Math.max(settings.reserveTokens, settings.reserveTokensFloor);
}

/**
 * OpenClaw (seed 001) on pi's compaction (the lab's `pi` strategy: its trigger, cut, prompts, summary wrapper
 * and file lists are taken from there). Rules:
 * - Reserve: pi's 16,384 raised to the 20,000 floor. Before each call, a context over `window − reserve`
 *   compacts; over the usable window it is the overflow path — compact, then the call is retried once (the
 *   step is sent after the compaction; if it still overflows the replay reports it).
 * - Cut (pi): keep the newest ~20,000 tokens from `firstKeptEntryId`, never cutting at a tool result; a cut
 *   inside a turn summarizes the turn's beginning separately under "Turn Context (split turn)".
 * - `default` mode is pi's single summary. `safeguard` mode plans `summarizeInStages`: a history over
 *   `maxHistoryShare` of the window loses its oldest token-share chunks (`pruneHistoryForContextShare`), which
 *   are summarized on their own and fed to the main summary as its previous summary; a history over the
 *   adaptive chunk size (0.4 of the window, down to 0.15 for large messages, safety margin 1.2) is split in two
 *   by token share, each part summarized and the partials merged with MERGE_SUMMARIES_INSTRUCTIONS. Messages
 *   too large to summarize are skipped and noted. Tool failures and read / modified files follow the summary;
 *   if a summary fails, FALLBACK_SUMMARY with the same notes replaces the history instead.
 * - Memory flush: when a user message arrives with the context at `window − reserveTokensFloor − 4,000` or
 *   more, once per compaction count, a `memory-flush` warning marks where OpenClaw would run its silent turn.
 *
 * Deliberate differences: the lab cannot run the agentic memory-flush turn (nothing is written, nothing added
 * to the context). OpenClaw tries the whole summary first and skips oversized messages only when that fails;
 * the lab skips them up front. A failed dropped-chunk summary is ignored by OpenClaw but falls back in the
 * lab (the plan's calls succeed or fail together). The seed's "when history exceeds maxHistoryShare" is
 * applied to the messages being summarized. The seed does not give `mode`'s default: the lab uses safeguard,
 * the mode it documents. Read / modified files travel as the compaction's structured `details`; the tool-failure
 * and file-list notes are rebuilt into the summary message at each compaction. Session resets after a failed compaction are not modelled.
 */
export const openclawStrategy = defineStrategy<OpenclawSettings>({
  id: "openclaw",
  label: "OpenClaw",
  description: "pi's compaction with a 20K reserve floor; safeguard mode summarizes in stages (chunks merged), drops old chunks over half the window, flags the memory flush.",
  source: { kind: "seed", file: "001_75c6730349a2168f.txt", section: "§1 triggers, §2 safeguard summarization, §4 memory flush, §7 recovery" },
  defaults: DEFAULT_OPENCLAW_SETTINGS,
  settingsSchema: OpenclawSettingsSchema,
  triggers: ["after-user-message", "before-call"],
  decide(input) {
    if (input.point === "after-user-message" && !input.force) return memoryFlush(input);
    const { context, settings, window, outputReserve, force } = input;
    const reserve = effectiveReserveTokens(settings);
    const threshold = window - reserve;
    const usable = window - outputReserve;
    if (context.tokens <= threshold && !force) return {};
    const reason =
      context.tokens > usable
        ? `context overflow: ${context.tokens} > usable window ${usable}; compact and retry once`
        : context.tokens > threshold
          ? `context ${context.tokens} > window ${window} − reserve ${reserve} = ${threshold}`
          : "compaction requested";
    const decision =
      settings.mode === "default"
        ? piStrategy.decide({ ...input, settings: { reserveTokens: reserve, keepRecentTokens: settings.keepRecentTokens } })
        : planSafeguard(input, { reserve, threshold });
    if (!decision.compaction) {
      return { notes: [{ type: "guard", guard: "nothing-to-compact", message: `${reason}, but the newest ${settings.keepRecentTokens} tokens hold everything since the last summary` }] };
    }
    return { ...decision, compaction: { ...decision.compaction, reason } };
  },
});

/** `shouldRunMemoryFlush` (seed 001 §4), checked when a user message arrives. */
function memoryFlush({ context, settings, window, events, step }: StrategyInput<OpenclawSettings>): StrategyDecision {
  if (!settings.memoryFlushEnabled) return {};
  const threshold = Math.max(0, window - settings.reserveTokensFloor - settings.memoryFlushSoftThresholdTokens);
  if (threshold <= 0 || context.tokens < threshold) return {};
  // once per compaction cycle: look back only to the newest compaction (not over every event at every step)
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index];
    if (event.type === "compaction-end") break;
    if (event.type === "warning" && event.code === "memory-flush") return {};
  }
  const compactionCount = compactionsSoFar(events);
  return {
    notes: [
      {
        type: "warning",
        code: "memory-flush",
        message:
          `Memory flush before step ${step}: context ${context.tokens} ≥ ${threshold} (window − reserve floor − soft threshold), ` +
          `compaction count ${compactionCount}. OpenClaw would run a silent turn ("${DEFAULT_MEMORY_FLUSH_PROMPT}"); ` +
          "the lab cannot run that agentic turn, so nothing is stored and the context is unchanged.",
      },
    ],
  };
}

/** Compactions so far: counted only when a flush is reported (rare), so the steady-state check stays cheap. */
function compactionsSoFar(events: readonly ReplayEvent[]): number {
  let count = 0;
  for (const event of events) if (event.type === "compaction-end") count++;
  return count;
}

function planSafeguard(input: StrategyInput<OpenclawSettings>, { reserve, threshold }: { reserve: number; threshold: number }): StrategyDecision {
  const { context, settings, window } = input;
  let head = 0;
  while (head < context.length && context.entry(head).message.role === "system" && context.entry(head).purpose === null) head++;
  const summaryPosition = context.lastSummaryPosition;
  const from = summaryPosition >= head ? summaryPosition + 1 : head;
  const cut = findPiCut({ context, from, keepRecentTokens: settings.keepRecentTokens });
  if (!cut) return {};
  const historyEnd = cut.turnStart ?? cut.firstKept;

  const oversizedNotes: string[] = [];
  const summarizable = (start: number, end: number) =>
    positionsBetween(start, end).filter((position) => {
      const size = context.entryTokens(position);
      if (size * SAFETY_MARGIN <= window * OVERSIZED_SHARE) return true;
      oversizedNotes.push(`[Large ${context.entry(position).message.role} (~${Math.round(size / 1000)}K tokens) omitted from summary]`);
      return false;
    });
  let history = stretchOf(context, summarizable(from, historyEnd));
  const prefix = stretchOf(context, summarizable(historyEnd, cut.firstKept));

  const planner = new StagePlanner(context, Math.floor(0.8 * reserve));
  let previous: PreviousSummary = input.previousSummary ? { text: input.previousSummary } : null;
  if (totalOf(history) > window * settings.maxHistoryShare) {
    const pruned = pruneHistoryForContextShare({ context, history, window, maxHistoryShare: settings.maxHistoryShare, parts: PARTS });
    if (pruned.dropped.positions.length > 0) {
      const dropped = planner.stages(pruned.dropped, { previous, maxChunkTokens: maxChunkTokens(context, pruned.dropped, window), parts: PARTS });
      previous = { index: dropped };
    }
    history = pruned.kept;
  }

  let body: string;
  if (history.positions.length > 0) {
    const all: Stretch = { positions: [...history.positions, ...prefix.positions], tokens: [...history.tokens, ...prefix.tokens] };
    body = `{{summary:${planner.stages(history, { previous, maxChunkTokens: maxChunkTokens(context, all, window), parts: PARTS })}}}`;
  } else if (previous) body = "index" in previous ? `{{summary:${previous.index}}}` : previous.text;
  else body = PI_NO_PRIOR_HISTORY;
  if (prefix.positions.length > 0) {
    const index = planner.single(prefix, {
      system: OPENCLAW_SUMMARY_SYSTEM_PROMPT,
      instructions: PI_TURN_PREFIX_INSTRUCTIONS,
      format: PI_TURN_PREFIX_FORMAT,
      maxOutputTokens: Math.floor(0.5 * reserve),
    });
    body += `${PI_TURN_CONTEXT_HEADING}{{summary:${index}}}`;
  }

  const summarized = positionsBetween(from, cut.firstKept).map((position) => context.entry(position).message);
  // the previous compaction's file lists travel as structured details, never read back out of its summary text
  const details = collectFileLists(summarized, input.previousDetails ?? { readFiles: [], modifiedFiles: [] });
  const notes =
    (oversizedNotes.length > 0 ? `\n\n${oversizedNotes.join("\n")}` : "") +
    formatToolFailures(collectToolFailures(summarized)) +
    formatFileLists(details);
  const layoutWith = (summaryText: string): LayoutItem[] => [
    ...(head > 0 ? [{ kind: "keep" as const, from: 0, to: head }] : []),
    { kind: "synthetic", role: "user", purpose: "summary", text: `${PI_SUMMARY_PREFIX}${summaryText}${PI_SUMMARY_SUFFIX}` },
    { kind: "keep", from: cut.firstKept, to: context.length },
  ];
  const kept = positionsBetween(cut.firstKept, context.length).reduce((sum, position) => sum + context.entryTokens(position), 0);
  return {
    compaction: {
      reason: "",
      summaries: planner.summaries,
      layout: layoutWith(`${body}${notes}`),
      // the reported summary (the next update's previous summary) is the narrative alone: the notes are rebuilt
      // from structured data at every compaction, so they never snowball through the summarizer
      summaryText: body,
      details,
      budget: threshold,
      fallback: { layout: layoutWith(`${FALLBACK_SUMMARY}${notes}`) },
      protected: [{ kind: "tail", from: cut.firstKept, label: `newest ~${settings.keepRecentTokens} tokens kept verbatim (keepRecentTokens)` }],
      ...(prefix.positions.length > 0 ? { splitTurn: { from: historyEnd, to: cut.firstKept } } : {}),
      ...(context.scale(kept) > threshold ? { overBudgetReason: `the kept messages alone are ${context.scale(kept)} tokens (keepRecentTokens ${settings.keepRecentTokens} snapped to a cut point)` } : {}),
    },
  };
}

/** `maxChunkTokens` for a stretch: the window times its adaptive chunk ratio. */
function maxChunkTokens(context: ContextView, stretch: Stretch, window: number): number {
  return Math.max(1, Math.floor(window * computeAdaptiveChunkRatio(context, stretch, window)));
}

function positionsBetween(start: number, end: number): number[] {
  return Array.from({ length: Math.max(0, end - start) }, (_, offset) => start + offset);
}

