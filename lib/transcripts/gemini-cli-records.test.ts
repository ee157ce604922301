import { describe, expect, it } from "vitest";
import { importTranscript } from "./index";

const lines = (...records: unknown[]) => `${records.map((record) => JSON.stringify(record)).join("\n")}\n`;
const META = { sessionId: "5b2c7e1a-0000-4000-8000-000000000001", projectHash: "ab12", startTime: "2026-06-01T10:00:00.000Z", lastUpdated: "2026-06-01T10:05:00.000Z", kind: "main" };
const USER = { id: "u1", timestamp: "2026-06-01T10:00:01.000Z", type: "user", content: [{ text: "List the TODOs in src/" }] };
const MODEL = { id: "g1", timestamp: "2026-06-01T10:00:04.000Z", type: "gemini", content: "Two TODOs, both in src/cache.ts.", model: "gemini-2.5-pro" };

describe("Gemini CLI JSON-lines recordings", () => {
  it("fold message updates by id, rewinds and checkpoints as Gemini CLI reads them", () => {
    const text = lines(META, USER, MODEL, { ...MODEL, tokens: { input: 900, output: 12, cached: 300, thoughts: 0, tool: 0, total: 912 } }, { id: "u2", type: "user", timestamp: "2026-06-01T10:01:00.000Z", content: [{ text: "oops" }] }, { $rewindTo: "u2" }, { $set: { summary: "TODOs" } });
    const { format, session } = importTranscript(text);
    expect(format).toBe("gemini-cli");
    expect(session.messages.map((message) => [message.role, message.usage?.input ?? null])).toEqual([
      ["user", null],
      ["assistant", 600],
    ]);
    expect(session.meta.sourceId).toBe(META.sessionId);
    const checkpointed = importTranscript(lines(META, USER, { $set: { messages: [MODEL] } })).session;
    expect(checkpointed.messages.map((message) => message.role)).toEqual(["assistant"]);
  });

  it("name the line a bad message was written on, and refuse a line that is no record", () => {
    expect(() => importTranscript(lines(META, USER, { ...MODEL, type: 7 }))).toThrow(/Not a valid gemini-cli transcript: at line 3 \(type\)/);
    expect(() => importTranscript(lines(META, USER, { hello: "world" }))).toThrow(/at line 3 expected a chat recording record/);
  });
});
