import { describe, expect, it } from "vitest";
import { createStepLookup } from "./create-step-lookup";

const point = (step: number, messageIndex: number) => ({ step, messageIndex, estimatedTokens: 100, recordedTokens: null });

describe("createStepLookup", () => {
  const inOrder = [point(0, 2), point(1, 4), point(2, 5), point(3, 9)];
  it.each([
    [2, 0],
    [4, 1],
    [5, 2],
    [9, 3],
    [0, null],
    [3, null],
    [10, null],
  ])("message %i → step %s", (messageIndex, step) => {
    expect(createStepLookup(inOrder)(messageIndex)).toBe(step);
  });

  it("answers null for every message of a session without model calls", () => {
    expect(createStepLookup([])(0)).toBeNull();
  });

  it("finds calls in a curve out of order too", () => {
    const lookup = createStepLookup([point(0, 7), point(1, 3), point(2, 5)]);
    expect([7, 3, 5, 4].map(lookup)).toEqual([0, 1, 2, null]);
  });

  it("agrees with a map over a long curve", () => {
    const curve = Array.from({ length: 5_000 }, (_, step) => point(step, step * 2 + (step % 3)));
    const lookup = createStepLookup(curve);
    const byIndex = new Map(curve.map((entry) => [entry.messageIndex, entry.step]));
    for (let messageIndex = 0; messageIndex < 10_010; messageIndex++) expect(lookup(messageIndex)).toBe(byIndex.get(messageIndex) ?? null);
  });
});
