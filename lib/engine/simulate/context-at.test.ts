import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import type { Message } from "../model";
import { findStrategy } from "../strategies";
import { contextAt, finalContext, followContexts, forEachContextMessage } from "./context-at";
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
    expect(() => forEachContextMessage(session, result, result.steps.length, () => {})).toThrow(RangeError);
  });
});

describe("followContexts", () => {
  // the recall scorer counts facts from these changes: after each one, the messages added and not removed must be
  // exactly the context contextAt gives (the same objects, as many times), or a run's recall would move
  it.each(["none", "observation-masking", "nous", "claude-code", "trim-messages"])("its changes add up to contextAt's context at every step asked, in order or not: %s", async (id) => {
    const result = await replaySession({ session, strategy: findStrategy(id)!, window: 12_000 });
    const follow = followContexts(session, result);
    const held = new Map<Message, number>();
    const changes = { add: (message: Message) => void held.set(message, (held.get(message) ?? 0) + 1), remove: (message: Message) => void held.set(message, held.get(message)! - 1) };
    const multiset = (messages: Message[]) => {
      const counts = new Map<Message, number>();
      for (const message of messages) counts.set(message, (counts.get(message) ?? 0) + 1);
      return counts;
    };
    const steps = result.steps.map((step) => step.step);
    // every third step forward, then a few backwards (each starts over), then the final context
    const asked: (number | "final")[] = [...steps.filter((step) => step % 3 === 0), steps[steps.length - 1], ...steps.slice(0, 4).reverse(), steps[2], "final"];
    let previous: number | "final" | null = null;
    for (const step of asked) {
      const before = new Map(held);
      const answer = follow(step, changes);
      const startsOver = previous === null || (previous !== "final" && step !== "final" && step < previous) || (step !== "final" && previous !== "final" && result.steps[step].epoch !== result.steps[previous].epoch);
      if (startsOver) expect(answer).toBe("whole");
      // started over: every message was added again, so a reader drops what it kept before
      if (answer === "whole") for (const [message, count] of before) held.set(message, held.get(message)! - count);
      const expected = multiset((step === "final" ? finalContext(session, result) : contextAt(session, result, step)).messages.map((entry) => entry.message));
      const kept = [...held].filter(([, count]) => count !== 0);
      expect(kept.length === expected.size && kept.every(([message, count]) => expected.get(message) === count)).toBe(true);
      expect(follow(step, changes)).toBe("changes"); // the same step again: nothing changed
      previous = step;
    }
  });
});
