import { describe, expect, it } from "vitest";
import { cacheRulesByProvider, cacheProviderOf, minimumCacheableTokens, offeredTtl } from "./cache-rules";
import { modelPromptCache, type CacheCallInput } from "./model-prompt-cache";

const anthropic = cacheRulesByProvider.anthropic;
const openai = cacheRulesByProvider.openai;
const google = cacheRulesByProvider.google;

/** a call whose whole previous prompt is still sent in front of it */
function call(step: number, contextTokens: number, length: number, kept: { messages: number; tokens: number }, requestTime: number | null = null): CacheCallInput {
  return { step, contextTokens, length, keptMessages: kept.messages, keptTokens: kept.tokens, outputTokens: 50, requestTime };
}

describe("modelPromptCache, Anthropic breakpoints", () => {
  const run = (calls: CacheCallInput[], ttlSeconds = 300) => modelPromptCache({ calls, rules: anthropic, ttlSeconds, minimumTokens: 1024 });

  it("reads the previous prompt and writes the new tail", () => {
    const calls = run([call(0, 2000, 4, { messages: 0, tokens: 0 }), call(1, 3000, 6, { messages: 4, tokens: 2000 }), call(2, 4000, 8, { messages: 6, tokens: 3000 })]);
    expect(calls.map(({ read, write, uncached, outcome }) => ({ read, write, uncached, outcome }))).toEqual([
      { read: 0, write: 2000, uncached: 0, outcome: "first" },
      { read: 2000, write: 1000, uncached: 0, outcome: "hit" },
      { read: 3000, write: 1000, uncached: 0, outcome: "hit" },
    ]);
  });

  it("a prune in the middle invalidates from that message on: the last breakpoint before it is read", () => {
    // call 2 masks message 5: call 1's entry (6 messages) is gone, call 0's (4 messages, 2,000 tokens) is still sent
    const calls = run([call(0, 2000, 4, { messages: 0, tokens: 0 }), call(1, 3000, 6, { messages: 4, tokens: 2000 }), call(2, 3500, 8, { messages: 5, tokens: 2600 })]);
    expect(calls[2]).toMatchObject({ read: 2000, write: 1500, uncached: 0, outcome: "partial", keptMessages: 5 });
    // and the call after it reads call 2's whole prompt again
    const next = run([call(0, 2000, 4, { messages: 0, tokens: 0 }), call(1, 3000, 6, { messages: 4, tokens: 2000 }), call(2, 3500, 8, { messages: 5, tokens: 2600 }), call(3, 4000, 10, { messages: 8, tokens: 3500 })]);
    expect(next[3]).toMatchObject({ read: 3500, write: 500, outcome: "hit" });
  });

  it("a compaction resets the prefix: nothing before the first rewritten message was a breakpoint", () => {
    const calls = run([call(0, 5000, 10, { messages: 0, tokens: 0 }), call(1, 6000, 12, { messages: 10, tokens: 5000 }), call(2, 1500, 3, { messages: 1, tokens: 200 })]);
    expect(calls[2]).toMatchObject({ read: 0, write: 1500, uncached: 0, outcome: "broken", keptMessages: 1 });
  });

  it("the agent's own prefix (system prompt and tools) survives a compaction, not an idle gap, and not under the minimum", () => {
    const withPrefix = (input: CacheCallInput, prefixTokens: number) => ({ ...input, prefixTokens });
    const calls = [call(0, 5000, 10, { messages: 0, tokens: 0 }, 0), call(1, 6000, 12, { messages: 10, tokens: 5000 }, 60_000), call(2, 3500, 3, { messages: 0, tokens: 2000 }, 120_000)];
    // a 2,000-token prefix: the compacted call reads it and writes the new messages behind it, as Claude Code's
    // first call after a compact_boundary records (cache_read = its system prompt and tools)
    expect(run(calls.map((input) => withPrefix(input, 2000)))[2]).toMatchObject({ read: 2000, write: 1500, uncached: 0, outcome: "partial" });
    // the call after reads the compacted prompt whole again
    const next = run([...calls, call(3, 4000, 5, { messages: 3, tokens: 3500 }, 150_000)].map((input) => withPrefix(input, 2000)));
    expect(next[3]).toMatchObject({ read: 3500, write: 500, outcome: "hit" });
    // past the TTL the prefix is gone too
    const idle = [...calls.slice(0, 2), { ...calls[2], requestTime: 60_000 + 301_000 }];
    expect(run(idle.map((input) => withPrefix(input, 2000)))[2]).toMatchObject({ read: 0, write: 3500, outcome: "expired" });
    // a prefix under the minimum has no entry of its own
    expect(run(calls.map((input) => withPrefix(input, 900)))[2]).toMatchObject({ read: 0, write: 3500, outcome: "broken" });
    // a prefix that changed (another system prompt, another tool list) is written again
    const changed = calls.map((input, index) => withPrefix(input, index === 2 ? 2100 : 2000));
    expect(run(changed)[2]).toMatchObject({ read: 0, write: 3500, outcome: "broken" });
  });

  it("an idle gap longer than the TTL misses; the 1-hour TTL keeps it", () => {
    const times = [0, 60_000, 60_000 + 301_000];
    const calls = [call(0, 2000, 4, { messages: 0, tokens: 0 }, times[0]), call(1, 3000, 6, { messages: 4, tokens: 2000 }, times[1]), call(2, 4000, 8, { messages: 6, tokens: 3000 }, times[2])];
    expect(run(calls)[2]).toMatchObject({ read: 0, write: 4000, outcome: "expired" });
    expect(run(calls, 3600)[2]).toMatchObject({ read: 3000, write: 1000, outcome: "hit" });
    // 299 s idle is still a hit: the entry's life restarts at each use
    const close = [...calls.slice(0, 2), { ...calls[2], requestTime: 60_000 + 299_000 }];
    expect(run(close)[2]).toMatchObject({ read: 3000, outcome: "hit" });
  });

  it("caches nothing under the model's minimum, and finds no entry past the lookback", () => {
    const short = run([call(0, 800, 2, { messages: 0, tokens: 0 }), call(1, 1000, 4, { messages: 2, tokens: 800 })]);
    expect(short.map((entry) => [entry.read, entry.write, entry.uncached, entry.outcome])).toEqual([
      [0, 0, 800, "short"],
      [0, 0, 1000, "short"],
    ]);
    // 25 messages appended in one go (a burst of parallel tool results): the previous breakpoint is out of reach
    const far = run([call(0, 2000, 4, { messages: 0, tokens: 0 }), call(1, 9000, 29, { messages: 4, tokens: 2000 })]);
    expect(far[1]).toMatchObject({ read: 0, write: 9000, outcome: "lookback" });
  });
});

