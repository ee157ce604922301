import type { SessionEventKind } from "../model";
import type { CacheRules } from "./cache-rules";

/** What the cache model needs of one model call (a ReplayStep carries all of it, see lib/engine/simulate). */
export interface CacheCallInput {
  step: number;
  /** estimated input tokens of the call: its whole context */
  contextTokens: number;
  /** messages in the context */
  length: number;
  /** the prefix of the previous call's context sent unchanged in front of this one: messages, tokens */
  keptMessages: number;
  keptTokens: number;
  outputTokens: number;
  /** when the request was sent (ms since the epoch), null when the source has no timestamps */
  requestTime: number | null;
  /**
   * the agent's own prompt in front of the messages (system prompt and tools), included in `contextTokens`, under a
   * breakpoint of its own: a change in the messages — a compaction, a prune — leaves it cached (0: none)
   */
  prefixTokens?: number;
  /**
   * the agent's request settings recorded as changed since the previous call (session events: thinking level,
   * model); each invalidates what the provider's rules say (`rules.invalidatedBy`)
   */
  changed?: readonly PromptChange[];
}

/**
 * What changed in front of a call: a recorded setting (session event), or `prompt-rewritten` — the recorded usage says
 * the provider read nothing although the transcript explains no change (an agent restart that rebuilt its system
 * prompt: see recordedPromptRewrites); the whole prompt is written again.
 */
export type PromptChange = SessionEventKind | "prompt-rewritten";

/**
 * How one call's prompt met the cache:
 * `first` nothing was cached yet (the first call, or the first long enough to cache), `hit` the whole previous prompt was read, `partial` a shorter
 * earlier prefix was read (a change after it), `broken` nothing could be read because the prompt changed before
 * any cached prefix, `expired` the idle gap since the entry's last use exceeded the TTL, `short` the prompt (or
 * the shared prefix) is under the provider's minimum, `lookback` the newest entry is further back than the provider
 * looks from the new breakpoint (a burst of messages in one go).
 */
export type CacheOutcome = "first" | "hit" | "partial" | "broken" | "expired" | "short" | "lookback";

export interface CacheCall {
  step: number;
  /** input tokens served from the cache */
  read: number;
  /** input tokens written to the cache (charged at the write price; 0 for automatic caching) */
  write: number;
  /** input tokens charged at the base input price */
  uncached: number;
  output: number;
  outcome: CacheOutcome;
  /** the prefix still sent unchanged from the previous call, in messages: where the prefix broke when it did */
  keptMessages: number;
}

interface CacheEntry {
  /** messages the cached prefix spans, and its tokens */
  length: number;
  tokens: number;
  lastUsed: number | null;
}

/**
 * The prompt cache over a replay's model calls, under one provider's rules. Pure: one pass, in call order.
 *
 * - Breakpoints (Anthropic): each call puts its breakpoint at its last message, so it writes an entry for its whole
 *   prompt. The next call reads the newest entry whose prefix it still sends unchanged (entries past the first
 *   changed message are gone), if that entry is within the provider's lookback of the new breakpoint and used
 *   within the TTL, and writes the rest. A prune in the middle therefore reads up to the last breakpoint before
 *   the pruned message and writes everything after it; a compaction that rewrites the context from its first
 *   message reads only the agent's own prefix (`prefixTokens`: system prompt and tools, whose breakpoint of its own
 *   every call refreshes — Claude Code's recorded usage reads 21–34K tokens on the call right after each
 *   compact_boundary), or nothing when there is none or it is under the minimum.
 * - Automatic (OpenAI, Gemini implicit): a call reads the prefix it shares with the previous prompt, rounded down
 *   to the provider's step past the minimum, if the previous request was within the TTL; nothing is written —
 *   unless `automaticWrites` (a model whose price bills cache writes, e.g. GPT-5.6): then the rest of every prompt
 *   long enough to cache is written.
 * - The idle gap is measured between request times; without timestamps the cache never expires.
 *
 * Memory: the breakpoint entries of the current prefix (one per call until a change drops those past it).
 */
