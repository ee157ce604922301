import { describe, expect, it } from "vitest";
import { contextAt, finalContext } from "../simulate/context-at";
import { planCompaction } from "../simulate/plan-compaction";
import { replaySession } from "../simulate/replay-session";
import type { CompactionEndEvent } from "../simulate/replay-events";
import type { SummarizeRequest, Summarizer } from "../summarize/summarizer";
import { buildSession } from "../testing/build-session";
import { createEstimator } from "../tokens/create-estimator";
import { anthropicCompactionStrategy } from "./anthropic-compaction";
import { openaiCompactionStrategy } from "./openai-compaction";

// 8 turns of ~2,500 tokens of tool output each: ~20,000 tokens by chars/4
const session = buildSession([
  { system: "You are a coding agent." },
  ...Array.from({ length: 8 }, (_, turn) => [
    { user: `Task ${turn}: keep going on src/module-${turn}.ts` },
    { assistant: `Working on ${turn}.`, tools: [{ name: "bash", input: { command: `cat src/module-${turn}.ts` }, output: `line ${turn} `.repeat(1_400) }] },
  ]).flat(),
]);

/** Stands in for the providers' compaction the way lib/llm answers it: text for Anthropic, an opaque size for OpenAI. */
function providerDriver(seen: SummarizeRequest[]): Summarizer {
  return async (request) => {
    seen.push(request);
    if (request.providerCompaction?.provider === "anthropic") return { text: `Summary of ${request.messages.length} messages.`, usage: { input: 20_000, output: 40 } };
    if (request.providerCompaction?.provider === "openai") return { text: "", opaqueTokens: 777, usage: { input: 20_000, output: 777 } };
    throw new Error("not a provider request");
  };
}

const compactionEnds = (events: readonly { type: string }[]) => events.filter((event): event is CompactionEndEvent => event.type === "compaction-end");

describe("the providers' compaction as strategies", () => {
  it("anthropic-compaction: asks for the provider's compaction at the trigger with the whole context; the summary is a pivot after the system prompt", async () => {
    const seen: SummarizeRequest[] = [];
    const result = await replaySession({ session, strategy: anthropicCompactionStrategy, settings: { triggerTokens: 50_000 }, window: 200_000, summarizer: providerDriver(seen) });
    expect(seen).toHaveLength(0); // ~20,000 tokens never reach the 50,000 trigger

    const forced = await replaySession({ session, strategy: anthropicCompactionStrategy, window: 200_000, summarizer: providerDriver(seen), forceAtStep: 6 });
    expect(seen).toHaveLength(1);
    expect(seen[0].providerCompaction).toEqual({ provider: "anthropic", triggerTokens: 50_000 });
    expect(seen[0].messages[0].role).toBe("system");
    const [end] = compactionEnds(forced.events);
    expect(end.summary).toMatch(/^Summary of \d+ messages\.$/);
    expect(end.opaque).toBeUndefined();
    const context = finalContext(session, forced);
    expect(context.messages[0].message.role).toBe("system");
    expect(context.messages[1].purpose).toBe("summary");
    expect(result.events.some((event) => event.type === "compaction-start")).toBe(false);
  });

  it("openai-compaction: keeps the user's own messages and stands an opaque part counted at the reported size", async () => {
    const seen: SummarizeRequest[] = [];
    const window = 16_000; // 80% of it (12,800) is under the session's ~20,000 tokens
    const result = await replaySession({ session, strategy: openaiCompactionStrategy, window, summarizer: providerDriver(seen) });
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen[0].providerCompaction).toEqual({ provider: "openai" });
    const [end] = compactionEnds(result.events);
    expect(end.summary).toBeNull();
    expect(end.opaque).toEqual({ provider: "openai", tokens: 777 });
    expect(end.summaryTokens).toBe(777);
    const sent = contextAt(session, result, end.step).messages;
    expect(sent.filter((entry) => entry.message.parts.some((part) => part.type === "opaque"))).toHaveLength(1);
    // what is kept is the system prompt and the user's own messages: no tool result without its call
    for (const entry of sent.filter((candidate) => candidate.sessionIndex !== null)) {
      expect(["system", "user"]).toContain(entry.message.role);
      expect(entry.message.parts.every((part) => part.type === "text")).toBe(true);
    }
    expect(sent.filter((entry) => entry.message.role === "user" && entry.sessionIndex !== null)).toHaveLength(session.messages.slice(0, result.steps[end.step].messageIndex).filter((message) => message.role === "user").length);
    // the estimate of what is sent counts the item at its reported size
    expect(result.steps[end.step].contextTokens).toBeLessThan(end.tokensBefore);
  });

  it.each(["chars4", "bpe", "calibrated"] as const)("every estimator counts the opaque item at the size the provider reported (%s)", (id) => {
    const estimator = createEstimator(id);
    expect(estimator.partTokens({ type: "opaque", provider: "openai", tokens: 1_234 })).toBe(1_234);
  });

  it("offline (the extractive summarizer) a provider compaction never runs: it falls back with the reason", async () => {
    for (const strategy of [anthropicCompactionStrategy, openaiCompactionStrategy]) {
      const result = await replaySession({ session, strategy, window: 200_000, forceAtStep: 6 });
      const fallback = result.events.find((event) => event.type === "fallback");
      expect(fallback && "reason" in fallback ? fallback.reason : "").toMatch(/only against that provider's API/);
      expect(compactionEnds(result.events)[0].summary).toBeNull();
    }
  });

  it("a driver that answers text where an opaque item is due (or the reverse) falls back instead of storing a wrong context", async () => {
    const text: Summarizer = async () => ({ text: "readable", usage: { input: 1, output: 1 } });
    const result = await replaySession({ session, strategy: openaiCompactionStrategy, window: 200_000, summarizer: text, forceAtStep: 6 });
    expect(result.events.find((event) => event.type === "fallback")).toMatchObject({ reason: "summarizer failed: the provider returned no opaque compaction item", outcome: "unchanged" });
    const opaque: Summarizer = async () => ({ text: "", opaqueTokens: 5, usage: { input: 1, output: 1 } });
    const other = await replaySession({ session, strategy: anthropicCompactionStrategy, window: 200_000, summarizer: opaque, forceAtStep: 6 });
    expect(other.events.find((event) => event.type === "fallback")).toMatchObject({ reason: "summarizer failed: an opaque item came back where the strategy needs text" });
  });

  it("the preview never calls a provider: it shows the fallback", () => {
    const preview = planCompaction({ session, strategy: openaiCompactionStrategy, window: 200_000 });
    expect(JSON.stringify(preview)).toMatch(/only against that provider's API/);
  });

  it("settings: Anthropic's trigger below the API's 50,000 minimum is refused, naming the setting", async () => {
    await expect(replaySession({ session, strategy: anthropicCompactionStrategy, settings: { triggerTokens: 10_000 } })).rejects.toThrow(/triggerTokens.*at least 50,000/);
  });
});
