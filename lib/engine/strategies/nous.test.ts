import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import type { Message, Session } from "../model";
import { HARD_CLEAR_PLACEHOLDER, softTrimMarker } from "../prune/render-marked-part";
import { checkInvariants } from "../simulate/check-invariants";
import { contextAt, finalContext, type ContextMessage } from "../simulate/context-at";
import { planCompaction } from "../simulate/plan-compaction";
import type { ReplayEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import { CHECKPOINT_SUMMARY_FORMAT } from "../summarize/summary-formats";
import type { SummarizeRequest, Summarizer } from "../summarize/summarizer";
import { buildSession, deepFreeze } from "../testing/build-session";
import { estimateMessageTokens } from "../tokens/chars4";
import {
  DEFAULT_NOUS_SETTINGS,
  NOUS_ACKNOWLEDGEMENT,
  NOUS_CHECKPOINT_SYSTEM_PROMPT,
  NOUS_UPDATE_SYSTEM_PROMPT,
  nousStrategy,
} from "./nous";

/** Four turns (users m1 m5 m9 m13); calls m2 m4 | m6 m8 | m10 m12 | m14 — each turn's first call is step 0, 2, 4, 6. */
const session = deepFreeze(
  buildSession([
    { system: "You are Nous." },
    { user: "Plan the migration of api/server.py" },
    { assistant: "Reading.", tools: [{ name: "read", input: { path: "api/server.py" }, output: "a".repeat(8_000) }] },
    { assistant: "Done reading." },
    { user: "Next: the database layer" },
    { assistant: "Reading db.", tools: [{ name: "read", input: { path: "api/db.py" }, output: "b".repeat(8_000) }] },
    { assistant: "Done." },
    { user: "Now the tests" },
    { assistant: "Running.", tools: [{ name: "bash", input: { command: "pytest" }, output: "c".repeat(8_000) }] },
    { assistant: "All green." },
    { user: "Thanks, wrap up" },
    { assistant: "Wrapped up." },
  ]),
);
const layer2Only = { toolPruningEnabled: false };

const tokens = (target: Session, from: number, to: number) =>
  target.messages.slice(from, to).reduce((sum, message) => sum + estimateMessageTokens(message), 0);

function ofType<T extends ReplayEvent["type"]>(events: readonly ReplayEvent[], type: T) {
  return events.filter((event): event is Extract<ReplayEvent, { type: T }> => event.type === type);
}

const checkpoint = (index: number) =>
  `## Goal\nMigrate api/server.py (summary ${index}).\n\n## Progress\n### Done\n- [x] read api/server.py\n\n## Critical Context\n- api/server.py, api/db.py\n`.padEnd(240, ".");

function recordingSummarizer(text: (index: number) => string = checkpoint) {
  const requests: SummarizeRequest[] = [];
  const summarizer: Summarizer = async (request) => {
    requests.push(request);
    return { text: text(requests.length), usage: { input: 1, output: 1 } };
  };
  return { requests, summarizer };
}

const labels = (messages: readonly ContextMessage[]) => messages.map((entry) => entry.purpose ?? entry.message.id);
const outputOf = (message: Message) => (message.parts[0].type === "tool-result" ? message.parts[0].output : null);

describe("nous: settings (seed 004 § Configuration)", () => {
  it("uses the seed's values; layer 2 is on by default although the seed ships compaction_enabled=false as a rollout flag", () => {
    expect(DEFAULT_NOUS_SETTINGS).toEqual({
      toolPruningEnabled: true,
      toolSoftTrimChars: 4_000,
      toolSoftTrimHead: 1_500,
      toolSoftTrimTail: 1_500,
      toolHardClearAfter: 6,
      keepLastToolResults: 2,
      compactionEnabled: true,
      compactionThreshold: 100_000,
      keepRecentTokens: 20_000,
      summaryMaxChars: 6_000,
    });
    expect(nousStrategy.triggers).toEqual(["before-call"]);
  });
});

describe("nous: layer 1 (seed 004 § Tool Output Pruning)", () => {
  it("protects the newest results, soft-trims the middle ones to head + tail, hard-clears the oldest", async () => {
    const settings = { compactionEnabled: false, keepLastToolResults: 1, toolHardClearAfter: 2 };
    const result = await replaySession({ session, strategy: nousStrategy, settings });
    const final = finalContext(session, result).messages;
    expect(outputOf(final[3].message)).toBe(HARD_CLEAR_PLACEHOLDER);
    expect(outputOf(final[7].message)).toBe(`${"b".repeat(1_500)}\n\n${softTrimMarker(1_500, 1_500, 8_000)}\n\n${"b".repeat(1_500)}`);
    expect(outputOf(final[11].message)).toBe("c".repeat(8_000));
    expect(new Set(ofType(result.events, "prune").map((event) => event.pruner))).toEqual(new Set(["soft-trim", "hard-clear"]));
  });

  it("toolPruningEnabled false prunes nothing", async () => {
    const result = await replaySession({ session, strategy: nousStrategy, settings: { ...layer2Only, compactionEnabled: false } });
    expect(result.events).toEqual([]);
  });
});

describe("nous: layer 2 trigger (seed 004 § Trigger, Integration)", () => {
  const atStep2 = tokens(session, 0, 6);

  it.each([
    { name: "system + history equal to the threshold does not compact (strictly greater)", threshold: atStep2, step: 4 },
    { name: "one token over compacts", threshold: atStep2 - 1, step: 2 },
  ])("$name", async ({ threshold, step }) => {
    const result = await replaySession({ session, strategy: nousStrategy, settings: { ...layer2Only, compactionThreshold: threshold, keepRecentTokens: 1 } });
    expect(ofType(result.events, "compaction-start")[0]).toMatchObject({ step, point: "before-call" });
  });

  it("checks only before the first call of a turn, never inside the tool loop", async () => {
    const result = await replaySession({ session, strategy: nousStrategy, settings: { ...layer2Only, compactionThreshold: 1, keepRecentTokens: 1 } });
    // step 0 has nothing before its turn to compact; steps 1, 3, 5 follow tool results or answers
    expect(ofType(result.events, "compaction-start").map((event) => event.step)).toEqual([2, 4, 6]);
  });

  it("compares the threshold with the context after layer 1's pruning", async () => {
    const threshold = tokens(session, 0, 6) - 1;
    const pruned = await replaySession({
      session,
      strategy: nousStrategy,
      settings: { compactionThreshold: threshold, keepRecentTokens: 1, keepLastToolResults: 0, toolHardClearAfter: 0 },
    });
    expect(ofType(pruned.events, "compaction-start")[0]?.step).not.toBe(2);
  });
});

describe("nous: cut point (seed 004 § Cut Point Selection)", () => {
  it.each([
    { name: "keeps keepRecentTokens and snaps forward to the next user message", keep: tokens(session, 7, 10), kept: ["m9"], lastSummarized: "m8" },
    { name: "a walk that stops on a user message cuts there", keep: tokens(session, 5, 10), kept: ["m5", "m6", "m7", "m8", "m9"], lastSummarized: "m4" },
  ])("$name", async ({ keep, kept, lastSummarized }) => {
    const { requests, summarizer } = recordingSummarizer();
    const result = await replaySession({ session, strategy: nousStrategy, settings: { ...layer2Only, compactionThreshold: 1, keepRecentTokens: keep }, summarizer });
    // the compaction before step 4 (the turn started by m9); the walk in the second case stops exactly on m5
    const context = contextAt(session, result, 4).messages;
    expect(labels(context)).toEqual(["m0", "summary", "acknowledgement", ...kept]);
    const atStep4 = ofType(result.events, "compaction-start").findIndex((event) => event.step === 4);
    const last = requests[atStep4].messages.at(-1);
    expect(last?.id).toBe(lastSummarized);
  });

  it("cut 0: when the recent window reaches back to the first turn there is nothing to compact (guard event)", async () => {
    const result = await replaySession({ session, strategy: nousStrategy, settings: { ...layer2Only, compactionThreshold: 1, keepRecentTokens: 1_000_000 } });
    expect(ofType(result.events, "compaction-start")).toEqual([]);
    // at every turn start: steps 0, 2, 4 and 6
    expect(ofType(result.events, "guard").map((event) => event.step)).toEqual([0, 2, 4, 6]);
    expect(ofType(result.events, "guard")[0].guard).toBe("cut-point-zero");
  });
});

describe("nous: summarization (seed 004 § Structured Checkpoint, Iterative Update, Rebuild)", () => {
  it("first compaction: CHECKPOINT prompt; later ones: UPDATE with the previous summary; both capped at summaryMaxChars", async () => {
    const { requests, summarizer } = recordingSummarizer();
    await replaySession({ session, strategy: nousStrategy, settings: { ...layer2Only, compactionThreshold: 1, keepRecentTokens: 1 }, summarizer });
    expect(requests[0]).toMatchObject({ system: NOUS_CHECKPOINT_SYSTEM_PROMPT, format: CHECKPOINT_SUMMARY_FORMAT, maxChars: 6_000 });
    expect(requests[0].previousSummary).toBeUndefined();
    expect(requests[1]).toMatchObject({ system: NOUS_UPDATE_SYSTEM_PROMPT, previousSummary: checkpoint(1), maxChars: 6_000 });
    expect(NOUS_CHECKPOINT_SYSTEM_PROMPT).toContain("## Conversation Dynamics");
    expect(NOUS_UPDATE_SYSTEM_PROMPT).toContain('Drop older completed items from "Done" if needed to stay within target.');
  });

  it("rebuilds [user: previous summary, assistant: acknowledgement, recent turn] and summarizes the old pair next time", async () => {
    const { requests, summarizer } = recordingSummarizer();
    const result = await replaySession({ session, strategy: nousStrategy, settings: { ...layer2Only, compactionThreshold: 1, keepRecentTokens: 1 }, summarizer });
    const context = contextAt(session, result, 2).messages;
    expect(labels(context)).toEqual(["m0", "summary", "acknowledgement", "m5"]);
    expect(context[1].message.parts[0]).toMatchObject({ text: `[Previous conversation summary]\n\n${checkpoint(1)}` });
    expect(context[2].message.parts[0]).toMatchObject({ text: NOUS_ACKNOWLEDGEMENT });
    expect(context[2].message.role).toBe("assistant");
    expect(requests[1].messages.slice(0, 2).map((message) => message.role)).toEqual(["user", "assistant"]);
    expect(requests[1].messages[0].summary).toBe(true);
  });
});

describe("nous: validation and fallback (seed 004 § Summary Validation, Failure Fallback)", () => {
  const headings = "## Goal\n## Progress\n";
  it.each([
    { name: "199 chars with all headings is rejected (too short)", text: headings.padEnd(199, "x"), accepted: false },
    { name: "200 chars with two of the three required headings is accepted", text: headings.padEnd(200, "x"), accepted: true },
    { name: "one required heading is rejected", text: "## Goal\n## Key Decisions\n## Next Steps\n".padEnd(400, "x"), accepted: false },
    { name: "## Progress + ## Critical Context is enough", text: "## Progress\n## Critical Context\n".padEnd(400, "x"), accepted: true },
  ])("$name", async ({ text, accepted }) => {
    const { summarizer } = recordingSummarizer(() => text);
    const result = await replaySession({ session, strategy: nousStrategy, settings: { ...layer2Only, compactionThreshold: 1, keepRecentTokens: 1 }, summarizer });
    const fallbacks = ofType(result.events, "fallback");
    expect(fallbacks.length === 0).toBe(accepted);
    if (!accepted) expect(fallbacks[0].reason).toMatch(/^summary rejected: summary (too short|missing expected sections)/);
  });

  it.each([
    { name: "a rejected summary falls back to truncation: the recent messages only", summarizer: recordingSummarizer(() => "too short").summarizer },
    {
      name: "a failed summarizer call falls back to truncation too",
      summarizer: (async () => {
        throw new Error("timeout");
      }) as Summarizer,
    },
  ])("$name", async ({ summarizer }) => {
    const result = await replaySession({ session, strategy: nousStrategy, settings: { ...layer2Only, compactionThreshold: 1, keepRecentTokens: 1 }, summarizer });
    expect(ofType(result.events, "fallback")[0]).toMatchObject({ step: 2, outcome: "fallback-layout" });
    expect(labels(contextAt(session, result, 2).messages)).toEqual(["m0", "m5"]);
  });
});

describe("nous: disabled layer 2", () => {
  it("compactionEnabled false runs layer 1 only; a manual compaction still plans", async () => {
    const result = await replaySession({ session, strategy: nousStrategy, settings: { compactionEnabled: false, compactionThreshold: 1, keepRecentTokens: 1 } });
    expect(ofType(result.events, "compaction-start")).toEqual([]);
    const keepRecentTokens = tokens(session, 13, 15);
    const preview = planCompaction({ session, strategy: nousStrategy, settings: { compactionEnabled: false, keepRecentTokens } });
    expect(preview.plan?.reason).toBe("manual compaction (auto-compaction off)");
    expect(preview.firstKeptMessageId).toBe("m13");
  });
});

describe("nous: generated sessions", () => {
  it.each([4, 5])("seed %i: extractive checkpoints pass validation, pairs intact, deterministic", async (seed) => {
    const generated = deepFreeze(generateSession({ seed, messages: 600 }));
    const settings = { compactionThreshold: 30_000, keepRecentTokens: 8_000 };
    const result = await replaySession({ session: generated, strategy: nousStrategy, settings });
    expect(ofType(result.events, "fallback")).toEqual([]);
    expect(checkInvariants(generated, result).violations).toEqual([]);
    const again = await replaySession({ session: generated, strategy: nousStrategy, settings });
    expect(JSON.stringify(again)).toBe(JSON.stringify(result));
  });
});
