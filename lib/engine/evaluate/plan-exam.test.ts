import { describe, expect, it } from "vitest";
import { EXAM_START_SHARE, MAX_EXAM_CHECKPOINTS, planExam } from "./plan-exam";

describe("planExam", () => {
  it.each([
    { name: "starts at the first call past the start share of the window", tokens: [100, 900, 1_000, 5_000, 4_000, 9_000], window: 10_000, expected: [2, 3, 4, 5] },
    { name: "examines every call when the context never gets there", tokens: [10, 20, 30], window: 1_000_000, expected: [0, 1, 2] },
    { name: "has no checkpoint without model calls", tokens: [], window: 10_000, expected: [] },
  ])("$name", ({ tokens, window, expected }) => {
    const exam = planExam({ uncompactedTokens: tokens, window });
    expect(exam.checkpoints).toEqual(expected);
    expect(exam.startTokens).toBe(Math.floor(EXAM_START_SHARE * window));
    expect(exam.window).toBe(window);
  });

  it("samples a long session evenly down to the cap, keeping the last call", () => {
    const tokens = Array.from({ length: 1_000 }, (_, index) => index * 100);
    const exam = planExam({ uncompactedTokens: tokens, window: 200_000 });
    expect(exam.checkpoints).toHaveLength(MAX_EXAM_CHECKPOINTS);
    expect(exam.checkpoints[0]).toBeGreaterThanOrEqual(200);
    expect(exam.checkpoints.at(-1)).toBe(999);
    expect([...exam.checkpoints].sort((a, b) => a - b)).toEqual(exam.checkpoints);
    expect(new Set(exam.checkpoints).size).toBe(MAX_EXAM_CHECKPOINTS);
  });

  it("depends on the window only through its start: a smaller window starts earlier", () => {
    const tokens = Array.from({ length: 50 }, (_, index) => index * 1_000);
    expect(planExam({ uncompactedTokens: tokens, window: 64_000 }).checkpoints[0]).toBe(7);
    expect(planExam({ uncompactedTokens: tokens, window: 200_000 }).checkpoints[0]).toBe(20);
  });
});
