import { describe, expect, it } from "vitest";
import type { Message } from "../model";
import { buildSession, deepFreeze } from "../testing/build-session";
import { middleCutMarker, shapeSummaryInput } from "./shape-summary-input";

const session = deepFreeze(
  buildSession([
    { user: "u".repeat(100) },
    { assistant: "reading", tools: [{ name: "read", input: { path: "p".repeat(300) }, output: `${"h".repeat(500)}${"m".repeat(50)}${"t".repeat(200)}` }] },
    { assistant: "short", tools: [{ name: "read", input: { path: "a" }, output: "x".repeat(700) }] },
  ]),
);
const rendered = (position: number) => session.messages[position];
const all = [{ from: 0, to: session.messages.length }];
const outputOf = (message: Message) => (message.parts[0].type === "tool-result" ? message.parts[0].output : null);

describe("shapeSummaryInput", () => {
  it("without shaping hands over the rendered messages themselves", () => {
    const messages = shapeSummaryInput({ ranges: [{ from: 1, to: 3 }], rendered });
    expect(messages).toEqual([session.messages[1], session.messages[2]]);
    expect(messages[0]).toBe(session.messages[1]);
  });

  it("previews tool results longer than head + tail, leaves shorter ones whole", () => {
    const messages = shapeSummaryInput({ ranges: all, rendered, shaping: { toolResultPreview: { headChars: 500, tailChars: 200 } } });
    expect(outputOf(messages[2])).toBe(`${"h".repeat(500)}\n[… 50 chars …]\n${"t".repeat(200)}`);
    expect(messages[4]).toBe(session.messages[4]);
  });

  it("cuts serialised tool inputs to toolInputChars", () => {
    const messages = shapeSummaryInput({ ranges: all, rendered, shaping: { toolInputChars: 200 } });
    const call = messages[1].parts.find((part) => part.type === "tool-call");
    expect(call?.type === "tool-call" && call.input).toBe(`${JSON.stringify({ path: "p".repeat(300) }).slice(0, 200)}…`);
    expect(messages[3]).toBe(session.messages[3]);
  });

  it("inserts synthetic messages right after their position", () => {
    const extra: Message = { id: "x", role: "assistant", parts: [{ type: "text", text: "Understood." }] };
    const messages = shapeSummaryInput({ ranges: [{ from: 0, to: 3 }], rendered, shaping: { insertAfter: [{ position: 2, message: extra }] } });
    expect(messages.map((message) => message.id)).toEqual(["m0", "m1", "m2", "x"]);
  });

  it("caps the input from the middle at whole messages, with a marker", () => {
    // sizes: m0 100, m1 7 + 4 + 311, m2 750, m3 5 + 4 + 12, m4 700 — total 1,893
    const messages = shapeSummaryInput({ ranges: all, rendered, shaping: { maxChars: 1_800 } });
    expect(messages.map((message) => message.id)).toEqual(["m0", "m1", "lab:summary-input:middle-cut", "m3", "m4"]);
    expect(messages[2].parts[0]).toMatchObject({ text: middleCutMarker(1, 750) });
    const tight = shapeSummaryInput({ ranges: all, rendered, shaping: { maxChars: 1_000 } });
    expect(tight.map((message) => message.id)).toEqual(["m0", "m1", "lab:summary-input:middle-cut"]);
    expect(shapeSummaryInput({ ranges: all, rendered, shaping: { maxChars: 1_893 } })).toHaveLength(5);
  });
});
