import { z } from "zod";
import { CACHE_PROVIDER_IDS, CACHE_TTL_IDS, cacheRulesByProvider, type CacheProviderId, type CacheTtlId } from "../cache/cache-rules";
import { EMPTY_LEDGER, readIntoLedger, type LedgerMessage } from "./evidence/ledger";
import { keeperCachePrices, type CacheEconomics, type KeeperCachePrices } from "./keeper/cache-economics";
import { compactionPaybackCalls, economicTrigger } from "./keeper/compaction-point";
import { curateLedger } from "./keeper/curate-ledger";
import { fitKeeperLedger } from "./keeper/fit-keeper-ledger";
import { growthPerCall } from "./keeper/growth-per-call";
import { idleGapMs } from "./keeper/idle-gap";
import { openTasksOf } from "./keeper/open-tasks";
import { planClearing } from "./keeper/plan-clearing";
import { recentTail } from "./keeper/recent-tail";
import { textWeightsOf } from "./keeper/text-weights";
import { trackErrors } from "./keeper/unresolved-errors";
import { addUserDirectives } from "./keeper/user-directives";
import { addAssistantProse } from "./keeper/assistant-prose";
import { addToolFacts } from "./keeper/tool-facts";
import { fitUserWords, readUserWords, withUserOwnText } from "./keeper/user-words";
import type { CompactionDetails, ContextView, LayoutItem, StrategyDecision } from "./strategy";
import { defineStrategy } from "./strategy";

/**
 * The lab's own cache-aware strategy (issue #36). Where it compacts follows from the cache's prices, plain numbers:
 * by default those of the cache the run is priced under — the session's own model's, at the TTL its usage records,
 * unless the run's cost options name another model, provider or TTL (StrategyInput.sessionCache;
 * lib/engine/cache/cache-rules.ts; lib/runs/price-run.ts `runSessionCache`); without a cache every token at 1×.
 * Anthropic's 5-minute cache reads 0.1× and writes 1.25× the input price, entries live 300 s after their last use
 * (its 1-hour cache writes at 2×); OpenAI's and Google's automatic caches write nothing (a changed prompt is sent at
 * 1×). The numbers set in the settings win where they are.
 */
export const DEFAULT_KEEPER_SETTINGS = {
  /** the ceiling: compact at the latest when the context (the agent's hidden prefix included) passes this share of the usable window (window − output reserve) */
  maxContextRatio: 0.8,
  /** the newest share of the window kept verbatim at a compaction, snapped to a turn (or step) boundary */
  keepRecentRatio: 0.02,
  /**
   * the ledger a compaction leaves (and carries to the next), a share of the window. Each 0.01 more is read at every
   * call and written at every compaction: on the tuning set's one session past 64K, 0.16 → 0.17 → 0.18 → 0.20 cost
   * 0.89× → 0.91× → 0.93× → 1.03× the cheapest agent default at 64K (the goal: ≤ 1.1×)
   */
  ledgerBudgetRatio: 0.17,
  /** a user message longer than this is kept as its beginning (its rule sentences whole, in the ledger) */
  instructionMaxChars: 4_000,
  /**
   * the share of the ledger's budget the user's own messages may take (the first and the newest are always kept).
   * 0.6 since round 5 (was 0.5): on the tuning set 0.4 / 0.5 / 0.6 / 0.7 kept pi-mono's user's-words set at 32K 48.6 /
   * 76.4 / 91.7 / 100% and its first set at 16K 49.4 / 49.4 / 48.1 / 36.7%; at 64K the user's words stay under the cap
   */
  userWordsShare: 0.6,
  /** clear old tool output (all but the newest `keepToolResults`) when an idle gap has left the cache cold and the rewrite is free */
  clearToolResults: true,
  /** the newest tool results never cleared */
  keepToolResults: 5,
  /**
   * a cached input token's price ÷ the input price; null (the default): that of the cache the run is priced under —
   * by default the cache of the model the session names (lib/engine/cache/cache-rules.ts; Anthropic, OpenAI and
   * Google all 0.1), Anthropic's when it names none the lab knows; 1 when the run is priced without a cache
   */
  cacheReadMultiplier: null as number | null,
  /**
   * a token written to the cache (or, for automatic caches, sent uncached after a change) ÷ the input price; null: the
   * session's provider's at the TTL its usage records, else the default (Anthropic 1.25 for 5 minutes, 2 for an hour;
   * OpenAI and Google 1: they write nothing, a changed prompt is sent uncached)
   */
  cacheWriteMultiplier: null as number | null,
  /** the cache entry's lifetime after its last use, seconds; null: the session's TTL as its usage records it, else the provider's default (300 for all three) */
  cacheTtlSeconds: null as number | null,
  /**
   * a change further back than this many messages from the prompt's end is not found by the cache at all (Anthropic
   * looks back about 20 blocks from its breakpoint): the whole prompt is written again. 0: no limit. null: the
   * session's provider's (Anthropic 20; OpenAI's and Google's automatic caches 0)
   */
  cacheLookbackMessages: null as number | null,
};

