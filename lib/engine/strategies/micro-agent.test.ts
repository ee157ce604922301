import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import type { Message, Session } from "../model";
import { checkInvariants } from "../simulate/check-invariants";
import { contextAt, finalContext, type ContextMessage } from "../simulate/context-at";
import type { ReplayEvent } from "../simulate/replay-events";
import { planCompaction } from "../simulate/plan-compaction";
import { replaySession } from "../simulate/replay-session";
import { partChars } from "../tokens/chars4";
import { NARRATIVE_SUMMARY_FORMAT } from "../summarize/summary-formats";
import type { SummarizeRequest, Summarizer } from "../summarize/summarizer";
import { buildSession, deepFreeze } from "../testing/build-session";
import { estimateMessageTokens } from "../tokens/chars4";
import {
  DEFAULT_MICRO_AGENT_SETTINGS,
  MICRO_AGENT_ACKNOWLEDGEMENT,
  MICRO_AGENT_CONSTANTS,
  MICRO_AGENT_SUMMARIZATION_PROMPT,
  microAgentStrategy,
} from "./micro-agent";

/**
 * API messages after the system prompt: g0 m1 · g1 m2 · g2 m3 · g3 m4 · g4 m5+m6 (parallel results) · g5 m7 ·
 * g6 m8 · g7 m9 · g8 m10 · g9 m11 · g10 m12 · g11 m13 · g12 m14 · g13 m15. Calls: m2 m4 m7 m9 m11 m13 m15.
 */
const session = deepFreeze(
  buildSession([
    { system: "You are a job-search agent." },
    { user: "Execute the job search prompt from search-prompt.txt" },
    { assistant: "Reading the prompt.", tools: [{ name: "read", input: { path: "search-prompt.txt", note: "n".repeat(300) }, output: `${"h".repeat(1_000)}${"t".repeat(1_000)}` }] },
    {
      assistant: "Searching two sources.",
      tools: [
        { name: "linkedin_search", input: { q: ".NET" }, output: "10 results" },
        { name: "gmail_read", input: { q: "JobServe" }, output: "7 emails" },
      ],
    },
    { assistant: "Found 17 positions." },
    { user: "Score them" },
    { assistant: "Scoring.", tools: [{ name: "score", input: { n: 17 }, output: "scored" }] },
    { assistant: "Done scoring." },
    { user: "Write the report" },
    { assistant: "Writing.", tools: [{ name: "write", input: { path: "todays-jobs.md" }, output: "ok" }] },
    { assistant: "Report written." },
  ]),
);

const tokens = (target: Session, from: number, to: number) =>
  target.messages.slice(from, to).reduce((sum, message) => sum + estimateMessageTokens(message), 0);

function ofType<T extends ReplayEvent["type"]>(events: readonly ReplayEvent[], type: T) {
  return events.filter((event): event is Extract<ReplayEvent, { type: T }> => event.type === type);
}

function recordingSummarizer() {
  const requests: SummarizeRequest[] = [];
  const summarizer: Summarizer = async (request) => {
    requests.push(request);
    return { text: `SUMMARY ${requests.length}`, usage: { input: 1, output: 1 } };
  };
  return { requests, summarizer };
}

const failing: Summarizer = async () => {
  throw new Error("rate limit exhausted");
};
const textOf = (message: Message) => message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");
const ids = (messages: readonly { message: Message }[]) => messages.map((entry) => entry.message.id);
const labels = (messages: readonly ContextMessage[]) => messages.map((entry) => entry.purpose ?? entry.message.id);

