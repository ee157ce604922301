import { describe, expect, it } from "vitest";
import { noneStrategy } from "../strategies/none";
import { buildSession, deepFreeze } from "../testing/build-session";
import { estimateMessageTokens } from "../tokens/chars4";
import { generateSession } from "../../generator/generate-session";
import { contextAt, finalContext } from "./context-at";
import { planCompaction } from "./plan-compaction";
import { REPLAY_PAUSE_EVERY } from "./replay-core";
import { replaySession } from "./replay-session";

const session = deepFreeze(
  buildSession([
    { system: "You are a coding agent." },
    { user: "Fix the failing test in src/app.ts" },
    { assistant: "Reading the file.", tools: [{ name: "read", input: { path: "src/app.ts" }, output: "x".repeat(4000) }] },
    { assistant: "Running tests.", tools: [{ name: "bash", input: { command: "npm test" }, output: "FAIL src/app.test.ts" }] },
    { compaction: { tokensBefore: 1500, tokensAfter: 200 }, summary: "Recorded summary" },
    { assistant: "Done." },
    { user: "Thanks" },
  ]),
);

describe("replaySession with none", () => {
  it("reports one step per model call with the running chars/4 total", async () => {
    const result = await replaySession({ session, strategy: noneStrategy });
    expect(result.steps.map((step) => step.messageIndex)).toEqual([2, 4, 8]);
    const upTo = (index: number) =>
      session.messages
        .slice(0, index)
        .filter((message) => message.id !== "m6" && message.id !== "m7")
        .reduce((sum, message) => sum + estimateMessageTokens(message), 0);
    expect(result.steps.map((step) => step.contextTokens)).toEqual([upTo(2), upTo(4), upTo(8)]);
  });

  it("skips the recorded compaction and reports it as an event", async () => {
    const result = await replaySession({ session, strategy: noneStrategy });
    expect(result.events).toEqual([
      { type: "recorded-compaction", step: 2, messageId: "m6", auto: true, tokensBefore: 1500, tokensAfter: 200 },
    ]);
    const final = finalContext(session, result);
    expect(final.messages.map((entry) => entry.message.id)).toEqual(["m0", "m1", "m2", "m3", "m4", "m5", "m8", "m9"]);
    expect(final.messages[0].message).toBe(session.messages[0]);
  });

  it("reconstructs each step's context as a prefix", async () => {
    const result = await replaySession({ session, strategy: noneStrategy });
    expect(contextAt(session, result, 1).messages.map((entry) => entry.sessionIndex)).toEqual([0, 1, 2, 3]);
    expect(() => contextAt(session, result, 9)).toThrow(RangeError);
  });

  it("reports overflow when a step exceeds the usable window", async () => {
    const result = await replaySession({ session, strategy: noneStrategy, window: 500 });
    expect(result.events.filter((event) => event.type === "overflow")).toHaveLength(1);
  });

  it("replays deterministically", async () => {
    const first = await replaySession({ session, strategy: noneStrategy });
    const second = await replaySession({ session, strategy: noneStrategy });
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });
});

describe("replaySession on a long session", () => {
  it("lets timers run while it replays, even when the strategy never summarizes", async () => {
    const long = deepFreeze(generateSession({ seed: 11, messages: 3_000 }));
    let ticks = 0;
    let timerFired = false;
    let replaying = true;
    const tick = () => {
      if (!replaying) return;
      ticks++;
      setImmediate(tick);
    };
    setImmediate(tick);
    setTimeout(() => (timerFired = replaying), 0);
    const result = await replaySession({ session: long, strategy: noneStrategy });
    replaying = false;
    expect(result.steps.length).toBeGreaterThan(0);
    // one pause per REPLAY_PAUSE_EVERY messages (a synchronous replay would let none through)
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(long.messages.length / REPLAY_PAUSE_EVERY) - 1);
    expect(timerFired).toBe(true);
  });

  it("gives the same result as the synchronous preview loop, pauses and all", async () => {
    const long = deepFreeze(generateSession({ seed: 12, messages: 2_400 }));
    const asynchronous = await replaySession({ session: long, strategy: noneStrategy, window: 40_000 });
    const synchronous = planCompaction({ session: long, strategy: noneStrategy, window: 40_000 }).replay;
    expect(synchronous.steps).toEqual(asynchronous.steps);
  });
});