const PROVIDER_LABELS: Record<CacheProviderId, string> = { anthropic: "Anthropic", openai: "OpenAI", google: "Google" };

/** The four cache settings unset: each takes the session's cache (see {@link keeperCachePrices}). */
const FROM_SESSION = { cacheReadMultiplier: null, cacheWriteMultiplier: null, cacheTtlSeconds: null, cacheLookbackMessages: null };

/**
 * What an unset cache setting means, with each provider's number as `keeperCachePrices` resolves it (shown beside the
 * setting's "auto"): at its default TTL, and in brackets at another TTL it offers where the number differs there (a
 * session whose usage records that TTL is priced at it).
 */
function fromSessionCache(pick: (prices: KeeperCachePrices) => number): string {
  const numbers = CACHE_PROVIDER_IDS.map((id) => {
    const rules = cacheRulesByProvider[id];
    const at = (ttl: CacheTtlId) => pick(keeperCachePrices(FROM_SESSION, { rules, ttl }));
    const base = at(rules.defaultTtl);
    const others = CACHE_TTL_IDS.filter((ttl) => ttl !== rules.defaultTtl && rules.ttlSeconds[ttl] !== undefined && at(ttl) !== base).map((ttl) => `${ttl}: ${at(ttl)}`);
    return `${PROVIDER_LABELS[id]} ${base}${others.length > 0 ? ` (${others.join(", ")})` : ""}`;
  });
  return `unset: the cache the run is priced under (by default the session's model's, at the TTL its usage records) — ${numbers.join(", ")}`;
}

const share = z.number().gt(0).max(1);
export const KeeperSettingsSchema = z.strictObject({
  maxContextRatio: share,
  keepRecentRatio: z.number().min(0).max(1),
  ledgerBudgetRatio: z.number().gt(0).max(0.5),
  instructionMaxChars: z.number().int().min(80),
  userWordsShare: share,
  clearToolResults: z.boolean(),
  keepToolResults: z.number().int().min(0),
  cacheReadMultiplier: z.number().min(0).max(1).nullable().describe(fromSessionCache((prices) => prices.readMultiplier)),
  cacheWriteMultiplier: z.number().min(0).nullable().describe(fromSessionCache((prices) => prices.writeMultiplier)),
  cacheTtlSeconds: z.number().int().min(0).nullable().describe(fromSessionCache((prices) => prices.ttlSeconds)),
  cacheLookbackMessages: z.number().int().min(0).nullable().describe(fromSessionCache((prices) => prices.lookbackMessages)),
});
export type KeeperSettings = z.infer<typeof KeeperSettingsSchema>;

/** the ledger never gets less than this share of the window, however little room the agent's hidden prefix leaves */
const MIN_LEDGER_RATIO = 0.02;
const number = (value: number) => Math.round(value).toLocaleString("en-US");

