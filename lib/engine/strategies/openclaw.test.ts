import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { checkInvariants } from "../simulate/check-invariants";
import { contextAt, finalContext } from "../simulate/context-at";
import type { ReplayEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import type { SummarizeRequest, Summarizer } from "../summarize/summarizer";
import { buildSession, deepFreeze, type TurnSpec } from "../testing/build-session";
import {
  DEFAULT_OPENCLAW_SETTINGS,
  effectiveReserveTokens,
  FALLBACK_SUMMARY,
  openclawStrategy,
} from "./openclaw";
import { MERGE_SUMMARIES_INSTRUCTIONS } from "./openclaw/plan-stages";
import { BASE_CHUNK_RATIO, computeAdaptiveChunkRatio, MIN_CHUNK_RATIO, pruneHistoryForContextShare } from "./openclaw/token-share";
import type { ContextView } from "./strategy";
import { PI_SUMMARY_PREFIX, PI_TURN_CONTEXT_HEADING, PI_UPDATE_INSTRUCTIONS } from "./pi";
import { resolveSettings, SettingsError } from "./resolve-settings";

/** `count` user turns, each one read of `chars` characters (~chars/4 tokens) and a closing answer. */
function turns(count: number, chars: number, extra: (index: number) => TurnSpec[] = () => []): TurnSpec[] {
  return Array.from({ length: count }, (_, index) => [
    { user: `Task ${index}` },
    { assistant: `Reading ${index}.`, tools: [{ name: "read_file", input: { path: `src/f${index}.ts` }, output: "x".repeat(chars) }] },
    ...extra(index),
    { assistant: `Done ${index}.` },
  ]).flat();
}

function ofType<T extends ReplayEvent["type"]>(events: readonly ReplayEvent[], type: T) {
  return events.filter((event): event is Extract<ReplayEvent, { type: T }> => event.type === type);
}

function recordingSummarizer(fail = false) {
  const requests: SummarizeRequest[] = [];
  const summarizer: Summarizer = async (request) => {
    requests.push(request);
    if (fail) throw new Error("model unavailable");
    return { text: `S${requests.length - 1}`, usage: { input: 1, output: 1 } };
  };
  return { requests, summarizer };
}

/** Small numbers so hand-built sessions reach them: threshold = window − 2,000, keep 1,000. */
const small = { reserveTokens: 1_000, reserveTokensFloor: 2_000, keepRecentTokens: 1_000, memoryFlushEnabled: false };
/** 12 turns of ~1,000 tokens each. */
const session = deepFreeze(buildSession(turns(12, 4_000)));

describe("openclaw: reserve floor and trigger (seed 001 §1)", () => {
  it.each([
    { name: "pi's 16,384 is raised to the 20,000 floor", settings: {}, reserve: 20_000 },
    { name: "a reserve above the floor is kept", settings: { reserveTokens: 30_000 }, reserve: 30_000 },
    { name: "floor 0 disables the floor", settings: { reserveTokensFloor: 0 }, reserve: 16_384 },
  ])("$name", ({ settings, reserve }) => {
    expect(effectiveReserveTokens({ ...DEFAULT_OPENCLAW_SETTINGS, ...settings })).toBe(reserve);
  });

  it("compacts before the first call whose context is over window − reserve, not at it", async () => {
    const probe = await replaySession({ session, strategy: openclawStrategy, settings: { ...small, reserveTokensFloor: 0, reserveTokens: 0 }, window: 1_000_000 });
    const at = probe.steps[10].contextTokens;
    const result = await replaySession({ session, strategy: openclawStrategy, settings: small, window: at + 2_000 });
    const first = ofType(result.events, "compaction-start")[0];
    expect(first.step).toBeGreaterThan(10);
    const over = await replaySession({ session, strategy: openclawStrategy, settings: small, window: at + 1_999 });
    expect(ofType(over.events, "compaction-start")[0]).toMatchObject({ step: 10, point: "before-call", budget: at - 1 });
  });

  it("a context over the usable window takes the overflow path: compact, then the call is retried once", async () => {
    const result = await replaySession({ session, strategy: openclawStrategy, settings: { ...small, reserveTokens: 0, reserveTokensFloor: 0 }, window: 6_000 });
    const start = ofType(result.events, "compaction-start")[0];
    expect(start.reason).toMatch(/^context overflow: .* compact and retry once$/);
  });

  it("keeps the newest keepRecentTokens (pi: 20,000) and never cuts at a tool result", async () => {
    expect(DEFAULT_OPENCLAW_SETTINGS.keepRecentTokens).toBe(20_000);
    const result = await replaySession({ session, strategy: openclawStrategy, settings: { ...small, keepRecentTokens: 2_500 }, window: 8_000 });
    for (const end of ofType(result.events, "compaction-end")) {
      const kept = session.messages.find((message) => message.id === end.firstKeptMessageId);
      expect(kept?.role).not.toBe("tool");
    }
    const final = finalContext(session, result).messages;
    expect(final[0].message.parts[0]).toMatchObject({ type: "text", text: expect.stringContaining(PI_SUMMARY_PREFIX) });
  });

  it("a cut inside a turn summarizes the turn's beginning separately (pi's split turn)", async () => {
    const long = deepFreeze(buildSession([...turns(4, 4_000), { user: "Big task" }, ...Array.from({ length: 6 }, (_, index) => ({ assistant: `Step ${index}`, tools: [{ name: "bash", input: { command: `make ${index}` }, output: "y".repeat(4_000) }] })), { assistant: "All done." }]));
    const { requests, summarizer } = recordingSummarizer();
    const result = await replaySession({ session: long, strategy: openclawStrategy, settings: { ...small, keepRecentTokens: 2_500 }, window: 9_000, summarizer });
    const end = ofType(result.events, "compaction-end").find((event) => event.summary?.includes(PI_TURN_CONTEXT_HEADING));
    expect(end).toBeDefined();
    expect(requests.some((request) => request.format.style === "sections" && request.format.sections[0].heading === "## Original Request")).toBe(true);
  });

  it("a later compaction updates the previous summary (pi's UPDATE)", async () => {
    const { requests, summarizer } = recordingSummarizer();
    await replaySession({ session, strategy: openclawStrategy, settings: small, window: 6_000, summarizer });
    const updates = requests.filter((request) => request.previousSummary !== undefined);
    expect(updates.length).toBeGreaterThan(0);
    expect(updates[0].previousSummary).toMatch(/^S0/);
    expect(updates[0].instructions).toBe(PI_UPDATE_INSTRUCTIONS);
  });
});

describe("openclaw: safeguard summarization in stages (seed 001 §2, §7)", () => {
  it.each([
    { name: "small messages keep the base ratio 0.4", tokens: [100, 100], window: 10_000, ratio: BASE_CHUNK_RATIO },
    { name: "an average over a tenth of the window (×1.2) lowers it by twice that share", tokens: [1_000], window: 10_000, ratio: 0.4 - 0.24 },
    { name: "never below 0.15", tokens: [5_000], window: 10_000, ratio: MIN_CHUNK_RATIO },
    { name: "no messages: the base ratio", tokens: [], window: 10_000, ratio: BASE_CHUNK_RATIO },
    // OpenClaw's transcript has one toolResult message per result: a batch of four parallel results is four messages
    { name: "a tool message counts once per result (4 results: average 2,000 / 5 = 400, ×1.2 under a tenth)", tokens: [1_000, 1_000], results: [0, 4], window: 10_000, ratio: BASE_CHUNK_RATIO },
    { name: "a tool message with one result counts once (average 1,000: lowered)", tokens: [1_000, 1_000], results: [0, 1], window: 10_000, ratio: 0.4 - 0.24 },
  ])("adaptive chunk ratio: $name", ({ tokens, results, window, ratio }) => {
    const messages = tokens.map((_, index) =>
      results && results[index] > 0
        ? { role: "tool", parts: Array.from({ length: results[index] }, (_, part) => ({ type: "tool-result", callId: `c${part}` })) }
        : { role: "assistant", parts: [{ type: "text", text: "x" }] },
    );
    const context = { entry: (position: number) => ({ message: messages[position] }) } as unknown as ContextView;
    expect(computeAdaptiveChunkRatio(context, { positions: tokens.map((_, index) => index), tokens }, window)).toBeCloseTo(ratio, 10);
  });

  it("a history within the chunk size is one summary call", async () => {
    const { requests, summarizer } = recordingSummarizer();
    await replaySession({ session, strategy: openclawStrategy, settings: small, window: 9_000, summarizer });
    expect(requests[0].instructions).not.toContain(MERGE_SUMMARIES_INSTRUCTIONS);
    expect(requests[0].messages.length).toBeGreaterThan(0);
  });

  it("a larger history is split in two by token share and the partials merged with the seed's instruction", async () => {
    const { requests, summarizer } = recordingSummarizer();
    const result = await replaySession({ session, strategy: openclawStrategy, settings: { ...small, maxHistoryShare: 0.9 }, window: 12_000, summarizer });
    const merge = requests.find((request) => request.instructions.includes(MERGE_SUMMARIES_INSTRUCTIONS));
    expect(merge).toBeDefined();
    expect(merge?.instructions).toContain(`Additional focus:\n${MERGE_SUMMARIES_INSTRUCTIONS}`);
    // each half is chunked at maxChunkTokens ÷ 1.2 (OpenClaw's buildSummaryChunks): two chunks a half here, each
    // updating the one before; the merge reads each half's last summary
    expect(merge?.messages.map((message) => [message.summary, message.parts[0].type === "text" && message.parts[0].text])).toEqual([
      [true, "S1"],
      [true, "S3"],
    ]);
    const end = ofType(result.events, "compaction-end")[0];
    expect(end.summary).toMatch(/^S4/);
  });

  it("a history over maxHistoryShare drops its oldest chunks, summarizes them first and feeds that to the main summary", async () => {
    const { requests, summarizer } = recordingSummarizer();
    await replaySession({ session, strategy: openclawStrategy, settings: { ...small, maxHistoryShare: 0.1 }, window: 10_000, summarizer });
    const withPrevious = requests.findIndex((request) => request.previousSummary !== undefined);
    expect(withPrevious).toBeGreaterThan(0);
    expect(requests[withPrevious].previousSummary).toBe(`S${withPrevious - 1}`);
  });

  it("pruneHistoryForContextShare halves by token share (a call and its results weighed and kept together, as OpenClaw's chunkCompactionMessageGroups) and drops the oldest half until within window × maxHistoryShare", () => {
    const roles = ["user", "assistant", "tool", "assistant", "user", "assistant", "tool", "assistant"];
    const context = { entry: (position: number) => ({ message: { role: roles[position] } }) } as unknown as ContextView;
    const history = { positions: roles.map((_, index) => index), tokens: roles.map(() => 100) };
    const pruned = pruneHistoryForContextShare({ context, history, window: 1_000, maxHistoryShare: 0.3, parts: 2 });
    // the same answer as openclaw 2026.9.6's buildHistoryPrunePlan on these messages (npm run conformance checks it on real sessions)
    expect(pruned).toMatchObject({ droppedChunks: 2, budget: 300, kept: { positions: [5, 6, 7] }, dropped: { positions: [0, 1, 2, 3, 4] } });
  });

  it("skips a message too large to summarize and notes it", async () => {
    const huge = deepFreeze(buildSession([...turns(1, 40_000), ...turns(6, 2_000)]));
    const { requests, summarizer } = recordingSummarizer();
    const result = await replaySession({ session: huge, strategy: openclawStrategy, settings: small, window: 14_000, summarizer });
    const end = ofType(result.events, "compaction-end")[0];
    expect(sentText(huge, result, end.step)).toContain("[Large tool (~10K tokens) omitted from summary]");
    expect(requests[0].messages.some((message) => message.role === "tool" && message.parts.some((part) => part.type === "tool-result" && part.output.length === 40_000))).toBe(false);
  });

  it("carries tool failures and read / modified files in the summary message, the files as structured details (not in the reported summary)", async () => {
    const failing = deepFreeze(
      buildSession(
        turns(8, 4_000, (index) =>
          index === 0 ? [{ assistant: "Editing.", tools: [{ name: "edit", input: { path: "src/main.ts" }, output: "Error: old_string not found\nmore", isError: true }] }] : [],
        ),
      ),
    );
    const result = await replaySession({ session: failing, strategy: openclawStrategy, settings: small, window: 8_000 });
    const end = ofType(result.events, "compaction-end")[0];
    const sent = sentText(failing, result, end.step);
    expect(sent).toContain("## Tool Failures\n- edit: Error: old_string not found");
    expect(sent).toContain("<read-files>\nsrc/f0.ts");
    expect(sent).toContain("<modified-files>\nsrc/main.ts\n</modified-files>");
    expect(end.details?.modifiedFiles).toEqual(["src/main.ts"]);
    expect(end.details?.readFiles).toContain("src/f0.ts");
    expect(end.summary ?? "").not.toContain("<read-files>");
  });

  it("falls back to the seed's FALLBACK_SUMMARY, with the same notes, when summarization fails", async () => {
    const result = await replaySession({ session, strategy: openclawStrategy, settings: small, window: 8_000, summarizer: recordingSummarizer(true).summarizer });
    expect(ofType(result.events, "fallback")[0]).toMatchObject({ outcome: "fallback-layout" });
    const first = finalContext(session, result).messages[0].message.parts[0];
    expect(first.type === "text" && first.text).toContain(`${FALLBACK_SUMMARY}\n\n<read-files>`);
    expect(FALLBACK_SUMMARY).toBe("Summary unavailable due to context limits. Older messages were truncated.");
  });

  it("default mode is pi's single summary, with the floored reserve", async () => {
    const { requests, summarizer } = recordingSummarizer();
    const result = await replaySession({ session, strategy: openclawStrategy, settings: { ...small, mode: "default", maxHistoryShare: 0.9 }, window: 12_000, summarizer });
    expect(requests.some((request) => request.instructions.includes(MERGE_SUMMARIES_INSTRUCTIONS))).toBe(false);
    expect(ofType(result.events, "compaction-start")[0].budget).toBe(10_000);
  });
});

describe("openclaw: memory flush (seed 001 §4)", () => {
  const flush = { ...small, memoryFlushEnabled: true, memoryFlushSoftThresholdTokens: 1_000 };

  it("is flagged at window − reserveTokensFloor − softThreshold when a user message arrives, saying the lab cannot run it", async () => {
    const result = await replaySession({ session, strategy: openclawStrategy, settings: flush, window: 9_000 });
    const warnings = ofType(result.events, "warning").filter((event) => event.code === "memory-flush");
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings[0].message).toMatch(/≥ 6000 .*the lab cannot run that agentic turn/);
  });

  it("runs once per compaction count", async () => {
    const result = await replaySession({ session, strategy: openclawStrategy, settings: flush, window: 9_000 });
    let sinceCompaction = 0;
    for (const event of result.events) {
      if (event.type === "compaction-end") sinceCompaction = 0;
      if (event.type === "warning" && event.code === "memory-flush") expect(++sinceCompaction).toBe(1);
    }
  });

  it("defaults: enabled, soft threshold 4,000", () => {
    expect(DEFAULT_OPENCLAW_SETTINGS).toMatchObject({ memoryFlushEnabled: true, memoryFlushSoftThresholdTokens: 4_000, reserveTokensFloor: 20_000, maxHistoryShare: 0.5, mode: "safeguard" });
  });
});

