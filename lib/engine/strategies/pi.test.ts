import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { describeWithShared } from "../../testing/describe-with-shared";
import { sharedTranscript } from "../../testing/shared-transcripts";
import { importTranscript } from "../../transcripts";
import type { Session } from "../model";
import { checkInvariants } from "../simulate/check-invariants";
import { contextAt, finalContext } from "../simulate/context-at";
import type { CompactionEndEvent, CompactionStartEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import type { SummarizeRequest, Summarizer } from "../summarize/summarizer";
import { buildSession, type TurnSpec } from "../testing/build-session";
import { estimateMessageTokens } from "../tokens/chars4";
import { noneStrategy } from "./none";
import {
  DEFAULT_PI_SETTINGS,
  PI_NO_PRIOR_HISTORY,
  PI_SUMMARY_INSTRUCTIONS,
  PI_SUMMARY_PREFIX,
  PI_SUMMARY_SUFFIX,
  PI_TURN_CONTEXT_HEADING,
  PI_TURN_PREFIX_INSTRUCTIONS,
  PI_UPDATE_INSTRUCTIONS,
  piStrategy,
} from "./pi";
import { resolveSettings } from "./resolve-settings";

/** Text costing exactly `tokens` chars/4 tokens. */
const sized = (tokens: number, letter = "x") => letter.repeat(tokens * 4);

function recordingSummarizer() {
  const requests: SummarizeRequest[] = [];
  const summarizer: Summarizer = async (request) => {
    requests.push(request);
    return { text: `summary ${requests.length}`, usage: { input: 0, output: 0 } };
  };
  return { requests, summarizer };
}

const starts = (events: readonly { type: string }[]) => events.filter((event): event is CompactionStartEvent => event.type === "compaction-start");
const ends = (events: readonly { type: string }[]) => events.filter((event): event is CompactionEndEvent => event.type === "compaction-end");

/** The first step of the uncompacted timeline whose context exceeds `threshold` (pi's trigger, derived from `none`). */
async function firstStepOver(session: Session, window: number, threshold: number) {
  const none = await replaySession({ session, strategy: noneStrategy, window });
  return { none, step: none.steps.find((step) => step.contextTokens > threshold) ?? null };
}

/** pi's walk recomputed over plain messages: back to `keep` tokens, then forward past tool results. */
function expectedFirstKept(messages: readonly { message: Session["messages"][number] }[], keep: number): string {
  let accumulated = 0;
  let index = messages.length;
  while (index > 0 && accumulated < keep) accumulated += estimateMessageTokens(messages[--index].message);
  while (messages[index].message.role === "tool") index++;
  return messages[index].message.id;
}

const small = { reserveTokens: 100, keepRecentTokens: 300 };

describe("pi strategy", () => {
  it("defaults are pi's: reserveTokens 16,384 and keepRecentTokens 20,000", () => {
    expect(DEFAULT_PI_SETTINGS).toEqual({ reserveTokens: 16_384, keepRecentTokens: 20_000 });
    expect(resolveSettings(piStrategy)).toEqual(DEFAULT_PI_SETTINGS);
  });

  it.each([
    { settings: { reserve: 1 }, key: "reserve" },
    { settings: { keepRecentTokens: 0 }, key: "keepRecentTokens" },
    { settings: { reserveTokens: -1 }, key: "reserveTokens" },
  ])("settings are validated: $key is rejected", ({ settings, key }) => {
    expect(() => resolveSettings(piStrategy, settings)).toThrowError(expect.objectContaining({ setting: key }));
  });

  it("triggers before the first call whose context exceeds window − reserveTokens (strictly greater)", async () => {
    const session = generateSession({ seed: 7, messages: 300 });
    const window = 20_000;
    const threshold = window - small.reserveTokens;
    const { step } = await firstStepOver(session, window, threshold);
    expect(step).not.toBeNull();
    const result = await replaySession({ session, strategy: piStrategy, settings: small, window });
    expect(starts(result.events)[0].step).toBe(step!.step);
    expect(starts(result.events)[0].tokensBefore).toBe(step!.contextTokens);
    // exactly at the threshold is not over it
    const atThreshold = await replaySession({ session, strategy: piStrategy, settings: { ...small, reserveTokens: window - step!.contextTokens }, window });
    expect(starts(atThreshold.events)[0]?.step ?? Infinity).toBeGreaterThan(step!.step);
  });

  it("a walk that stops on a tool result moves FORWARD to the next user or assistant message (keeps fewer, never a lone result)", async () => {
    const session = buildSession([
      { user: sized(400) },
      { assistant: "reading", tools: [{ name: "read", input: { path: "src/a.ts" }, output: sized(400) }] },
      { user: sized(50) },
      { assistant: "done" },
    ]);
    // before call 1 the context is [u, a+call, result, u]: the 300-token walk stops on the result (m2)
    const { summarizer, requests } = recordingSummarizer();
    const result = await replaySession({ session, strategy: piStrategy, settings: { reserveTokens: 0, keepRecentTokens: 300 }, window: 800, summarizer });
    expect(ends(result.events)[0].firstKeptMessageId).toBe("m3");
    expect(requests).toHaveLength(1);
    expect(requests[0].messages.map((message) => message.id)).toEqual(["m0", "m1", "m2"]);
  });

  it("a cut at a user message is a turn start: one summary, no turn context", async () => {
    const session = buildSession([{ user: sized(500) }, { assistant: sized(100) }, { user: sized(350) }, { assistant: "ok" }]);
    const { summarizer, requests } = recordingSummarizer();
    const result = await replaySession({ session, strategy: piStrategy, settings: small, window: 900, summarizer });
    expect(ends(result.events)[0].firstKeptMessageId).toBe("m2");
    expect(requests.map((request) => request.instructions)).toEqual([PI_SUMMARY_INSTRUCTIONS]);
    const summary = finalContext(session, result).messages[0].message;
    expect(summary.parts[0]).toMatchObject({ text: `${PI_SUMMARY_PREFIX}summary 1${PI_SUMMARY_SUFFIX}` });
  });

  it("a cut inside a turn is a split turn: history before the turn and the turn's prefix get separate summaries, merged", async () => {
    const session = buildSession([
      { user: sized(300, "a") },
      { assistant: sized(300, "b") },
      { user: "fix the bug" },
      { assistant: "look", tools: [{ name: "read", input: { path: "src/big.ts" }, output: sized(500) }] },
      { assistant: "edit", tools: [{ name: "edit", input: { path: "src/big.ts" }, output: "ok" }] },
      { assistant: "done" },
    ]);
    // before the last call: [u0, a1, u2, a3+call, r4, a5+call, r6]; the walk crosses 300 at r4 → forward to a5.
    // Files come from the summarized messages only: the edit in the kept a5 is not listed yet.
    const { summarizer, requests } = recordingSummarizer();
    const result = await replaySession({ session, strategy: piStrategy, settings: small, window: 1_200, summarizer });
    const end = ends(result.events)[0];
    expect(end.firstKeptMessageId).toBe("m5");
    expect(requests.map((request) => request.messages.map((message) => message.id))).toEqual([["m0", "m1"], ["m2", "m3", "m4"]]);
    expect(requests[1].instructions).toBe(PI_TURN_PREFIX_INSTRUCTIONS);
    expect(requests[0].maxOutputTokens).toBe(80);
    expect(requests[1].maxOutputTokens).toBe(50);
    const text = finalContext(session, result).messages[0].message.parts[0];
    expect(text).toMatchObject({
      text: `${PI_SUMMARY_PREFIX}summary 1${PI_TURN_CONTEXT_HEADING}summary 2\n\n<read-files>\nsrc/big.ts\n</read-files>${PI_SUMMARY_SUFFIX}`,
    });
  });

  it(`a split turn with nothing before it says "${PI_NO_PRIOR_HISTORY}" and summarizes only the prefix`, async () => {
    const session = buildSession([
      { user: "go" },
      { assistant: "look", tools: [{ name: "bash", input: { command: "ls" }, output: sized(500) }] },
      { assistant: "more", tools: [{ name: "bash", input: { command: "pwd" }, output: "ok" }] },
      { assistant: "done" },
    ]);
    const { summarizer, requests } = recordingSummarizer();
    const result = await replaySession({ session, strategy: piStrategy, settings: small, window: 600, summarizer });
    expect(requests).toHaveLength(1);
    expect(requests[0].instructions).toBe(PI_TURN_PREFIX_INSTRUCTIONS);
    expect(finalContext(session, result).messages[0].message.parts[0]).toMatchObject({
      text: `${PI_SUMMARY_PREFIX}${PI_NO_PRIOR_HISTORY}${PI_TURN_CONTEXT_HEADING}summary 1${PI_SUMMARY_SUFFIX}`,
    });
  });

  it("iterative: the next compaction UPDATES the previous summary and carries its read/modified files", async () => {
    const turns: TurnSpec[] = [];
    for (let turn = 0; turn < 8; turn++) {
      turns.push({ user: `task ${turn} ${sized(60)}` });
      turns.push({ assistant: "reading", tools: [{ name: "read", input: { path: `src/file${turn}.ts` }, output: sized(200) }] });
      turns.push({ assistant: `done ${turn}` });
    }
    const session = buildSession(turns);
    const { summarizer, requests } = recordingSummarizer();
    const result = await replaySession({ session, strategy: piStrategy, settings: small, window: 1_000, summarizer });
    expect(starts(result.events).length).toBeGreaterThanOrEqual(2);
    expect(requests[0].instructions).toBe(PI_SUMMARY_INSTRUCTIONS);
    expect(requests[0].previousSummary).toBeUndefined();
    expect(requests[1].instructions).toBe(PI_UPDATE_INSTRUCTIONS);
    expect(requests[1].previousSummary).toBe("summary 1");
    const firstSummary = ends(result.events)[0];
    const secondStep = starts(result.events)[1].step;
    const read = (step: number) => {
      const text = contextAt(session, result, step).messages.find((entry) => entry.purpose === "summary")!.message.parts[0];
      return text.type === "text" ? /<read-files>\n([\s\S]*?)\n<\/read-files>/.exec(text.text)![1].split("\n") : [];
    };
    const firstFiles = read(firstSummary.step);
    expect(firstFiles).toContain("src/file0.ts");
    // the second summary's range starts after the first summary, yet its list still holds the first one's files
    expect(read(secondStep)).toEqual(expect.arrayContaining(firstFiles));
    expect(read(secondStep).length).toBeGreaterThan(firstFiles.length);
  });

  it("the context after a compaction is [leading system messages] + summary + messages from the first kept one", async () => {
    const session = generateSession({ seed: 3, messages: 300 });
    const result = await replaySession({ session, strategy: piStrategy, settings: { reserveTokens: 2_000, keepRecentTokens: 5_000 }, window: 30_000 });
    const end = ends(result.events)[0];
    const snapshot = contextAt(session, result, end.step);
    expect(snapshot.messages[0].message.role).toBe("system");
    expect(snapshot.messages[1].purpose).toBe("summary");
    expect(snapshot.messages[1].message.role).toBe("user");
    expect(snapshot.messages[2].message.id).toBe(end.firstKeptMessageId);
    const firstKeptIndex = session.messages.findIndex((message) => message.id === end.firstKeptMessageId);
    expect(snapshot.messages.slice(2).map((entry) => entry.sessionIndex)).toEqual(
      Array.from({ length: snapshot.messages.length - 2 }, (_, offset) => firstKeptIndex + offset),
    );
  });

  it.each([
    { seed: 11, messages: 400, window: 40_000 },
    { seed: 12, messages: 900, window: 80_000 },
  ])("generated session $seed: every compaction fires over the threshold, keeps ≥ keepRecentTokens and stays sound", async ({ seed, messages, window }) => {
    const session = generateSession({ seed, messages });
    const settings = { reserveTokens: 4_000, keepRecentTokens: 8_000 };
    const result = await replaySession({ session, strategy: piStrategy, settings, window });
    expect(starts(result.events).length).toBeGreaterThan(0);
    for (const start of starts(result.events)) expect(start.tokensBefore).toBeGreaterThan(window - settings.reserveTokens);
    for (const step of result.steps) expect(step.contextTokens).toBeLessThanOrEqual(window - settings.reserveTokens);
    expect(checkInvariants(session, result).violations).toEqual([]);
  });
});

describeWithShared("pi on the real pi-mono session (pi/pi-mono__large-session.jsonl)", () => {
  const load = () => importTranscript(fs.readFileSync(sharedTranscript("pi/pi-mono__large-session.jsonl"), "utf8")).session;

  it("at a 200,000 window pi's rule never fires: no step exceeds 200,000 − 16,384 = 183,616 (the file records no compaction either)", async () => {
    const session = load();
    const threshold = 200_000 - DEFAULT_PI_SETTINGS.reserveTokens;
    expect(threshold).toBe(183_616);
    const { none, step } = await firstStepOver(session, 200_000, threshold);
    // chars/4 peaks at 128,278 and the recorded usage at 177,604: both under 183,616, so the expected step is none
    expect(step).toBeNull();
    expect(Math.max(...none.steps.map((entry) => entry.recordedTokens ?? 0))).toBe(177_604);
    const result = await replaySession({ session, strategy: piStrategy, window: 200_000 });
    expect(starts(result.events)).toEqual([]);
    expect(result.steps.map((entry) => entry.contextTokens)).toEqual(none.steps.map((entry) => entry.contextTokens));
  });

  it("at a 128,000 window pi compacts before the first step over 111,616 and keeps from the 20,000-token walk's cut", async () => {
    const session = load();
    const window = 128_000;
    const threshold = window - DEFAULT_PI_SETTINGS.reserveTokens;
    const { none, step } = await firstStepOver(session, window, threshold);
    expect(step).not.toBeNull();
    const result = await replaySession({ session, strategy: piStrategy, window });
    const first = starts(result.events)[0];
    expect({ step: first.step, tokensBefore: first.tokensBefore }).toEqual({ step: step!.step, tokensBefore: step!.contextTokens });
    const before = contextAt(session, none, step!.step).messages;
    // what the uncompacted replay sent at that step is what pi's walk runs over
    const expected = expectedFirstKept(before, DEFAULT_PI_SETTINGS.keepRecentTokens);
    expect(ends(result.events)[0].firstKeptMessageId).toBe(expected);
    for (const start of starts(result.events)) expect(start.tokensBefore).toBeGreaterThan(threshold);
    expect(checkInvariants(session, result).violations).toEqual([]);
  });
});
