import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { replaySession } from "../engine/simulate/replay-session";
import type { ReplayEvent } from "../engine/simulate/replay-events";
import { NOUS_CHECKPOINT_SYSTEM_PROMPT, NOUS_UPDATE_SYSTEM_PROMPT } from "../engine/strategies/nous";
import { MERGE_SUMMARIES_INSTRUCTIONS } from "../engine/strategies/openclaw/plan-stages";
import { defineStrategy, type CompactionPlan, type StrategyInput } from "../engine/strategies/strategy";
import { CHECKPOINT_SUMMARY_FORMAT } from "../engine/summarize/summary-formats";
import { buildSession, type TurnSpec } from "../engine/testing/build-session";
import { createAnthropicSummarizer } from "./anthropic-summarizer";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "../testing/fake-llm/fake-anthropic-server";
import { FAKE_SUMMARY_MARKER } from "../testing/fake-llm/fake-summary";

/**
 * The two multi-call shapes of the seeds, driven through the real replay, the real SDK and the fake server:
 * openclaw's chunks-then-merge (seed 001) and nous' iterative UPDATE (seed 004), with those strategies' prompts.
 * The strategies here are minimal test strategies: they plan at fixed points so the tests can name every request.
 */

const turns: TurnSpec[] = Array.from({ length: 6 }, (_, round) => [
  { user: `Round ${round}: fix src/module${round}.ts` },
  { assistant: `Working on round ${round}.`, tools: [{ name: "bash", input: { command: `npm test -- module${round}` }, output: "ok ".repeat(200) }] },
]).flat();
const session = buildSession(turns);

const compactedOnce = (input: StrategyInput<object>) => input.events.some((event) => event.type === "compaction-end");

/** Summarizes the context in two chunks (split at a user message), then merges the partial summaries. */
const chunkThenMerge = defineStrategy<object>({
  id: "test-chunk-merge",
  label: "chunks then merge",
  description: "test only",
  source: { kind: "baseline", note: "test" },
  defaults: {},
  settingsSchema: z.strictObject({}),
  triggers: ["before-call"],
  decide(input) {
    if (compactedOnce(input) || input.context.length < 8) return {};
    const chunk = { system: "", instructions: "Summarize this part of the conversation.", format: CHECKPOINT_SUMMARY_FORMAT };
    const plan: CompactionPlan = {
      reason: "test",
      summaries: [
        { ranges: [{ from: 0, to: 3 }], request: chunk },
        { ranges: [{ from: 3, to: 6 }], request: chunk },
        { ranges: [], summariesAsMessages: [0, 1], request: { system: "", instructions: MERGE_SUMMARIES_INSTRUCTIONS, format: CHECKPOINT_SUMMARY_FORMAT } },
      ],
      layout: [
        { kind: "synthetic", role: "user", purpose: "summary", text: "{{summary:2}}" },
        { kind: "keep", from: 6, to: input.context.length },
      ],
      budget: input.window,
    };
    return { compaction: plan };
  },
});

/** Compacts everything but the last user turn every time the context reaches 6 messages; UPDATE after the first. */
const iterativeUpdate = defineStrategy<object>({
  id: "test-iterative-update",
  label: "iterative update",
  description: "test only",
  source: { kind: "baseline", note: "test" },
  defaults: {},
  settingsSchema: z.strictObject({}),
  triggers: ["before-call"],
  decide(input) {
    const { context } = input;
    if (context.length < 6 || context.entry(context.length - 1).message.role !== "user") return {};
    const system = input.previousSummary ? NOUS_UPDATE_SYSTEM_PROMPT : NOUS_CHECKPOINT_SYSTEM_PROMPT;
    const from = context.lastSummaryPosition + 1;
    return {
      compaction: {
        reason: "test",
        summaries: [{ ranges: [{ from, to: context.length - 1 }], request: { system, instructions: "", format: CHECKPOINT_SUMMARY_FORMAT, ...(input.previousSummary ? { previousSummary: input.previousSummary } : {}) } }],
        layout: [
          { kind: "synthetic", role: "user", purpose: "summary", text: "[Previous conversation summary]\n\n{{summary}}" },
          { kind: "keep", from: context.length - 1, to: context.length },
        ],
        budget: input.window,
      },
    };
  },
});

let server: FakeAnthropicServer;
beforeEach(async () => {
  server = await startFakeAnthropicServer();
});
afterEach(async () => {
  await server.close();
});

const userTurnOf = (index: number) => (server.requests[index].body as { messages: { content: string }[] }).messages[0].content;
const systemOf = (index: number) => (server.requests[index].body as { system?: string }).system;

describe("the Anthropic summarizer in a replay", () => {
  it("multi-stage: two chunk summaries, then a merge that reads them as summary messages", async () => {
    const summarizer = createAnthropicSummarizer({ model: "lab-test-model", apiKey: "test-key", baseURL: server.url, maxRetries: 0 });
    const result = await replaySession({ session, strategy: chunkThenMerge, summarizer });

    expect(server.requests).toHaveLength(3);
    expect(userTurnOf(0)).toContain("Round 0: fix src/module0.ts");
    expect(userTurnOf(1)).toContain("Round 1: fix src/module1.ts");
    expect(userTurnOf(1)).not.toContain("Round 0:");
    const merge = userTurnOf(2);
    expect(merge).toMatch(/^<transcript>\n\[1\] SUMMARY \(of an earlier part of the conversation\):\n\[fake-anthropic summary\]/);
    expect(merge).toContain("[2] SUMMARY (of an earlier part of the conversation):");
    expect(merge.endsWith(MERGE_SUMMARIES_INSTRUCTIONS)).toBe(true);

    const end = result.events.find((event): event is Extract<ReplayEvent, { type: "compaction-end" }> => event.type === "compaction-end");
    expect(end?.summary).toContain(FAKE_SUMMARY_MARKER);
    expect(result.events.some((event) => event.type === "fallback")).toBe(false);
  });

  it("iterative update: CHECKPOINT first, then UPDATE with the previous summary in seed 004's layout", async () => {
    const summarizer = createAnthropicSummarizer({ model: "lab-test-model", apiKey: "test-key", baseURL: server.url, maxRetries: 0 });
    const result = await replaySession({ session, strategy: iterativeUpdate, summarizer });
    const summaries = result.events.flatMap((event) => (event.type === "compaction-end" && event.summary ? [event.summary] : []));

    expect(summaries.length).toBeGreaterThanOrEqual(2);
    expect(systemOf(0)).toBe(NOUS_CHECKPOINT_SYSTEM_PROMPT.trim());
    expect(userTurnOf(0).startsWith("<transcript>")).toBe(true);
    expect(systemOf(1)).toBe(NOUS_UPDATE_SYSTEM_PROMPT.trim());
    expect(userTurnOf(1).startsWith(`## Existing Summary\n\n${summaries[0]}\n\n## New Conversation\n\n<transcript>`)).toBe(true);
    expect(summaries[1]).toContain("updating an existing summary");
  });

  it("a failing summarizer becomes the strategy's fallback event, with the specific error", async () => {
    const summarizer = createAnthropicSummarizer({ model: "fake-server-error", apiKey: "test-key", baseURL: server.url, maxRetries: 0 });
    const result = await replaySession({ session, strategy: iterativeUpdate, summarizer });
    const fallback = result.events.find((event) => event.type === "fallback");
    expect(fallback).toMatchObject({ type: "fallback", reason: expect.stringContaining("anthropic summarizer: server_error") });
    const end = result.events.find((event) => event.type === "compaction-end");
    expect(end).toMatchObject({ summary: null });
  });
});
