import { describe, expect, it } from "vitest";
import { noneStrategy } from "../strategies/none";
import { observationMaskingStrategy } from "../strategies/observation-masking";
import { trimMessagesStrategy } from "../strategies/trim-messages";
import { piStrategy } from "../strategies/pi";
import { buildSession, deepFreeze } from "../testing/build-session";
import { estimateMessageTokens } from "../tokens/chars4";
import { replaySession } from "../simulate/replay-session";
import { cacheRulesByProvider } from "./cache-rules";
import { cacheInputsOfReplay } from "./cache-inputs-of-replay";
import { modelPromptCache } from "./model-prompt-cache";
import { summarizerCalls } from "./summarizer-calls";

// m0 system, m1 user, then calls: m2 (+ m3 result), m4 (+ m5), m6 (+ m7), m8
const session = deepFreeze(
  buildSession([
    { system: "s".repeat(396) },
    { user: "u".repeat(396) },
    { assistant: "a".repeat(396), tools: [{ name: "read", input: {}, output: "x".repeat(3996) }] },
    { assistant: "b".repeat(396), tools: [{ name: "read", input: {}, output: "y".repeat(3996) }] },
    { assistant: "c".repeat(396), tools: [{ name: "read", input: {}, output: "z".repeat(3996) }] },
    { assistant: "done" },
  ]),
);
const tokensOf = (from: number, to: number) => session.messages.slice(from, to).reduce((sum, message) => sum + estimateMessageTokens(message), 0);

describe("the kept prefix a replay records", () => {
  it("none: every call keeps the previous call's whole context", async () => {
    const result = await replaySession({ session, strategy: noneStrategy });
    expect(result.steps.map((step) => [step.messageIndex, step.keptMessages, step.keptTokens])).toEqual([
      [2, 0, 0],
      [4, 2, tokensOf(0, 2)],
      [6, 4, tokensOf(0, 4)],
      [8, 6, tokensOf(0, 6)],
    ]);
    // the output of each call is its own assistant message
    expect(result.steps.map((step) => step.outputTokens)).toEqual([2, 4, 6, 8].map((index) => tokensOf(index, index + 1)));
  });

  it("a mask in the middle keeps the prefix up to the masked message", async () => {
    // n = 1: before the call at m6, the result m3 is masked (m5 is the newest); before m8, m5 is masked
    const result = await replaySession({ session, strategy: observationMaskingStrategy, settings: { n: 1 } });
    expect(result.steps.map((step) => [step.messageIndex, step.keptMessages])).toEqual([
      [2, 0],
      [4, 2],
      [6, 3],
      [8, 5],
    ]);
    expect(result.steps[2].keptTokens).toBe(tokensOf(0, 3));
    // Anthropic: call 2 reads call 0's entry (2 messages) and writes the rest; call 3 reads nothing past m5 but call 2's breakpoint is at 6
    // by hand: m0, m1 = 99 + 4 each; a call message 99 + 2 (tool call "read" {}) + 4 = 105; a result 999 + 4 = 1,003;
    // masked, "Old environment output: (1 lines omitted)" = 11 + 4 = 15
    expect(result.steps.map((step) => [step.contextTokens, step.keptTokens])).toEqual([
      [206, 0],
      [1314, 206],
      [206 + 105 + 15 + 105 + 1003, 311],
      [206 + 105 + 15 + 105 + 15 + 105 + 1003, 431],
    ]);
    // Anthropic (minimum 1,024): call 0 is too short to cache; call 1 writes its prompt; call 2 masks m3, inside
    // call 1's entry, so nothing is read; call 3 masks m5, inside call 2's entry: nothing again — masking the
    // newest-but-one result breaks the cache at every call
    const calls = modelPromptCache({ calls: cacheInputsOfReplay(session, result)!, rules: cacheRulesByProvider.anthropic, ttlSeconds: 300, minimumTokens: 1024 });
    expect(calls.map(({ read, write, uncached, outcome }) => [read, write, uncached, outcome])).toEqual([
      [0, 0, 206, "short"],
      [0, 1314, 0, "first"],
      [0, 1434, 0, "broken"],
      [0, 1554, 0, "broken"],
    ]);
  });

  it("a compaction resets the prefix to what it kept in front: the leading system message", async () => {
    const result = await replaySession({ session, strategy: trimMessagesStrategy, settings: { maxConversationMessages: 3 } });
    const trimmed = result.steps.find((step) => step.epoch > 0)!;
    expect(trimmed.keptMessages).toBe(1);
    expect(trimmed.keptTokens).toBe(tokensOf(0, 1));
  });

  it("the summarizer call of a compaction is reported with its own input and output", async () => {
    const turns = deepFreeze(
      buildSession([
        { system: "You are a coding agent." },
        ...[1, 2, 3, 4, 5].flatMap((turn) => [{ user: `task ${turn} `.repeat(300) }, { assistant: `answer ${turn} `.repeat(300) }]),
      ]),
    );
    const result = await replaySession({ session: turns, strategy: piStrategy, window: 3000, settings: { reserveTokens: 500, keepRecentTokens: 600 } });
    const calls = summarizerCalls(result.events);
    expect(calls.length).toBeGreaterThan(0);
    for (const entry of calls) {
      expect(entry.input).toBeGreaterThan(0);
      expect(entry.output).toBeGreaterThan(0);
    }
    // the compaction rewrote the context after the leading system message: the next call keeps only that
    const after = result.steps.find((step) => step.step === calls[0].step)!;
    expect(after.keptMessages).toBe(1);
    expect(after.keptTokens).toBe(estimateMessageTokens(turns.messages[0]));
  });
});

describe("cacheInputsOfReplay", () => {
  it("takes the request time from the last message before the call, and gives null for a result stored before kept prefixes", async () => {
    const timed = { ...session, messages: session.messages.map((message, index) => ({ ...message, timestamp: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString() })) };
    const result = await replaySession({ session: timed, strategy: noneStrategy });
    expect(cacheInputsOfReplay(timed, result)!.map((input) => input.requestTime)).toEqual([1, 3, 5, 7].map((minute) => Date.UTC(2026, 0, 1, 0, minute)));
    const old = { steps: result.steps.map(({ keptTokens: _tokens, keptMessages: _messages, ...step }) => step) };
    expect(cacheInputsOfReplay(timed, old)).toBeNull();
  });
});