/**
 * Keeper: keep what the next steps need, and keep the prompt cache warm.
 *
 * Every size below is in message tokens (the agent's hidden prefix — system prompt, tools — is never compacted and
 * keeps its own cache breakpoint). A compaction leaves about A = the leading system messages + the ledger
 * (`ledgerBudgetRatio` of the window) + the recent tail (`keepRecentRatio`). Before every call, in this order:
 * 1. **Where to compact** (`keeper/compaction-point.ts`): at C = A + √(2 × write × A × g ÷ read), g the tokens the
 *    session adds per call (`keeper/growth-per-call.ts`) — the size that makes reading the context between two
 *    compactions and writing A at each one cheapest per call — or at `maxContextRatio` of the usable window, whichever
 *    is lower. Below the ceiling a compaction is made only if it pays for itself within as many calls as the session
 *    has run (a session that has run n calls is, without other knowledge, as likely as not to run n more).
 * 2. **Idle compaction.** When the recorded timestamps show an idle gap past `cacheTtlSeconds`, the cache is cold:
 *    the whole prompt is written again whatever is sent, so compacting now saves writing what it drops. Compact
 *    when that saving (context − A) is at least the compaction's own write (A): from 2A on.
 * 3. **Clearing, cold only.** Otherwise, with a cold cache, every old tool result but the newest `keepToolResults` is
 *    cleared (`keeper/plan-clearing.ts`). With a warm cache nothing is cleared: a pass rewrites the prompt from the
 *    first cleared message (all of it past the cache's lookback) and puts off the compaction that drops that output
 *    anyway; priced over the calls before the next compaction, such passes cost more than they saved on the tuning set.
 * 4. **Compaction**: everything between the leading system messages and a recent tail is replaced by one literal
 *    message: the evidence ledger (the user's messages and rules verbatim, the latest request, decisions, findings,
 *    each file with its last operation, commands with their outcome, errors, names and numbers; `evidence/ledger.ts`)
 *    and the agent's open tasks. No model is called. The ledger travels as structured `details`, never read back.
 *    Keeper curates and ranks it by its own rules: resolved and generic error lines dropped (`keeper/unresolved-errors.ts`,
 *    `keeper/curate-ledger.ts`), the user's directives kept as rules (`keeper/user-directives.ts`), what the tools
 *    said (`keeper/tool-facts.ts`, the files read and written by every agent's tools as `keeper/file-operations.ts`
 *    recognises them: each file's last state — the lines its newest edits and writes put in it —, each
 *    command's outcome with its output's last line or tally, the lines of tool output holding a number, hex value,
 *    setting or identifier the user or the assistant used later, in prose or a tool call, the kept tail included, and
 *    what each file read states of itself: its rules, the errors it raises, its counts, its comments; and what it declares,
 *    its outline — names and signatures, headings, settings: `keeper/declarations-of.ts`),
 *    the assistant's prose filling only the room left (`keeper/assistant-prose.ts`), evicted lowest rank first,
 *    repetitions of what is shown elsewhere before any fact (`keeper/fit-keeper-ledger.ts`), shown in keeper's own
 *    sections (`keeper/render-keeper-ledger.ts`).
 */
