import { z } from "zod";
import { cacheRulesByProvider } from "../cache/cache-rules";
import { EMPTY_LEDGER, fitLedger, readIntoLedger, type LedgerMessage } from "./evidence/ledger";
import type { CacheEconomics } from "./keeper/cache-economics";
import { idleGapMs } from "./keeper/idle-gap";
import { openTasksOf } from "./keeper/open-tasks";
import { planClearing } from "./keeper/plan-clearing";
import { recentTail } from "./keeper/recent-tail";
import { fitUserWords, readUserWords } from "./keeper/user-words";
import type { CompactionDetails, ContextView, LayoutItem, StrategyDecision } from "./strategy";
import { defineStrategy } from "./strategy";

/**
 * The lab's own cache-aware strategy (issue #36). Sizes are shares of the window; the cache's economics are plain
 * numbers: Anthropic's 5-minute cache by default (reads 0.1×, writes 1.25× the input price, entries live 300 s after
 * their last use — lib/engine/cache/cache-rules.ts), the most expensive of the three to rewrite a prompt under.
 */
export const DEFAULT_KEEPER_SETTINGS = {
  /** compact when the context passes this share of the usable window (window − output reserve) */
  triggerRatio: 0.2,
  /** the context right after a compaction aims at this share of the trigger, so the next one is many calls away */
  afterCompactionRatio: 0.8,
  /** with a cold cache (idle gap past the TTL) compact already past this share of the trigger: the rewrite is free then */
  coldCompactRatio: 0.5,
  /** the newest share of the window kept verbatim at a compaction, snapped to a turn (or step) boundary */
  keepRecentRatio: 0.02,
  /** the hard budget of the ledger the compactions carry, a share of the window */
  ledgerBudgetRatio: 0.12,
  /** a user message longer than this is kept as its beginning (its rule sentences whole, in the ledger) */
  instructionMaxChars: 4_000,
  /** the share of the ledger's budget the user's own messages may take (the first and the newest are always kept) */
  userWordsShare: 0.5,
  /** clear old tool output between compactions, in batches that pay for the cache rewrite they cause */
  clearToolResults: true,
  /** the newest tool results never cleared */
  keepToolResults: 5,
  /** a cached input token's price ÷ the input price */
  cacheReadMultiplier: 0.1,
  /** a token written to the cache (or, for automatic caches, sent uncached after a change) ÷ the input price */
  cacheWriteMultiplier: 1.25,
  /** the cache entry's lifetime after its last use, seconds */
  cacheTtlSeconds: cacheRulesByProvider.anthropic.ttlSeconds["5m"]!,
  /**
   * a change further back than this many messages from the prompt's end is not found by the cache at all (Anthropic
   * looks back about 20 blocks from its breakpoint): the whole prompt is written again. 0: no limit (automatic caches)
   */
  cacheLookbackMessages: cacheRulesByProvider.anthropic.lookbackMessages ?? 0,
  /** a clearing pass is made only when the cheaper calls after it pay for its rewrite within this many calls */
  paybackCalls: 10,
};

const share = z.number().gt(0).max(1);
export const KeeperSettingsSchema = z.strictObject({
  triggerRatio: share,
  afterCompactionRatio: share,
  coldCompactRatio: share,
  keepRecentRatio: z.number().min(0).max(1),
  ledgerBudgetRatio: z.number().gt(0).max(0.5),
  instructionMaxChars: z.number().int().min(80),
  userWordsShare: share,
  clearToolResults: z.boolean(),
  keepToolResults: z.number().int().min(0),
  cacheReadMultiplier: z.number().min(0).max(1),
  cacheWriteMultiplier: z.number().min(0),
  cacheTtlSeconds: z.number().int().min(0),
  cacheLookbackMessages: z.number().int().min(0),
  paybackCalls: z.number().int().min(0),
});
export type KeeperSettings = z.infer<typeof KeeperSettingsSchema>;

/** The ledger shown never drops below this share of the window, whatever the after-compaction target asks. */
const MIN_LEDGER_RATIO = 0.02;
const number = (value: number) => Math.round(value).toLocaleString("en-US");