describe("modelPromptCache, automatic caching", () => {
  it("OpenAI: nothing under 1,024 tokens, then the shared prefix in 128-token steps, never a write", () => {
    const calls = modelPromptCache({
      rules: openai,
      ttlSeconds: 300,
      minimumTokens: 1024,
      calls: [call(0, 1000, 2, { messages: 0, tokens: 0 }), call(1, 1500, 4, { messages: 2, tokens: 1000 }), call(2, 3000, 6, { messages: 4, tokens: 1500 })],
    });
    expect(calls.map(({ read, write, uncached, outcome }) => ({ read, write, uncached, outcome }))).toEqual([
      { read: 0, write: 0, uncached: 1000, outcome: "short" },
      { read: 0, write: 0, uncached: 1500, outcome: "short" },
      // 1,024 + floor((1,500 − 1,024) / 128) × 128 = 1,024 + 3 × 128
      { read: 1408, write: 0, uncached: 1592, outcome: "hit" },
    ]);
  });

  it("Gemini implicit caching reads the shared prefix past its minimum; a broken prefix reads what is left of it", () => {
    const calls = modelPromptCache({
      rules: google,
      ttlSeconds: 300,
      minimumTokens: minimumCacheableTokens(google, "gemini-2.5-flash"),
      calls: [call(0, 5000, 4, { messages: 0, tokens: 0 }), call(1, 6000, 6, { messages: 4, tokens: 5000 }), call(2, 4000, 5, { messages: 2, tokens: 3000 })],
    });
    expect(calls.map(({ read, uncached, outcome }) => [read, uncached, outcome])).toEqual([
      [0, 5000, "first"],
      [5000, 1000, "hit"],
      [3000, 1000, "partial"],
    ]);
  });
});

describe("automatic caching with billed writes (a GPT-5.6 price lists a cache write)", () => {
  it("writes the uncached rest of every prompt long enough to cache, and nothing under the minimum", () => {
    const calls = modelPromptCache({
      rules: openai,
      ttlSeconds: 300,
      minimumTokens: 1024,
      automaticWrites: true,
      calls: [call(0, 500, 2, { messages: 0, tokens: 0 }), call(1, 5000, 4, { messages: 2, tokens: 500 }), call(2, 6000, 6, { messages: 4, tokens: 5000 })],
    });
    // 5,000 shares 500 with the previous prompt (under the minimum): all written; 6,000 reads 1,024 + 31 × 128 = 4,992
    expect(calls.map(({ read, write, uncached }) => [read, write, uncached])).toEqual([
      [0, 0, 500],
      [0, 5000, 0],
      [4992, 1008, 0],
    ]);
  });
});