export const keeperStrategy = defineStrategy<KeeperSettings>({
  id: "keeper",
  label: "Keeper (lab's own, cache-aware)",
  description:
    "The lab's own, priced with the prompt cache: compacts where reading the context and rewriting it at each compaction cost least per call, compacts early and clears old tool output only when the cache is cold anyway, and replaces history by a deterministic ledger of the user's words, tasks, decisions, errors, each file's last state, commands' output and the tool output the conversation used.",
  source: {
    kind: "lab",
    note: "the lab's own strategy (issue #36): compaction point and clearing priced with the prompt cache, idle compaction + the evidence ledger and open tasks; since 2026-11-27 (round 5) the ledger also reads the tools' output (each file's last state, each command's last line, the output lines the conversation used later, what each file read states of itself) within 0.17 of the window (was 0.16); since round 8 also what each file read declares (its outline: names and signatures, headings, settings); since 2026-11-28 the files of every agent's tools (Codex's apply_patch and shell reads, OpenHands' editor, Gemini CLI's replace)",
  },
  defaults: DEFAULT_KEEPER_SETTINGS,
  settingsSchema: KeeperSettingsSchema,
  triggers: ["before-call"],
  autoTrigger: (settings, window) => Math.floor(settings.maxContextRatio * window),
  decide(input): StrategyDecision {
    const { context, settings, window } = input;
    const usable = Math.max(0, window - input.outputReserve);
    const hidden = context.hiddenPrefixTokens ?? 0;
    const messages = Math.max(0, context.tokens - hidden);
    const ceiling = Math.max(0, Math.floor(settings.maxContextRatio * usable) - hidden);
    const since = growthPerCall({ step: input.step, messageTokens: messages, hiddenPrefixTokens: hidden, events: input.events });
    const growth = since.growthPerCall;
    const head = context.scale(headTokensOf(context));
    const tailTokens = Math.floor(settings.keepRecentRatio * window);
    // the ledger and the tail take at most half the room under the ceiling, so a compaction leaves room for as much
    // growth as it keeps (an agent whose hidden prefix fills most of a small window would compact at every call)
    const ledgerBudget = Math.max(Math.floor(MIN_LEDGER_RATIO * window), Math.min(Math.floor(settings.ledgerBudgetRatio * window), Math.floor(ceiling / 2) - head - tailTokens));
    // what a compaction leaves: as the newest one did, else the system messages, the ledger's budget and the tail
    const after = since.lastAfterTokens ?? head + ledgerBudget + tailTokens;
    const cache = keeperCachePrices(settings, input.sessionCache);
    const prices = { readMultiplier: cache.readMultiplier, writeMultiplier: cache.writeMultiplier };
    const trigger = Math.min(ceiling, Math.floor(economicTrigger({ afterTokens: after, growthPerCall: growth, ...prices })));
    const gap = idleGapMs(context);
    const cold = gap !== null && gap > cache.ttlSeconds * 1000;
    // a warm clearing pass rewrites the prompt from the first cleared message (all of it past the cache's lookback)
    // and postpones the compaction that would drop that output anyway: measured on the tuning set it cost more than it
    // saved at both windows, so keeper clears only when the cache is cold and the rewrite is free
    const economics: CacheEconomics = { ...prices, paybackCalls: 1 };
    const pass = settings.clearToolResults && cold ? planClearing({ context, keepToolResults: settings.keepToolResults, economics, cold, lookbackMessages: cache.lookbackMessages, pruner: "keeper-clearing" }) : null;
    const cleared = pass ? messages - context.scale(pass.freed) : messages;
    const idle = cold && messages >= 2 * after;
    const payback = compactionPaybackCalls({ contextTokens: cleared, afterTokens: after, cold, ...prices });
    const due = cleared > ceiling || (cleared > trigger && payback <= input.step);
    if (input.force || idle || due) {
      const reason = input.force
        ? `manual compaction: context ${number(context.tokens)}`
        : idle
          ? `idle ${number(gap! / 1000)} s > cache TTL ${number(cache.ttlSeconds)} s (${cache.source}): the cache is cold, so compacting now saves writing ${number(messages - after)} tokens (messages ${number(messages)} ≥ twice the ${number(after)} a compaction leaves)`
          : cleared > ceiling
            ? `messages ${number(cleared)} > ${number(ceiling)} (${settings.maxContextRatio} of the usable window ${number(usable)}, less the hidden prefix ${number(hidden)})`
            : `messages ${number(cleared)} > ${number(trigger)}, where compacting to ~${number(after)} costs least per call at ${number(growth)} tokens a call, reads ${cache.readMultiplier}× and writes ${cache.writeMultiplier}× the input price (${cache.source}; pays back in ${payback.toFixed(1)} calls)${pass ? "; a clearing pass would not bring it under" : ""}`;
      const compaction = planCompaction({ context, settings, window, ledgerBudget, budget: Math.max(ceiling, after) + hidden, reason, previous: input.previousDetails });
      if (compaction) return compaction;
      if (input.force) return {};
    }
    return pass ? { marks: pass.marks } : {};
  },
});

function headTokensOf(context: ContextView): number {
  let tokens = 0;
  for (let position = 0; position < context.length && context.entry(position).message.role === "system"; position++) tokens += context.entryTokens(position);
  return tokens;
}