/**
 * Keeper: keep what the next steps need, and keep the prompt cache warm.
 *
 * Before every call, in this order:
 * 1. **Idle compaction.** When the recorded timestamps show an idle gap past `cacheTtlSeconds` (the cache is cold:
 *    the whole prompt is written again whatever is sent) and the context is past `coldCompactRatio` of the trigger,
 *    compact now, while it costs no extra write.
 * 2. **Clearing that pays.** Old tool output (all but the newest `keepToolResults`) is cleared in one batch only when
 *    the calls after it, reading fewer tokens for `paybackCalls` calls, pay for writing the rest of the prompt from
 *    the first cleared message to the cache again (`keeper/plan-clearing.ts`, priced with the multipliers); with a
 *    cold cache every old result is cleared. Marks stay, so the prefix they make is read again at the next calls.
 * 3. **Compaction at the trigger.** When the context (after the clearing) passes `triggerRatio` of the usable window,
 *    everything between the leading system messages and a recent tail is replaced by one literal message: the
 *    evidence ledger (the user's messages and rules verbatim, the latest request, decisions, findings, each file
 *    with its last operation, commands with their outcome, errors, names and numbers; `evidence/ledger.ts`) and the
 *    agent's open tasks (the newest task-list call's items not done). No model is called, so a compaction costs only
 *    the rewrite of a context of about `afterCompactionRatio` of the trigger. The ledger travels as structured
 *    `details` and is never read back from text.
 */
export const keeperStrategy = defineStrategy<KeeperSettings>({
  id: "keeper",
  label: "Keeper (lab's own, cache-aware)",
  description:
    "The lab's own, priced with the prompt cache: clears old tool output only in batches that pay for the cache rewrite, compacts early when the cache is cold anyway, and replaces history by a deterministic ledger of the user's words, tasks, files, decisions and errors.",
  source: { kind: "lab", note: "the lab's own strategy (issue #36): cache-aware clearing and idle compaction + the evidence ledger and open tasks" },
  defaults: DEFAULT_KEEPER_SETTINGS,
  settingsSchema: KeeperSettingsSchema,
  triggers: ["before-call"],
  autoTrigger: (settings, window) => Math.floor(settings.triggerRatio * window),
  decide(input): StrategyDecision {
    const { context, settings, window } = input;
    const usable = Math.max(0, window - input.outputReserve);
    const trigger = Math.floor(settings.triggerRatio * usable);
    const gap = idleGapMs(context);
    const cold = gap !== null && gap > settings.cacheTtlSeconds * 1000;
    const economics: CacheEconomics = { readMultiplier: settings.cacheReadMultiplier, writeMultiplier: settings.cacheWriteMultiplier, paybackCalls: settings.paybackCalls };

    const pass = settings.clearToolResults ? planClearing({ context, keepToolResults: settings.keepToolResults, economics, cold, lookbackMessages: settings.cacheLookbackMessages, pruner: "keeper-clearing" }) : null;
    // a clearing pass that pays and brings the context under the trigger rewrites less than a compaction, and keeps more
    const clearedTokens = pass ? context.tokens - context.scale(pass.freed) : context.tokens;
    const idle = cold && context.tokens > settings.coldCompactRatio * trigger;
    if (input.force || idle || clearedTokens > trigger) {
      const reason = input.force
        ? `manual compaction: context ${number(context.tokens)} (trigger ${number(trigger)})`
        : idle
          ? `idle ${number(gap! / 1000)} s > cache TTL ${number(settings.cacheTtlSeconds)} s: the cache is cold, so compacting now costs no extra write (context ${number(context.tokens)} > ${settings.coldCompactRatio} of the trigger ${number(trigger)})`
          : `context ${number(context.tokens)} > ${number(trigger)} (${settings.triggerRatio} of the usable window ${number(usable)})${pass ? `, still ${number(clearedTokens)} after a clearing pass` : ""}`;
      const compaction = planCompaction({ context, settings, window, trigger, reason, previous: input.previousDetails });
      if (compaction) return compaction;
      if (input.force) return {};
    }
    return pass ? { marks: pass.marks } : {};
  },
});