describe("openclaw: settings", () => {
  it.each([
    { name: "maxHistoryShare below 0.1 is rejected", overrides: { maxHistoryShare: 0.05 }, setting: "maxHistoryShare" },
    { name: "maxHistoryShare above 0.9 is rejected", overrides: { maxHistoryShare: 0.95 }, setting: "maxHistoryShare" },
    { name: "an unknown mode is rejected", overrides: { mode: "aggressive" }, setting: "mode" },
    { name: "an unknown setting is named", overrides: { softThresholdTokens: 1 }, setting: "softThresholdTokens" },
  ])("$name", ({ overrides, setting }) => {
    expect(() => resolveSettings(openclawStrategy, overrides)).toThrow(SettingsError);
    try {
      resolveSettings(openclawStrategy, overrides);
    } catch (error) {
      expect((error as SettingsError).setting).toBe(setting);
    }
  });
});

describe("openclaw on generated sessions", () => {
  it.each([1, 2, 3])("seed %i: sound, within budget and deterministic", async (seed) => {
    const generated = deepFreeze(generateSession({ seed, messages: 400 }));
    const options = { session: generated, strategy: openclawStrategy, window: 60_000 };
    const result = await replaySession(options);
    expect(ofType(result.events, "compaction-end").length).toBeGreaterThan(0);
    expect(checkInvariants(generated, result).violations).toEqual([]);
    expect(JSON.stringify(await replaySession(options))).toBe(JSON.stringify(result));
  });

  it("a long generated session at 200K splits, merges and drops chunks, and stays sound", async () => {
    const generated = deepFreeze(generateSession({ seed: 4, messages: 900 }));
    const { requests, summarizer } = recordingSummarizer();
    const result = await replaySession({ session: generated, strategy: openclawStrategy, settings: { keepRecentTokens: 5_000 }, window: 120_000, summarizer });
    expect(requests.length).toBeGreaterThan(0);
    expect(checkInvariants(generated, result).violations).toEqual([]);
  });
});

/** The text the model was sent at a step (every text part of every message). */
function sentText(session: Parameters<typeof contextAt>[0], result: Parameters<typeof contextAt>[1], step: number): string {
  return contextAt(session, result, step)
    .messages.map((entry) => entry.message.parts.map((part) => (part.type === "text" ? part.text : "")).join("\n"))
    .join("\n");
}
