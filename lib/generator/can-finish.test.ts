import { describe, expect, it } from "vitest";
import { canFinish, fitCallCount, type SessionState } from "./can-finish";

describe("canFinish", () => {
  it.each<[SessionState, number, boolean]>([
    ["final", 0, true],
    ["tool", 0, false],
    ["user", 0, false],
    ["tool", 1, true],
    ["tool", 2, false],
    ["tool", 3, true],
    ["final", 1, false],
    ["final", 2, true],
    ["opening", 1, false],
    ["opening", 2, true],
    ["user", 1, true],
    ["user", 2, true],
    ["user", -1, false],
  ])("%s with %i left → %s", (state, remaining, expected) => {
    expect(canFinish(state, remaining)).toBe(expected);
  });
});

describe("fitCallCount", () => {
  it.each([
    { remaining: 10, wanted: 2, fitted: 2, why: "plenty left" },
    { remaining: 5, wanted: 2, fitted: 1, why: "two calls would leave a dead 2 after the results" },
    { remaining: 4, wanted: 1, fitted: 2, why: "one call would leave a dead 2; a filler call leaves 1" },
    { remaining: 3, wanted: 1, fitted: 1, why: "the call, its result, the answer" },
    { remaining: 2, wanted: 1, fitted: 0, why: "no room for a call and an answer" },
  ])("$remaining left, $wanted wanted → $fitted ($why)", ({ remaining, wanted, fitted }) => {
    expect(fitCallCount(remaining, wanted)).toBe(fitted);
  });
});