describe("micro-agent: trigger (seed 002 § Trigger Decision)", () => {
  it("uses the seed's defaults and named constants", () => {
    expect(DEFAULT_MICRO_AGENT_SETTINGS).toEqual({ compactionThresholdTokens: 80_000, protectedTailMessages: 6, maxConversationMessages: 50 });
    expect(MICRO_AGENT_CONSTANTS).toEqual({
      charsPerToken: 4,
      toolInputPreviewChars: 200,
      toolResultPreviewChars: 700,
      toolResultHeadChars: 500,
      toolResultTailChars: 200,
      maxSummarizationInputChars: 100_000,
      summarizationMaxTokens: 4_096,
    });
    expect(microAgentStrategy.triggers).toEqual(["after-user-message", "after-tool-results"]);
  });

  // After m10 (the first point with a 2-message zone) the messages m1..m10 are estimated; the system prompt is not one.
  const atM10 = tokens(session, 1, 11);

  it.each([
    { name: "an estimate equal to the threshold does not compact (strictly greater; the system prompt is not counted)", threshold: atM10, step: 5, point: "after-user-message" },
    { name: "one token over the threshold compacts, after the tool results", threshold: atM10 - 1, step: 4, point: "after-tool-results" },
  ])("$name", async ({ threshold, step, point }) => {
    const result = await replaySession({ session, strategy: microAgentStrategy, settings: { compactionThresholdTokens: threshold } });
    const start = ofType(result.events, "compaction-start")[0];
    expect({ step: start.step, point: start.point }).toEqual({ step, point });
  });

  it("does nothing while the zone holds fewer than 2 messages (everything protected, the large context accepted)", async () => {
    const result = await replaySession({ session, strategy: microAgentStrategy, settings: { compactionThresholdTokens: 0 } });
    // triggers after m1, m3, m6 and m8 see at most 7 API messages: message 0 + 6 protected leave no 2-message zone
    expect(ofType(result.events, "compaction-start")[0].step).toBe(4);
  });
});

describe("micro-agent: protection and boundary (seed 002 § Message Protection, Boundary Adjustment)", () => {
  it("protects message 0 and the newest 6 API messages; parallel tool results are one message", async () => {
    const { requests, summarizer } = recordingSummarizer();
    await replaySession({ session, strategy: microAgentStrategy, settings: { compactionThresholdTokens: 0 }, summarizer });
    // after m10: 9 API messages → zone g1..g2 = m2, m3; the tail g3..g8 is m4 … m10 (m5 + m6 count once)
    expect(requests[0].messages.map((message) => message.id)).toEqual(["m2", "m3"]);
  });

  it("pulls the zone's end back so a tool call stays with its results", async () => {
    const { requests, summarizer } = recordingSummarizer();
    const result = await replaySession({ session, strategy: microAgentStrategy, settings: { compactionThresholdTokens: 0, protectedTailMessages: 5 }, summarizer });
    // after m10 with 5 protected: the zone would end before g4 (m5 + m6, the search results), splitting them from
    // their call m4 → the end is pulled back one message, so m4 is protected with its results
    expect(requests[0].messages.map((message) => message.id)).toEqual(["m2", "m3"]);
    expect(labels(contextAt(session, result, 4).messages)).toEqual(["m0", "m1", "summary", "m4", "m5", "m6", "m7", "m8", "m9", "m10"]);
    for (const request of requests) {
      const calls = new Set(request.messages.flatMap((message) => message.parts.flatMap((part) => (part.type === "tool-call" ? [part.id] : []))));
      for (const message of request.messages) {
        for (const part of message.parts) if (part.type === "tool-result") expect(calls.has(part.callId)).toBe(true);
      }
    }
  });
});

describe("micro-agent: the protected tail is reported (what the timeline draws), changing nothing", () => {
  const threshold = tokens(session, 1, 11);
  it.each([
    { name: "the newest 6 messages (the default)", settings: { compactionThresholdTokens: 0 }, step: 4, from: "m4", label: "last 6 messages (protectedTailMessages)" },
    {
      name: "5, pulled back one message so m4 stays with its results",
      settings: { compactionThresholdTokens: 0, protectedTailMessages: 5 },
      step: 4,
      from: "m4",
      label: "last 5 messages (protectedTailMessages) + 1 to keep a tool call with its results",
    },
    { name: "5, a tail starting at a user message", settings: { compactionThresholdTokens: threshold, protectedTailMessages: 5 }, step: 5, from: "m8", label: "last 5 messages (protectedTailMessages)" },
    {
      name: "1, after the parallel results m5 + m6: their call m4 is added",
      settings: { compactionThresholdTokens: 0, protectedTailMessages: 1 },
      step: 2,
      from: "m4",
      label: "last 1 message (protectedTailMessages) + 1 to keep a tool call with its results",
    },
  ])("$name", async ({ settings, step, from, label }) => {
    const { summarizer } = recordingSummarizer();
    const result = await replaySession({ session, strategy: microAgentStrategy, settings, summarizer });
    const end = ofType(result.events, "compaction-end")[0];
    expect(end.step).toBe(step);
    const fromIndex = session.messages.findIndex((message) => message.id === from);
    expect(end.protected).toEqual([{ kind: "tail", label, fromMessageId: from, fromIndex }]);
    // the tail named is the tail kept: right after the summary (and acknowledgement), session messages in order
    const after = contextAt(session, result, step).messages;
    const start = after.findIndex((entry) => entry.message.id === from);
    expect(after[start - 1].purpose).toMatch(/^(summary|acknowledgement)$/);
    expect(after.slice(start).map((entry) => entry.sessionIndex)).toEqual(after.slice(start).map((_, offset) => fromIndex + offset));
  });

  it("no protected tail (protectedTailMessages 0): nothing is reported", async () => {
    const { summarizer } = recordingSummarizer();
    const result = await replaySession({ session, strategy: microAgentStrategy, settings: { compactionThresholdTokens: 0, protectedTailMessages: 0 }, summarizer });
    const ends = ofType(result.events, "compaction-end");
    expect(ends.length).toBeGreaterThan(0);
    for (const end of ends) expect(end).not.toHaveProperty("protected");
  });

  it("the backstop trim reports none (its window is the trim itself)", async () => {
    const result = await replaySession({ session, strategy: microAgentStrategy, settings: { maxConversationMessages: 4 } });
    const trims = ofType(result.events, "trim");
    expect(trims.length).toBeGreaterThan(0);
    for (const trim of trims) expect(trim).not.toHaveProperty("protected");
  });
});

