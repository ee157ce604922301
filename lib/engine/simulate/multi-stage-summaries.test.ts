import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineStrategy, type CompactionPlan } from "../strategies/strategy";
import type { SummarizeRequest, Summarizer } from "../summarize/summarizer";
import { buildSession } from "../testing/build-session";
import { finalContext } from "./context-at";
import { replaySession } from "./replay-session";

const session = buildSession([
  { user: "Start" },
  { assistant: "One" },
  { user: "Go on" },
  { assistant: "Two" },
  { user: "More" },
  { assistant: "Three" },
]);

const request = { system: "sys", instructions: "summarize", format: { style: "narrative" } } as const;

/** Compacts once before the last call with the plan given. */
function strategyWith(plan: CompactionPlan) {
  return defineStrategy({
    id: "test-multi-stage",
    label: "test",
    description: "test",
    source: { kind: "baseline", note: "test" },
    defaults: {},
    settingsSchema: z.strictObject({}),
    triggers: ["before-call"],
    decide: ({ step }) => (step === 2 ? { compaction: plan } : {}),
  });
}

function recordingSummarizer() {
  const requests: SummarizeRequest[] = [];
  const summarizer: Summarizer = async (summarizeRequest) => {
    requests.push(summarizeRequest);
    return { text: `S${requests.length - 1}`, usage: { input: 1, output: 1 } };
  };
  return { requests, summarizer };
}

describe("multi-stage summaries in a compaction plan", () => {
  const plan: CompactionPlan = {
    reason: "test",
    summaries: [
      { ranges: [{ from: 0, to: 2 }], request },
      { ranges: [{ from: 2, to: 3 }], request, previousSummaryFrom: 0 },
      { ranges: [], request: { ...request, instructions: "merge" }, summariesAsMessages: [0, 1] },
    ],
    layout: [
      { kind: "synthetic", role: "user", purpose: "summary", text: "<summary>{{summary:2}}</summary>" },
      { kind: "keep", from: 3, to: 5 },
    ],
    budget: 1_000,
    summaryText: "{{summary:2}} (merged)",
  };

  it("hands an earlier summary in as previousSummary and earlier summaries in as messages", async () => {
    const { requests, summarizer } = recordingSummarizer();
    await replaySession({ session, strategy: strategyWith(plan), summarizer });
    expect(requests.map((entry) => entry.previousSummary)).toEqual([undefined, "S0", undefined]);
    expect(requests[2].instructions).toBe("merge");
    expect(requests[2].messages.map((message) => [message.role, message.summary, message.parts[0]])).toEqual([
      ["user", true, { type: "text", text: "S0", synthetic: true }],
      ["user", true, { type: "text", text: "S1", synthetic: true }],
    ]);
  });

  it("reports summaryText as the compaction's summary and fills the layout from any stage", async () => {
    const { summarizer } = recordingSummarizer();
    const result = await replaySession({ session, strategy: strategyWith(plan), summarizer });
    const end = result.events.find((event) => event.type === "compaction-end");
    expect(end?.type === "compaction-end" && end.summary).toBe("S2 (merged)");
    expect(end?.type === "compaction-end" && end.messagesBefore).toBe(5);
    const first = finalContext(session, result).messages[0].message.parts[0];
    expect(first).toEqual({ type: "text", text: "<summary>S2</summary>", synthetic: true });
  });

  it("rejects a plan whose stage builds on a later summary", async () => {
    const bad: CompactionPlan = { ...plan, summaries: [{ ranges: [], request, summariesAsMessages: [0] }] };
    await expect(replaySession({ session, strategy: strategyWith(bad), summarizer: recordingSummarizer().summarizer })).rejects.toThrow(
      RangeError,
    );
  });
});
