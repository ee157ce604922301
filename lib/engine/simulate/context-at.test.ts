import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import type { Message } from "../model";
import { findStrategy } from "../strategies";
import { contextAt, finalContext, forEachContextMessage } from "./context-at";
import { replaySession } from "./replay-session";

const session = generateSession({ seed: 11, messages: 300 });

describe("forEachContextMessage", () => {
  // the recall scorer reads contexts through it: any difference from contextAt would move a run's recall
  it.each(["none", "observation-masking", "nous", "claude-code", "trim-messages"])("visits exactly contextAt's messages (the same objects) at every call and after the last message: %s", async (id) => {
    const result = await replaySession({ session, strategy: findStrategy(id)!, window: 12_000 });
    if (id === "observation-masking" || id === "nous") expect(result.marks.length).toBeGreaterThan(0);
    const visited = (step: number | "final") => {
      const entries: { message: Message; sessionIndex: number | null }[] = [];
      forEachContextMessage(session, result, step, (message, sessionIndex) => entries.push({ message, sessionIndex }));
      return entries;
    };
    // steps out of order too: a message's marked versions are remembered by state, whatever order they are asked in
    const steps = result.steps.map((step) => step.step);
    for (const step of [...steps.filter((_, index) => index % 2 === 1).reverse(), ...steps.filter((_, index) => index % 2 === 0)]) {
      const expected = contextAt(session, result, step).messages;
      const actual = visited(step);
      expect(actual.length).toBe(expected.length);
      // the first message that differs (object or index), -1 when none does: one assertion per step keeps this quick
      expect(actual.findIndex((entry, index) => entry.message !== expected[index].message || entry.sessionIndex !== expected[index].sessionIndex)).toBe(-1);
    }
    const final = finalContext(session, result).messages;
    expect(visited("final").map((entry) => entry.message)).toEqual(final.map((entry) => entry.message));
    const from = Math.floor(final.length / 2);
    const rest: Message[] = [];
    forEachContextMessage(session, result, "final", (message) => rest.push(message), { from });
    expect(rest).toEqual(final.slice(from).map((entry) => entry.message));
    expect(() => forEachContextMessage(session, result, result.steps.length, () => {})).toThrow(RangeError);
  });
});