export function modelPromptCache(options: { calls: readonly CacheCallInput[]; rules: CacheRules; ttlSeconds: number; minimumTokens: number; automaticWrites?: boolean }): CacheCall[] {
  const { rules, minimumTokens } = options;
  const ttlMs = options.ttlSeconds * 1000;
  const entries: CacheEntry[] = [];
  // the agent's own prefix: an entry no change in the messages drops, only the TTL
  let prefixEntry: CacheEntry | null = null;
  const out: CacheCall[] = [];
  let previousTime: number | null = null;
  options.calls.forEach((call, index) => {
    const total = Math.max(0, call.contextTokens);
    let kept = Math.max(0, Math.min(call.keptTokens, total));
    const idle = previousTime !== null && call.requestTime !== null ? call.requestTime - previousTime : 0;
    if (call.requestTime !== null) previousTime = call.requestTime;
    const result = (read: number, write: number, outcome: CacheOutcome): CacheCall => ({
      step: call.step,
      read,
      write,
      uncached: total - read - write,
      output: call.outputTokens,
      outcome,
      keptMessages: call.keptMessages,
    });

    const invalidated = invalidationOf(rules, call.changed);

    if (rules.mode === "automatic") {
      const written = (read: number) => (options.automaticWrites && total >= minimumTokens ? total - read : 0);
      if (index === 0) return void out.push(result(0, written(0), total < minimumTokens ? "short" : "first"));
      if (total < minimumTokens) return void out.push(result(0, 0, "short"));
      if (idle > ttlMs) return void out.push(result(0, written(0), "expired"));
      if (invalidated === "prompt") return void out.push(result(0, written(0), "broken"));
      const whole = isWhole(call, options.calls[index - 1]) && invalidated === null;
      if (invalidated === "messages") kept = Math.min(kept, Math.max(0, call.prefixTokens ?? 0));
      if (kept < minimumTokens) return void out.push(result(0, written(0), whole ? "short" : "broken"));
      const read = minimumTokens + Math.floor((kept - minimumTokens) / rules.stepTokens) * rules.stepTokens;
      return void out.push(result(read, written(read), whole ? "hit" : "partial"));
    }

    // breakpoints: drop the entries whose prefix changed, then the newest ones unused for longer than the TTL —
    // only the newest surviving entry is ever read, so a deeper expired one is dropped when it comes to the top
    // (checking them all at every call made a long session's pass quadratic)
    while (entries.length > 0 && entries[entries.length - 1].length > call.keptMessages) entries.pop();
    // a recorded setting change: the provider drops the cached messages (and the agent's prefix too when it says so)
    if (invalidated !== null) entries.length = 0;
    if (invalidated === "prompt") prefixEntry = null;
    let expired = false;
    while (call.requestTime !== null && entries.length > 0) {
      const lastUsed = entries[entries.length - 1].lastUsed;
      if (lastUsed === null || call.requestTime - lastUsed <= ttlMs) break;
      entries.pop();
      expired = true;
    }
    const prefix = Math.min(Math.max(0, call.prefixTokens ?? 0), total);
    if (prefixEntry && (prefixEntry.tokens !== prefix || (call.requestTime !== null && prefixEntry.lastUsed !== null && call.requestTime - prefixEntry.lastUsed > ttlMs))) {
      if (prefixEntry.tokens === prefix) expired = true;
      prefixEntry = null;
    }
    if (total < minimumTokens) return void out.push(result(0, 0, "short"));
    const newest = entries[entries.length - 1];
    const reachable = newest !== undefined && (rules.lookbackMessages === null || call.length - newest.length <= rules.lookbackMessages);
    const fromPrefix = !reachable && prefixEntry !== null;
    const read = reachable ? Math.min(newest.tokens, total) : fromPrefix ? prefixEntry!.tokens : 0;
    if (reachable) newest.lastUsed = call.requestTime;
    entries.push({ length: call.length, tokens: total, lastUsed: call.requestTime });
    if (prefix >= minimumTokens) prefixEntry = { length: 0, tokens: prefix, lastUsed: call.requestTime };
    const previous = options.calls[index - 1];
    const outcome: CacheOutcome =
      index === 0
        ? "first"
        : fromPrefix
          ? "partial"
        : read > 0
          ? isWhole(call, previous) && newest.length === previous.length && invalidated === null
            ? "hit"
            : "partial"
          : expired
            ? "expired"
            : newest !== undefined && !reachable
              ? "lookback"
            : isWhole(call, previous) && invalidated === null
              ? "first"
              : "broken";
    out.push(result(read, total - read, outcome));
  });
  return out;
}

/** Nothing of the previous call's context changed: its whole prompt is this one's prefix. */
function isWhole(call: CacheCallInput, previous: CacheCallInput): boolean {
  return call.keptMessages >= previous.length;
}

/** What the provider drops for the settings changed before a call: the widest of the rules' answers, null for none. */
function invalidationOf(rules: CacheRules, changed: readonly PromptChange[] | undefined): "messages" | "prompt" | null {
  let widest: "messages" | "prompt" | null = null;
  for (const kind of changed ?? []) {
    const drops = kind === "prompt-rewritten" ? "prompt" : rules.invalidatedBy[kind];
    if (drops === "prompt") return "prompt";
    if (drops === "messages") widest = "messages";
  }
  return widest;
}
