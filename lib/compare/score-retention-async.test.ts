import { describe, expect, it } from "vitest";
import { extractProbes } from "../engine/evaluate/extract-probes";
import { scoreRetention } from "../engine/evaluate/score-retention";
import { replaySession } from "../engine/simulate/replay-session";
import { findStrategy } from "../engine/strategies";
import { deepFreeze } from "../engine/testing/build-session";
import { generateSession } from "../generator/generate-session";
import { scoreRetentionAsync, SCORING_SLICE_MS } from "./score-retention-async";

// trim-messages with a small cap trims at nearly every call: thousands of points to score (each context is a run of
// the session's own messages, looked up in the session's index: 1,500 messages scored in ~17 ms, too fast to slice)
const session = deepFreeze(generateSession({ seed: 21, messages: 8_000 }));
const probes = extractProbes(session);
const result = await replaySession({ session, strategy: findStrategy("trim-messages")!, settings: { maxConversationMessages: 20 }, window: 1_000_000 });

describe("scoreRetentionAsync", () => {
  it("gives the synchronous report, point for point", async () => {
    expect(result.events.filter((event) => event.type === "trim").length).toBeGreaterThan(100);
    expect(await scoreRetentionAsync({ session, result, probes })).toEqual(scoreRetention({ session, result, probes }));
  });

  it("lets timers run while it scores: no stretch much longer than its slice", async () => {
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    const started = performance.now();
    await scoreRetentionAsync({ session, result, probes });
    const total = performance.now() - started;
    clearInterval(timer);
    // a synchronous scoring would be one stretch of `total`; sliced, the timer fires many times in between
    expect(total).toBeGreaterThan(SCORING_SLICE_MS * 4);
    expect(longest).toBeLessThan(total / 2);
  });

  it("stops at the next slice once the signal fires, with its reason", async () => {
    const controller = new AbortController();
    const reason = new Error("cancel requested");
    setTimeout(() => controller.abort(reason), 5);
    await expect(scoreRetentionAsync({ session, result, probes, signal: controller.signal })).rejects.toBe(reason);
  });
});