function planCompaction(options: {
  context: ContextView;
  settings: KeeperSettings;
  window: number;
  /** the context (hidden prefix included) the compaction should leave at most */
  budget: number;
  /** tokens the ledger, the user's words and the open tasks may take */
  ledgerBudget: number;
  reason: string;
  previous: CompactionDetails | null;
}): StrategyDecision | null {
  const { context, settings, window } = options;
  let head = 0;
  while (head < context.length && context.entry(head).message.role === "system") head++;
  const keepRecent = Math.floor(settings.keepRecentRatio * window);
  const tail = recentTail(context, { from: head, keepTokens: keepRecent });
  if (tail === null) return null;
  const replaced: LedgerMessage[] = [];
  for (let position = head; position < tail.position; position++) {
    const { message, sessionIndex } = context.entry(position);
    // the ledger reads the user's own words: a reminder or notification the agent put in the user's turn is no rule of theirs
    if (sessionIndex !== null) replaced.push({ message: withUserOwnText(message), sessionIndex });
  }
  if (replaced.length === 0) return null;

  const tasks = openTasksOf(replaced.map((entry) => entry.message)) ?? options.previous?.openTasks ?? [];
  const tasksText = tasks.length > 0 ? `\n\n## Open tasks (the agent's newest task list, items not done)\n${tasks.map((task) => `- ${task}`).join("\n")}` : "";
  const measure = (text: string) => context.scale(context.textTokens(text));
  const weights = textWeightsOf(context);
  const hardBudget = options.ledgerBudget;
  const shownBudget = Math.max(0, hardBudget - measure(tasksText));
  const openRequest = !hasSessionUserMessage(context, tail.position);
  // the user's messages are kept whole in their own section; the ledger keeps the rest (their rules too)
  const words = readUserWords(options.previous?.userWords ?? [], replaced, settings.instructionMaxChars);
  const keptWords = fitUserWords(words, { budgetTokens: Math.floor(settings.userWordsShare * hardBudget), openRequest, measure, weights });
  const shownWords = fitUserWords(keptWords.kept, { budgetTokens: Math.floor(settings.userWordsShare * shownBudget), openRequest, measure, weights });
  const read = readIntoLedger(options.previous?.evidence ?? EMPTY_LEDGER, replaced, { instructionMaxChars: settings.instructionMaxChars });
  const errors = trackErrors(options.previous?.openErrors ?? [], replaced);
  const read2 = addUserDirectives({ ...read, entries: read.entries.filter((entry) => entry.kind !== "instruction" && entry.kind !== "request") }, replaced);
  // what the kept tail writes refers back too: a value it names keeps the line of old tool output it came from
  const referrers = proseFrom(context, tail.position);
  const facts = curateLedger(addAssistantProse(addToolFacts(read2, replaced, { referrers }), replaced), { resolvedErrors: errors.resolved });
  const userTexts = words.map((entry) => entry.text);
  const texts = (kept: readonly { text: string }[]) => kept.map((entry) => entry.text);
  // the ledger carried to the next compaction may take the whole budget and keeps what repeats the user's words (the
  // message holding it may be left out later); the ledger shown takes the room the user's words leave, repetitions first
  const kept = fitKeeperLedger(facts, { openRequest, budgetTokens: hardBudget, measure, weights, userTexts, shownUserTexts: [] });
  const shown = fitKeeperLedger(kept.ledger, { openRequest, budgetTokens: Math.max(0, shownBudget - shownWords.tokens), measure, weights, userTexts, shownUserTexts: texts(shownWords.kept), from: kept });
  const keptErrors = new Set(kept.ledger.entries.filter((entry) => entry.kind === "error").map((entry) => entry.key));
  const files = kept.ledger.entries.filter((entry) => entry.kind === "file");
  const details: CompactionDetails = {
    readFiles: [...new Set(files.filter((entry) => entry.note === "read").map((entry) => entry.text))].sort(),
    modifiedFiles: [...new Set(files.filter((entry) => entry.note === "edited" || entry.note === "written").map((entry) => entry.text))].sort(),
    evidence: kept.ledger,
    userWords: keptWords.kept,
    openTasks: tasks,
    openErrors: errors.open.filter((error) => keptErrors.has(error.key)),
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
      budget: options.budget,
      overBudgetReason: `the ledger (${number(shown.tokens)} tokens), the user's first and newest messages (${number(shownWords.tokens)} tokens), the open tasks and the newest turn kept verbatim (${number(context.scale(tail.tokens))} tokens) do not fit under the ceiling`,
      details,
      protected: [{ kind: "tail", from: tail.position, label: `newest ~${number(keepRecent)} tokens kept verbatim (keepRecentRatio ${settings.keepRecentRatio})` }],
    },
  };
}

/** the text the user and the assistant wrote from `from` on, and the inputs of the assistant's tool calls */
function proseFrom(context: ContextView, from: number): string[] {
  const texts: string[] = [];
  for (let position = from; position < context.length; position++) {
    const { message } = context.entry(position);
    if (message.role !== "user" && message.role !== "assistant") continue;
    for (const part of message.parts) {
      if (part.type === "text" && !part.synthetic) texts.push(part.text);
      if (part.type === "tool-call") texts.push(typeof part.input === "string" ? part.input : JSON.stringify(part.input ?? ""));
    }
  }
  return texts;
}

function hasSessionUserMessage(context: ContextView, from: number): boolean {
  for (let position = from; position < context.length; position++) {
    const entry = context.entry(position);
    if (entry.sessionIndex !== null && entry.message.role === "user") return true;
  }
  return false;
}
