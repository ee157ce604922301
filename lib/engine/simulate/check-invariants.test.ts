import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { describeWithShared } from "../../testing/describe-with-shared";
import { listSharedTranscripts, sharedTranscript } from "../../testing/shared-transcripts";
import type { Session } from "../model";
import { strategies } from "../strategies";
import type { Summarizer } from "../summarize/summarizer";
import { buildSession, deepFreeze } from "../testing/build-session";
import { checkInvariants } from "./check-invariants";
import type { ReplayResult } from "./replay-result";
import { planCompaction } from "./plan-compaction";
import { replaySession } from "./replay-session";

const failingSummarizer: Summarizer = async () => {
  throw new Error("rate limited");
};

/** Replays twice (once with a failing summarizer) and checks every invariant; returns the first result. */
async function expectSound(session: Session, window: number) {
  const frozen = deepFreeze(structuredClone(session));
  const before = JSON.stringify(frozen);
  for (const strategy of strategies) {
    const first = await replaySession({ session: frozen, strategy, window });
    const second = await replaySession({ session: frozen, strategy, window });
    expect(JSON.stringify(second), `${strategy.id} is deterministic`).toBe(JSON.stringify(first));
    const report = checkInvariants(frozen, first);
    expect(report.violations, strategy.id).toEqual([]);
    expect(report.toolPairsIntact).toBe(true);
    const failing = await replaySession({ session: frozen, strategy, window, summarizer: failingSummarizer });
    expect(checkInvariants(frozen, failing).violations, `${strategy.id} with a failing summarizer`).toEqual([]);
    const preview = planCompaction({ session: frozen, strategy, window });
    expect(checkInvariants(frozen, preview.replay).violations, `${strategy.id} preview`).toEqual([]);
  }
  expect(JSON.stringify(frozen)).toBe(before);
}

describe("invariants over every registered strategy", () => {
  it.each([
    { seed: 1, messages: 120, window: 30_000 },
    { seed: 2, messages: 600, window: 60_000 },
    { seed: 3, messages: 1_500, window: 200_000 },
  ])("generated session seed $seed, $messages messages, window $window", async ({ seed, messages, window }) => {
    await expectSound(generateSession({ seed, messages }), window);
  });
});

describeWithShared("invariants over every registered strategy on real transcripts", () => {
  it.each(listSharedTranscripts().filter((file) => !file.endsWith(".md")))("%s", async (file) => {
    const { importTranscript } = await import("../../transcripts");
    const session = importTranscript(fs.readFileSync(sharedTranscript(file), "utf8"), { sourceName: file }).session;
    await expectSound(session, 60_000);
  });
});

describe("checkInvariants reports each broken tool pair", () => {
  // user, assistant calling c1, its result, assistant calling c2 and c3, their results, a closing answer
  const session = buildSession([
    { user: "start" },
    { assistant: "one", tools: [{ name: "read", input: { path: "a" }, output: "A" }] },
    { assistant: "two", tools: [{ name: "read", input: { path: "b" }, output: "B" }, { name: "read", input: { path: "c" }, output: "C" }] },
    { assistant: "done" },
  ]);
  const callIds = session.messages.flatMap((message) => message.parts.flatMap((part) => (part.type === "tool-call" ? [part.id] : [])));
  const resultOf = (callId: string) => session.messages.findIndex((message) => message.parts.some((part) => part.type === "tool-result" && part.callId === callId));
  const callOf = (callId: string) => session.messages.findIndex((message) => message.parts.some((part) => part.type === "tool-call" && part.id === callId));
  const original = (index: number) => ({ kind: "original" as const, index });
  const replayOf = (epochs: { step: number; entries: ReturnType<typeof original>[] }[]) =>
    ({ strategyId: "test", settings: {}, window: 100_000, outputReserve: 0, estimatorId: "chars4", steps: [], events: [], epochs, marks: [], final: { epoch: epochs.length - 1, length: 0, contextTokens: 0, messages: 0 } }) as ReplayResult;

  it("a result sent without its call, and a call sent without its result, name the epoch, step, call and message", () => {
    expect(callIds).toHaveLength(3);
    const everything = session.messages.map((_, index) => original(index));
    const without = (...indexes: number[]) => everything.filter((entry) => !indexes.includes(entry.index));
    const report = checkInvariants(session, replayOf([
      { step: 0, entries: everything },
      // epoch 1 drops the first call but keeps its result; epoch 2 drops the results of the second message's two calls
      { step: 3, entries: without(callOf(callIds[0])) },
      { step: 5, entries: without(resultOf(callIds[1]), resultOf(callIds[2])) },
    ]));
    expect(report.toolPairsIntact).toBe(false);
    expect(report.violations).toEqual([
      `epoch 1 (step 3): result of ${callIds[0]} in ${session.messages[resultOf(callIds[0])].id} is sent without its call`,
      `epoch 2 (step 5): call ${callIds[1]} is sent without its result (message ${session.messages[resultOf(callIds[1])].id})`,
      `epoch 2 (step 5): call ${callIds[2]} is sent without its result (message ${session.messages[resultOf(callIds[2])].id})`,
    ]);
  });

  it("a call whose result comes after the epoch's last message is no violation; in a synthetic message, a result is checked by its call id", () => {
    const prefix = session.messages.slice(0, resultOf(callIds[1])).map((_, index) => original(index));
    expect(checkInvariants(session, replayOf([{ step: 0, entries: prefix }])).violations).toEqual([]);
    const synthetic = (callId: string) => ({ kind: "synthetic" as const, purpose: "summary" as const, message: { id: `s-${callId}`, role: "user" as const, parts: [{ type: "tool-result" as const, callId, output: "x", images: [] }] } });
    const epochs = [{ step: 0, entries: [original(0), synthetic("never-called"), synthetic(callIds[0])] }] as unknown as Parameters<typeof replayOf>[0];
    // a result of a call the session never made is not the session's pair to break; one of the session's calls is
    expect(checkInvariants(session, replayOf(epochs)).violations).toEqual([`epoch 0 (step 0): result of ${callIds[0]} in s-${callIds[0]} is sent without its call`]);
    // a session that holds a result of a call it never recorded (an importer dropped the call): not a broken pair either
    const orphaned = { ...session, messages: session.messages.filter((_, index) => index !== callOf(callIds[0])) };
    expect(checkInvariants(orphaned, replayOf([{ step: 0, entries: orphaned.messages.map((_, index) => original(index)) }])).violations).toEqual([]);
  });
});
