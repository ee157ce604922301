import { describe, expect, it } from "vitest";
import type { Session } from "../model";
import { replaySession } from "../simulate/replay-session";
import { findStrategy } from "../strategies";
import { buildSession, type TurnSpec } from "../testing/build-session";
import { measureFidelity } from "./measure-fidelity";
import { sessionWindow } from "./session-window";

const WINDOW = 12_000;
const usage = (input: number) => ({ input, output: 100, cacheRead: 0, cacheWrite: 0 });

/** A pi session of 40 calls of ~500 tokens each, with a compaction recorded before call `at`. */
function piSession(options: { at: number; tokensBefore?: number }): Session {
  const turns: TurnSpec[] = [];
  for (let call = 0; call < 40; call++) {
    if (call === options.at) turns.push({ compaction: { tokensBefore: options.tokensBefore }, summary: "what happened so far" });
    turns.push({ user: `step ${call}: ${"lorem ipsum ".repeat(80)}` });
    turns.push({ assistant: `done ${call}: ${"dolor sit ".repeat(80)}`, usage: usage(1_000 + call * 500) });
  }
  return { ...buildSession(turns), format: "pi" };
}

async function replay(session: Session, strategyId = "pi", window = WINDOW) {
  return replaySession({ session, strategy: findStrategy(strategyId)!, window, settings: strategyId === "pi" ? { reserveTokens: 2_000, keepRecentTokens: 2_000 } : {} });
}

describe("measureFidelity", () => {
  it("pairs each recorded compaction with the replay's nearest, counting calls apart and tokens on both sides", async () => {
    const session = piSession({ at: 15, tokensBefore: 8_500 });
    const result = await replay(session);
    const outcome = measureFidelity({ session, result, window: { tokens: WINDOW, from: "recorded" } });
    expect(outcome.reason).toBeNull();
    const fidelity = outcome.fidelity!;
    expect(fidelity.replayedSteps.length).toBeGreaterThan(0);
    const [entry] = fidelity.recorded;
    const nearest = fidelity.replayedSteps.reduce((best, step) => (Math.abs(step - 15) < Math.abs(best - 15) ? step : best));
    expect(entry).toMatchObject({ recordedStep: 15, markers: 1, recordedTokensBefore: 8_500, recordedTokensBeforeFrom: "marker", callsApart: nearest - 15 });
    // no tokensAfter on the marker: the first call after it stands in for what was kept
    expect(entry).toMatchObject({ recordedTokensKept: 1_000 + 15 * 500, recordedTokensKeptFrom: "next-call" });
    expect(entry.replayed!.tokensKept).toBeLessThan(entry.replayed!.tokensBefore);
    expect(entry.within).toBe(Math.abs(nearest - 15) <= 5);
    expect(fidelity).toMatchObject({ strategyId: "pi", window: WINDOW, windowFrom: "recorded", toleranceCalls: 5 });
  });

  it("falls back to the last call's recorded usage for the size before", async () => {
    const session = piSession({ at: 10 });
    const entry = measureFidelity({ session, result: await replay(session), window: { tokens: WINDOW, from: "recorded" } }).fidelity!.recorded[0];
    expect(entry).toMatchObject({ recordedTokensBefore: 1_000 + 9 * 500, recordedTokensBeforeFrom: "last-call" });
  });

  it("reports a replay that never compacts as no match", async () => {
    const session = piSession({ at: 10 });
    const outcome = measureFidelity({ session, result: await replay(session, "pi", 1_000_000), window: { tokens: 1_000_000, from: "catalog" } });
    expect(outcome.fidelity!.recorded[0]).toMatchObject({ replayed: null, callsApart: null, within: false });
    expect(outcome.fidelity!.within).toBe(0);
  });

  it.each([
    ["no recorded compaction", async () => ({ session: { ...buildSession([{ user: "hi" }, { assistant: "hello" }]), format: "pi" as const }, strategy: "pi", window: WINDOW }), /records no compaction/],
    ["another strategy", async () => ({ session: piSession({ at: 10 }), strategy: "codex", window: WINDOW }), /--strategy pi, not codex/],
    ["another window", async () => ({ session: piSession({ at: 10 }), strategy: "pi", window: 20_000 }), /ran at 20,000/],
    ["a format of no agent", async () => ({ session: { ...piSession({ at: 10 }), format: "anthropic" as const }, strategy: "pi", window: WINDOW }), /no strategy of that agent/],
  ])("gives fidelity null with a reason for %s", async (_, make, reason) => {
    const { session, strategy, window } = await make();
    const outcome = measureFidelity({ session, result: await replay(session, strategy, window), window: { tokens: WINDOW, from: "recorded" } });
    expect(outcome.fidelity).toBeNull();
    expect(outcome.reason).toMatch(reason);
  });

  it("takes the session's window from the transcript, then the catalog, then 200K", () => {
    const session = buildSession([{ user: "hi" }]);
    expect(sessionWindow({ ...session, meta: { contextWindow: 258_400 } }, 400_000)).toEqual({ tokens: 258_400, from: "recorded" });
    expect(sessionWindow(session, 400_000)).toEqual({ tokens: 400_000, from: "catalog" });
    expect(sessionWindow(session, undefined)).toEqual({ tokens: 200_000, from: "default" });
  });

  it("takes Claude Code's own 200K over a 1M catalog window unless a recorded call went past 200K", () => {
    const usage = (input: number) => ({ input, output: 100, cacheRead: 0, cacheWrite: 0 });
    const session = { ...buildSession([{ user: "hi" }]), format: "claude-code" as const };
    const at = (input: number) => ({ ...session, messages: [...session.messages, { id: "a", role: "assistant" as const, parts: [{ type: "text" as const, text: "ok" }], usage: usage(input) }] });
    expect(sessionWindow(at(167_000), 1_000_000)).toEqual({ tokens: 200_000, from: "agent" });
    expect(sessionWindow(at(420_000), 1_000_000)).toEqual({ tokens: 1_000_000, from: "catalog" });
    expect(sessionWindow(at(167_000), 200_000)).toEqual({ tokens: 200_000, from: "catalog" });
    expect(sessionWindow({ ...at(167_000), format: "pi" }, 1_000_000)).toEqual({ tokens: 1_000_000, from: "catalog" });
  });
});
