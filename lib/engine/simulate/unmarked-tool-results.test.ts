import { describe, expect, it } from "vitest";
import type { Message, Part, Session } from "../model";
import { createChars4Estimator } from "../tokens/chars4-estimator";
import { LiveContext } from "./live-context";

const result = (callId: string): Part => ({ type: "tool-result", callId, name: "bash", output: `output of ${callId}`, isError: false, images: [] });
const text = (value: string): Part => ({ type: "text", text: value });

/** Messages with zero, one and several tool results, results not always first or last among the parts. */
const messages: Message[] = [
  { id: "m0", role: "user", parts: [text("go")] },
  { id: "m1", role: "tool", parts: [result("a"), result("b"), result("c")] },
  { id: "m2", role: "assistant", parts: [text("thinking")] },
  { id: "m3", role: "tool", parts: [text("note"), result("d")] },
  { id: "m4", role: "tool", parts: [result("e"), text("note"), result("f")] },
  { id: "m5", role: "user", parts: [text("more")] },
  { id: "m6", role: "tool", parts: [result("g")] },
];
const session: Session = { title: "unmarked tool results", format: "anthropic", messages, meta: {} };

const MASK = { kind: "masked", placeholder: "gone", step: 0 } as never;

function contextWith(count: number): LiveContext {
  const live = new LiveContext(session, createChars4Estimator());
  for (let index = 0; index < count; index++) live.append(index);
  return live;
}

/** The answer by brute force: every part from (position, partIndex) back, kept when it is an unmarked tool result. */
function walk(live: LiveContext, position: number, partIndex: number): string[] {
  const found: string[] = [];
  for (let at = position; at >= 0; at--) {
    const parts = live.entry(at).message.parts;
    for (let index = at === position ? Math.min(partIndex, parts.length - 1) : parts.length - 1; index >= 0; index--) {
      if (parts[index].type === "tool-result" && !live.markOf(at, index)) found.push(`${at}:${index}`);
    }
  }
  return found;
}

/** Every starting point in the context: each part of each message, and a part index past the last. */
function startingPoints(live: LiveContext): [number, number][] {
  return Array.from({ length: live.length }, (_, position) => live.entry(position).message.parts.map((_, partIndex) => [position, partIndex] as [number, number]).concat([[position, 9]])).flat();
}

function expectSameAsWalk(live: LiveContext) {
  for (const [position, partIndex] of startingPoints(live)) {
    const named = [...live.unmarkedToolResults(position, partIndex)].map((part) => `${part.position}:${part.partIndex}`);
    expect(named, `from ${position}:${partIndex}`).toEqual(walk(live, position, partIndex));
  }
}

describe("LiveContext.unmarkedToolResults", () => {
  it("names every tool result from a part back to the start, newest first, the starting part included", () => {
    const live = contextWith(messages.length);
    expect([...live.unmarkedToolResults(4, 2)].map((part) => `${part.position}:${part.partIndex}`)).toEqual(["4:2", "4:0", "3:1", "1:2", "1:1", "1:0"]);
    expect([...live.unmarkedToolResults(4, 1)].map((part) => `${part.position}:${part.partIndex}`)).toEqual(["4:0", "3:1", "1:2", "1:1", "1:0"]);
    expectSameAsWalk(live);
  });

  it.each([
    { name: "marked before it is first asked", before: [[1, 1], [3, 1]], after: [] },
    { name: "marked after it is built", before: [], after: [[1, 0], [1, 1], [3, 1], [6, 0]] },
    { name: "marked both ways, a text part too", before: [[1, 0], [3, 0]], after: [[4, 2], [1, 2], [2, 0]] },
  ])("steps over parts $name, and messages appended later join it", ({ before, after }) => {
    const live = contextWith(4);
    for (const [position, partIndex] of before) live.mark(position, partIndex, MASK);
    expectSameAsWalk(live);
    for (const [position, partIndex] of after.filter(([position]) => position < live.length)) live.mark(position, partIndex, MASK);
    expectSameAsWalk(live);
    for (let index = 4; index < messages.length; index++) live.append(index);
    for (const [position, partIndex] of after) live.mark(position, partIndex, MASK);
    expectSameAsWalk(live);
  });

  it("is rebuilt for a new epoch: kept messages at their new positions, their marks kept", () => {
    const live = contextWith(messages.length);
    expectSameAsWalk(live);
    live.mark(4, 0, MASK);
    live.applyLayout({ layout: [{ kind: "synthetic", role: "user", purpose: "summary", text: "{{summary}}" }, { kind: "keep", from: 3, to: 7 }], summaries: ["summary"], step: 1 });
    expect([...live.unmarkedToolResults(live.length - 1, 0)].map((part) => `${part.position}:${part.partIndex}`)).toEqual(["4:0", "2:2", "1:1"]);
    expectSameAsWalk(live);
  });
});