describe("cache rules as data", () => {
  it("every provider's rules are dated and sourced, with their cache price multipliers and TTLs", () => {
    for (const rules of Object.values(cacheRulesByProvider)) {
      expect(rules.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(rules.source).toMatch(/read \d{4}-\d{2}-\d{2}/);
      expect(rules.ttlSeconds[rules.defaultTtl]).toBeGreaterThan(0);
      for (const ttl of Object.keys(rules.ttlSeconds)) expect(rules.multipliers.write[ttl as "5m"], `${rules.provider} ${ttl}`).toBeGreaterThanOrEqual(1);
    }
    expect(cacheRulesByProvider.anthropic.multipliers).toEqual({ read: 0.1, write: { "5m": 1.25, "1h": 2 } });
    expect(cacheRulesByProvider.openai.ttlSeconds["24h"]).toBe(86_400);
    expect(offeredTtl(cacheRulesByProvider.openai, "1h")).toBe("5m");
    expect(offeredTtl(cacheRulesByProvider.anthropic, "1h")).toBe("1h");
  });

  it.each([
    ["claude-sonnet-4-5-20250929", "anthropic", 1024],
    ["claude-opus-4-5-20251101", "anthropic", 4096],
    ["claude-haiku-4-5", "anthropic", 4096],
    ["gpt-5.1-codex", "openai", 1024],
    ["gemini-3-pro-preview", "google", 4096],
    ["gemini-2.5-pro", "google", 4096],
    ["gemini-2.5-flash", "google", 1024],
    ["gemini-3-flash-preview", "google", 1024],
    ["meta-llama/llama-4-maverick", null, null],
  ])("%s → %s, minimum %s", (model, provider, minimum) => {
    expect(cacheProviderOf(model)).toBe(provider);
    if (provider) expect(minimumCacheableTokens(cacheRulesByProvider[provider as "anthropic"], model)).toBe(minimum);
  });
});

describe("modelPromptCache, recorded setting changes (session events)", () => {
  // three calls, each keeping the whole previous prompt; the agent's own prefix (system prompt and tools) is 1,500 tokens
  const calls = (changed: CacheCallInput["changed"]): CacheCallInput[] =>
    [call(0, 4000, 4, { messages: 0, tokens: 0 }, 0), call(1, 5000, 6, { messages: 4, tokens: 4000 }, 10_000), { ...call(2, 6000, 8, { messages: 6, tokens: 5000 }, 20_000), ...(changed ? { changed } : {}) }].map(
      (input) => ({ ...input, prefixTokens: 1500 }),
    );
  const run = (rules: typeof anthropic, changed: CacheCallInput["changed"]) => modelPromptCache({ calls: calls(changed), rules, ttlSeconds: 300, minimumTokens: 1024 });

  it("Anthropic: a thinking-level change drops the cached messages and keeps the system prompt and tools", () => {
    expect(run(anthropic, undefined)[2]).toMatchObject({ read: 5000, write: 1000, outcome: "hit" });
    expect(run(anthropic, ["thinking-level"])[2]).toMatchObject({ read: 1500, write: 4500, uncached: 0, outcome: "partial" });
  });

  it("Anthropic: a model change writes the whole prompt again, and the call after reads it", () => {
    expect(run(anthropic, ["model"])[2]).toMatchObject({ read: 0, write: 6000, outcome: "broken" });
    expect(run(anthropic, ["thinking-level", "model"])[2]).toMatchObject({ read: 0, write: 6000 });
    const after = modelPromptCache({ calls: [...calls(["model"]), { ...call(3, 6500, 10, { messages: 8, tokens: 6000 }, 30_000), prefixTokens: 1500 }], rules: anthropic, ttlSeconds: 300, minimumTokens: 1024 });
    expect(after[3]).toMatchObject({ read: 6000, write: 500, outcome: "hit" });
  });

  it("OpenAI: a model change reads nothing; a reasoning change is not documented to matter and is not modelled", () => {
    const openaiRun = (changed: CacheCallInput["changed"]) => modelPromptCache({ calls: calls(changed), rules: openai, ttlSeconds: 300, minimumTokens: 1024 });
    expect(openaiRun(["model"])[2]).toMatchObject({ read: 0, outcome: "broken" });
    expect(openaiRun(["thinking-level"])[2]).toEqual(openaiRun(undefined)[2]);
  });

  it("every provider's rules say what each setting change invalidates, with a source", () => {
    for (const rules of [anthropic, openai, google]) {
      expect(Object.keys(rules.invalidatedBy).sort()).toEqual(["model", "thinking-level"]);
      expect(rules.invalidationSource).toMatch(/Read 2026-\d\d-\d\d/);
    }
  });
});