describe("micro-agent: summarization input (seed 002 § Summarization)", () => {
  it("sends previews (500 + 200 chars of results, 200 of inputs), the narrative prompt verbatim and 4,096 output tokens", async () => {
    const { requests, summarizer } = recordingSummarizer();
    await replaySession({ session, strategy: microAgentStrategy, settings: { compactionThresholdTokens: 0 }, summarizer });
    const [request] = requests;
    expect(request.instructions).toBe(MICRO_AGENT_SUMMARIZATION_PROMPT);
    expect(request.format).toBe(NARRATIVE_SUMMARY_FORMAT);
    expect(request.maxOutputTokens).toBe(4_096);
    const result = request.messages[1].parts[0];
    expect(result.type === "tool-result" && result.output).toBe(`${"h".repeat(500)}\n[… 1300 chars …]\n${"t".repeat(200)}`);
    const call = request.messages[0].parts[1];
    expect(call.type === "tool-call" && typeof call.input === "string" && call.input.length).toBe(201);
  });

  it("caps the summarizer input at 100,000 chars, cut from the middle", async () => {
    const long = deepFreeze(
      buildSession([
        { user: "Summarize these logs" },
        ...Array.from({ length: 10 }, (_, index) => [{ assistant: `${index}`.repeat(30_000) }, { user: `next ${index}` }]).flat(),
      ]),
    );
    const { requests, summarizer } = recordingSummarizer();
    // compacts once, at the last user message: 14 zone messages, 7 of them 30,000-char answers
    const threshold = tokens(long, 0, long.messages.length) - 1;
    await replaySession({ session: long, strategy: microAgentStrategy, settings: { compactionThresholdTokens: threshold }, summarizer });
    expect(requests).toHaveLength(1);
    const big = requests.find((request) => request.messages.some((message) => message.id === "lab:summary-input:middle-cut"));
    expect(big).toBeDefined();
    const chars = big!.messages.reduce((sum, message) => sum + message.parts.reduce((inner, part) => inner + partChars(part), 0), 0);
    expect(chars).toBeLessThanOrEqual(100_000 + 200);
    expect(big!.messages[0].id).not.toBe("lab:summary-input:middle-cut");
  });
});

