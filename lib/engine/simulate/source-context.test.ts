import { describe, expect, it } from "vitest";
import type { Message, Session } from "../model";
import { findStrategy } from "../strategies";
import { buildSession, type TurnSpec } from "../testing/build-session";
import { createEstimator } from "../tokens/create-estimator";
import { messageTokensWith } from "../tokens/estimator";
import { replaySession } from "./replay-session";

const OUTPUT = "x".repeat(8_000); // ~2,000 tokens a tool result

function rounds(count: number, from: number): TurnSpec[] {
  return Array.from({ length: count }, (_, index) => ({
    assistant: `step ${from + index}`,
    tools: [{ name: "read", input: { path: `src/file-${from + index}.ts` }, output: OUTPUT }],
  }));
}

/**
 * A pi-like session whose agent compacted once, keeping the last ~20 rounds (≈ 40K tokens) verbatim after a short
 * summary, with each call's recorded usage exactly what chars/4 counts of what the agent sent (kept tail included):
 * the true calibration ratio is 1 throughout.
 */
function compactedSession(): Session {
  const turns: TurnSpec[] = [{ user: "Refactor the parser and keep the tests green." }, ...rounds(40, 0)];
  const draft = buildSession([...turns, { compaction: { tokensBefore: 80_000 }, summary: "Summary: parser refactor half done." }, ...rounds(30, 40)]);
  // the first kept message: the assistant message of round 20 (user m0, then assistant + tool per round)
  const keptId = draft.messages[1 + 20 * 2].id;
  const marker = draft.messages.find((message) => message.parts.some((part) => part.type === "compaction"))!;
  const withKept: Message[] = draft.messages.map((message) =>
    message === marker ? { ...message, parts: [{ type: "compaction", auto: true, tokensBefore: 80_000, firstKeptMessageId: keptId }] } : message,
  );
  const chars4 = createEstimator("chars4");
  const sent: Message[] = [];
  let keptTail: Message[] = [];
  const messages = withKept.map((message) => {
    if (message.parts.some((part) => part.type === "compaction")) {
      keptTail = sent.slice(sent.findIndex((entry) => entry.id === keptId));
      return message;
    }
    if (message.summary) {
      sent.length = 0;
      sent.push(message, ...keptTail);
      return message;
    }
    let result = message;
    if (message.role === "assistant") {
      const input = sent.reduce((sum, entry) => sum + messageTokensWith(chars4, entry), 0);
      result = { ...message, usage: { input, output: 0, cacheRead: 0, cacheWrite: 0 } };
    }
    sent.push(message);
    return result;
  });
  return { ...draft, messages };
}

describe("the source's context after a recorded compaction (calibrated estimator)", () => {
  it("counts the tail the agent kept, so a calibrated replay agrees with chars/4 when chars/4 was exact", async () => {
    const session = compactedSession();
    const none = findStrategy("none")!;
    const [plain, calibrated] = await Promise.all([
      replaySession({ session, strategy: none, window: 1_000_000, estimator: "chars4" }),
      replaySession({ session, strategy: none, window: 1_000_000, estimator: "calibrated" }),
    ]);
    expect(calibrated.steps).toHaveLength(plain.steps.length);
    // counting only the summary, the ratio climbed past 3 within the 30 calls after the compaction
    for (const [index, step] of calibrated.steps.entries()) {
      expect(step.contextTokens / plain.steps[index].contextTokens).toBeGreaterThan(0.97);
      expect(step.contextTokens / plain.steps[index].contextTokens).toBeLessThan(1.03);
    }
  });

  it("never compacts into a larger context or peaks over the window where chars/4 stays under it (pi)", async () => {
    const session = compactedSession();
    const pi = findStrategy("pi")!;
    const window = 100_000;
    for (const estimator of ["chars4", "calibrated"] as const) {
      const result = await replaySession({ session, strategy: pi, window, estimator });
      const usable = window - result.outputReserve;
      for (const event of result.events) {
        if (event.type === "compaction-end") expect(event.tokensAfter, `${estimator} at step ${event.step}`).toBeLessThan(event.tokensBefore);
      }
      expect(Math.max(...result.steps.map((step) => step.contextTokens)), estimator).toBeLessThanOrEqual(usable);
    }
  });
});