function planCompaction(options: {
  context: ContextView;
  settings: KeeperSettings;
  window: number;
  trigger: number;
  reason: string;
  previous: CompactionDetails | null;
}): StrategyDecision | null {
  const { context, settings, window, trigger } = options;
  let head = 0;
  while (head < context.length && context.entry(head).message.role === "system") head++;
  const keepRecent = Math.floor(settings.keepRecentRatio * window);
  const tail = recentTail(context, { from: head, keepTokens: keepRecent });
  if (tail === null) return null;
  const replaced: LedgerMessage[] = [];
  for (let position = head; position < tail.position; position++) {
    const { message, sessionIndex } = context.entry(position);
    if (sessionIndex !== null) replaced.push({ message, sessionIndex });
  }
  if (replaced.length === 0) return null;

  const tasks = openTasksOf(replaced.map((entry) => entry.message)) ?? options.previous?.openTasks ?? [];
  const tasksText = tasks.length > 0 ? `\n\n## Open tasks (the agent's newest task list, items not done)\n${tasks.map((task) => `- ${task}`).join("\n")}` : "";
  let headTokens = 0;
  for (let position = 0; position < head; position++) headTokens += context.entryTokens(position);
  const measure = (text: string) => context.scale(context.textTokens(text));
  const hardBudget = Math.floor(settings.ledgerBudgetRatio * window);
  const room = Math.floor(settings.afterCompactionRatio * trigger) - context.scale(headTokens + tail.tokens) - measure(tasksText);
  const shownBudget = Math.min(hardBudget, Math.max(Math.floor(MIN_LEDGER_RATIO * window), room));
  const openRequest = !hasSessionUserMessage(context, tail.position);
  // the user's messages are kept whole in their own section; the ledger keeps the rest (their rules too)
  const words = readUserWords(options.previous?.userWords ?? [], replaced, settings.instructionMaxChars);
  const keptWords = fitUserWords(words, { budgetTokens: Math.floor(settings.userWordsShare * hardBudget), openRequest, measure });
  const shownWords = fitUserWords(keptWords.kept, { budgetTokens: Math.floor(settings.userWordsShare * shownBudget), openRequest, measure });
  const read = readIntoLedger(options.previous?.evidence ?? EMPTY_LEDGER, replaced, { instructionMaxChars: settings.instructionMaxChars });
  const facts = { ...read, entries: read.entries.filter((entry) => entry.kind !== "instruction" && entry.kind !== "request") };
  const kept = fitLedger(facts, { openRequest, budgetTokens: hardBudget - keptWords.tokens, measure });
  const shown = fitLedger(kept.ledger, { openRequest, budgetTokens: Math.max(0, shownBudget - shownWords.tokens), measure });
  const files = kept.ledger.entries.filter((entry) => entry.kind === "file");
  const details: CompactionDetails = {
    readFiles: [...new Set(files.filter((entry) => entry.note === "read").map((entry) => entry.text))].sort(),
    modifiedFiles: [...new Set(files.filter((entry) => entry.note === "edited" || entry.note === "written").map((entry) => entry.text))].sort(),
    evidence: kept.ledger,
    userWords: keptWords.kept,
    openTasks: tasks,
  };
  const layout: LayoutItem[] = [
    ...(head > 0 ? [{ kind: "keep" as const, from: 0, to: head }] : []),
    { kind: "synthetic", role: "user", purpose: "summary", text: `${shown.text}${shownWords.text ? `\n\n${shownWords.text}` : ""}${tasksText}`, literal: true },
    { kind: "keep", from: tail.position, to: context.length },
  ];
  return {
    compaction: {
      reason: options.reason,
      summaries: [],
      layout,
      budget: trigger,
      overBudgetReason: `the ledger (${number(shown.tokens)} tokens), the user's first and newest messages (${number(shownWords.tokens)} tokens), the open tasks and the newest turn kept verbatim (${number(context.scale(tail.tokens))} tokens) do not fit under the trigger`,
      details,
      protected: [{ kind: "tail", from: tail.position, label: `newest ~${number(keepRecent)} tokens kept verbatim (keepRecentRatio ${settings.keepRecentRatio})` }],
    },
  };
}

function hasSessionUserMessage(context: ContextView, from: number): boolean {
  for (let position = from; position < context.length; position++) {
    const entry = context.entry(position);
    if (entry.sessionIndex !== null && entry.message.role === "user") return true;
  }
  return false;
}