describe("micro-agent: rebuild (seed 002 § Message Reconstruction)", () => {
  it("adds the acknowledgement only when the protected tail starts with a user-role message", async () => {
    const { summarizer } = recordingSummarizer();
    const threshold = tokens(session, 1, 11);
    const withUserTail = await replaySession({ session, strategy: microAgentStrategy, settings: { compactionThresholdTokens: threshold, protectedTailMessages: 5 }, summarizer });
    // after m12: 11 messages, zone g1..g5, tail from g6 = m8 (user)
    const end = ofType(withUserTail.events, "compaction-end")[0];
    expect(end.step).toBe(5);
    const afterFirst = contextAt(session, withUserTail, 5).messages;
    expect(labels(afterFirst)).toEqual(["m0", "m1", "summary", "acknowledgement", "m8", "m9", "m10", "m11", "m12"]);
    expect(textOf(afterFirst[3].message)).toBe(MICRO_AGENT_ACKNOWLEDGEMENT);

    const withAssistantTail = await replaySession({ session, strategy: microAgentStrategy, settings: { compactionThresholdTokens: 0 }, summarizer });
    expect(labels(contextAt(session, withAssistantTail, 4).messages)).toEqual(["m0", "m1", "summary", "m4", "m5", "m6", "m7", "m8", "m9", "m10"]);
  });

  it("never compacts message 0: each summary adds a [CONTEXT SUMMARY] block after it", async () => {
    const { requests, summarizer } = recordingSummarizer();
    const result = await replaySession({ session, strategy: microAgentStrategy, settings: { compactionThresholdTokens: 0 }, summarizer });
    expect(requests.map((request) => request.messages.map((message) => message.id))).toEqual([["m2", "m3"], ["m4", "m5", "m6"], ["m7", "m8"]]);
    const final = finalContext(session, result).messages;
    expect(final[1].message).toBe(session.messages[1]);
    expect(final.slice(2, 5).map((entry) => textOf(entry.message))).toEqual(
      [1, 2, 3].map((index) => `[CONTEXT SUMMARY]\nSUMMARY ${index}\n[END CONTEXT SUMMARY]`),
    );
    expect(ids(final.slice(5))).toEqual(["m9", "m10", "m11", "m12", "m13", "m14", "m15"]);
  });
});

describe("micro-agent: fallback and backstop (seed 002 § Fallback, Problem)", () => {
  it("a failed summary falls back to the history trim (oldest first, message 0 included)", async () => {
    const result = await replaySession({
      session,
      strategy: microAgentStrategy,
      settings: { compactionThresholdTokens: 0, maxConversationMessages: 8 },
      summarizer: failing,
    });
    expect(ofType(result.events, "fallback")[0]).toMatchObject({ step: 4, outcome: "fallback-layout", reason: "summarizer failed: rate limit exhausted" });
    expect(labels(contextAt(session, result, 4).messages)).toEqual(["m0", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9", "m10"]);
  });

  it("a failed summary with no more than maxConversationMessages leaves the history unchanged", async () => {
    const result = await replaySession({ session, strategy: microAgentStrategy, settings: { compactionThresholdTokens: 0 }, summarizer: failing });
    expect(ofType(result.events, "fallback")[0]).toMatchObject({ outcome: "unchanged" });
  });

  it.each([
    { name: "the trim runs below the threshold as the hard backstop, message 0 included", max: 4, kept: ["m0", "m2", "m3", "m4", "m5", "m6"] },
    { name: "the trim moves forward past tool results whose call it drops", max: 3, kept: ["m0", "m4", "m5", "m6"] },
  ])("$name", async ({ max, kept }) => {
    const result = await replaySession({ session, strategy: microAgentStrategy, settings: { maxConversationMessages: max } });
    // the first trigger over the cap is after m6 (5 API messages)
    expect(ofType(result.events, "trim")[0]).toMatchObject({ point: "after-tool-results", step: 2 });
    expect(labels(contextAt(session, result, 2).messages)).toEqual(kept);
    expect(ofType(result.events, "compaction-start")).toEqual([]);
  });
});

describe("micro-agent: generated sessions", () => {
  it("when a trim has left a tool call as message 0, its results stay with it (seed 1, 120 messages, forced at the end)", () => {
    const generated = deepFreeze(generateSession({ seed: 1, messages: 120 }));
    const preview = planCompaction({ session: generated, strategy: microAgentStrategy, window: 30_000 });
    const final = finalContext(generated, preview.replay).messages;
    expect(final[1].message.parts.some((part) => part.type === "tool-call")).toBe(true);
    expect(final[2].message.role).toBe("tool");
    expect(checkInvariants(generated, preview.replay).violations).toEqual([]);
  });


  it.each([
    { name: "defaults", settings: {} },
    { name: "summaries only (no message cap)", settings: { maxConversationMessages: 100_000, compactionThresholdTokens: 20_000 } },
  ])("$name: pairs intact, within budget or explained, deterministic", async ({ settings }) => {
    const generated = deepFreeze(generateSession({ seed: 3, messages: 500 }));
    const result = await replaySession({ session: generated, strategy: microAgentStrategy, settings });
    expect(checkInvariants(generated, result).violations).toEqual([]);
    expect(ofType(result.events, "compaction-end").length + ofType(result.events, "trim").length).toBeGreaterThan(0);
    const again = await replaySession({ session: generated, strategy: microAgentStrategy, settings });
    expect(JSON.stringify(again)).toBe(JSON.stringify(result));
  });
});
