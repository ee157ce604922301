import { describe, expect, it } from "vitest";
import type { Message, Usage } from "../engine/model";
import { buildSession } from "../engine/testing/build-session";
import { estimateMessageTokens } from "../engine/tokens/chars4";
import { validatePromptCache } from "./validate-prompt-cache";

/**
 * A hand-built Claude session with recorded usage: a 2,000-token hidden system prompt, then calls whose recorded
 * cache figures are what Anthropic would report for them — except where a case says otherwise.
 */
function sessionWith(usages: (total: number, previous: number, call: number, totals: number[]) => Usage, models: string[] = []) {
  const session = buildSession([
    { user: "u".repeat(4_000) },
    ...[1, 2, 3, 4].map((turn) => ({ assistant: `step ${turn}`, tools: [{ name: "read", input: { turn }, output: "x".repeat(4_000) }] })),
    { assistant: "done" },
  ]);
  const hidden = 2_000;
  let sent = 0;
  let previous = 0;
  const totals: number[] = [];
  const messages = session.messages.map((message, index): Message => {
    if (message.role !== "assistant") {
      sent += estimateMessageTokens(message);
      return message;
    }
    const total = hidden + sent;
    const call = session.messages.slice(0, index).filter((entry) => entry.role === "assistant").length;
    const usage = usages(total, previous, call, totals);
    previous = total;
    totals.push(total);
    sent += estimateMessageTokens(message);
    const model = models[call] ?? "claude-sonnet-4-5";
    return { ...message, usage, model };
  });
  return { ...session, messages };
}

const anthropicLike = (total: number, previous: number): Usage => ({ input: 0, output: 10, cacheRead: previous, cacheWrite: total - previous });

describe("validatePromptCache", () => {
  it("predicts Anthropic's own figures: every call within ±10 points, the hidden system prompt measured", async () => {
    const validation = (await validatePromptCache(sessionWith(anthropicLike)))!;
    expect(validation.provider).toBe("anthropic");
    expect(validation.hiddenPrefixTokens).toBe(2_000);
    expect(validation.calls).toHaveLength(5);
    expect(validation.within).toBe(5);
    expect(validation.predictedTotalShare).toBeCloseTo(validation.recordedTotalShare, 2);
  });

  it("names the cause of a call off by more than 10 points, checked on the transcript", async () => {
    // call 2 went to another model (its cache starts empty: everything written; both have a 1,024-token minimum)
    const switched = (await validatePromptCache(
      sessionWith((total, previous, call) => (call === 2 ? { input: 0, output: 10, cacheRead: 0, cacheWrite: total } : anthropicLike(total, previous)), ["claude-sonnet-4-5", "claude-sonnet-4-5", "claude-sonnet-4-6", "claude-sonnet-4-6", "claude-sonnet-4-6"]),
    ))!;
    expect(switched.calls.filter((call) => call.cause !== null).map((call) => call.cause)).toEqual(["model-switch"]);
    // the agent sent call 3 without breakpoints
    const uncached = (await validatePromptCache(sessionWith((total, previous, call, totals) => (call === 3 ? { input: total, output: 10, cacheRead: 0, cacheWrite: 0 } : anthropicLike(total, call === 4 ? totals[2] : previous)))))!;
    expect(uncached.calls[3].cause).toBe("cache-not-used");
  });

  it("says nothing for a session without cache figures or without a known provider", async () => {
    expect(await validatePromptCache(sessionWith((total) => ({ input: total, output: 10, cacheRead: 0, cacheWrite: 0 })))).toBeNull();
    expect(await validatePromptCache(sessionWith(anthropicLike, ["llama", "llama", "llama", "llama", "llama"]))).toBeNull();
  });
});
