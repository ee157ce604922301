import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ImportError, importTranscript } from "./index";

const TRACE = fs.readFileSync(path.join(import.meta.dirname, "fixtures/otel-genai-agent-trace.json"), "utf8");

describe("OpenTelemetry GenAI traces", () => {
  it("read one conversation from its chat spans in start order, adding only what each span's history adds", () => {
    const { format, session, sessionCount } = importTranscript(TRACE);
    expect(format).toBe("otel-genai");
    expect(sessionCount).toBe(2);
    expect(session.messages.map((message) => [message.role, message.parts.map((part) => part.type).join(",")])).toEqual([
      ["system", "text"],
      ["user", "text"],
      ["assistant", "reasoning,tool-call"],
      ["tool", "tool-result"],
      ["assistant", "text"],
      ["user", "text"],
      ["assistant", "tool-call"],
    ]);
    expect(session.messages.map((message) => message.usage)).toEqual([
      undefined,
      undefined,
      { input: 200, output: 40, cacheRead: 0, cacheWrite: 1000 },
      undefined,
      { input: 500, output: 30, cacheRead: 1000, cacheWrite: 0 },
      undefined,
      { input: 600, output: 35, cacheRead: 1800, cacheWrite: 0 },
    ]);
    expect(session.messages[3].parts[0]).toMatchObject({ type: "tool-result", callId: "call_1", name: "bash", output: expect.stringContaining("ECONNREFUSED") });
    expect(session.messages[6].parts[0]).toMatchObject({ type: "tool-call", input: { command: "npm test --workspace packages/api" } });
    expect(session.title).toBe("Why does `npm test` fail in packages/api?");
    expect(session.meta).toMatchObject({ sourceId: "conv-7", model: "claude-sonnet-4-5-20250929" });
    expect(session.messages[1].timestamp).toBe("2025-10-09T08:53:20.000Z");
  });

  it("hold each conversation of the file as a session (pick)", () => {
    const second = importTranscript(TRACE, { pick: 1 }).session;
    expect(second.title).toBe("Summarise CHANGELOG.md");
    expect(second.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
  });

  it("record a span that sends a shorter history as a compaction", () => {
    const document = JSON.parse(TRACE);
    const spans = document.resourceSpans[0].scopeSpans[0].spans;
    const last = spans[0].attributes.find((attribute: { key: string }) => attribute.key === "gen_ai.input.messages");
    const history = JSON.parse(last.value.stringValue);
    last.value.stringValue = JSON.stringify([{ role: "user", parts: [{ type: "text", content: "Summary so far: tests fail on ECONNREFUSED 127.0.0.1:5432." }] }, history[4]]);
    const session = importTranscript(JSON.stringify(document)).session;
    expect(session.messages.map((message) => message.role).slice(4)).toEqual(["assistant", "system", "user", "user", "assistant"]);
    expect(session.meta.notes).toContain("1 span(s) sent a shorter history than the one before: recorded as compactions");
  });

  it.each([
    ["messages that are not JSON", (text: string) => text.replace('"[{\\"role\\": \\"user\\", \\"parts\\": [{\\"type\\": \\"text\\", \\"content\\": \\"Summarise', '"[oops{\\"role\\": \\"user\\", \\"parts\\": [{\\"type\\": \\"text\\", \\"content\\": \\"Summarise'), /at \$\.resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[4\]\.attributes\[gen_ai\.input\.messages\] expected a JSON array of messages/],
    ["a message without parts", (text: string) => text.replace('\\"role\\": \\"user\\", \\"parts\\": [{\\"type\\": \\"text\\", \\"content\\": \\"Summarise CHANGELOG.md\\"}]', '\\"role\\": \\"user\\"'), /spans\[4\]\.attributes\[gen_ai\.input\.messages\]\[0\]\.parts/],
  ])("name the span and attribute of %s", (_what, damage, where) => {
    const text = damage(TRACE);
    expect(text).not.toBe(TRACE);
    expect(() => importTranscript(text, { format: "otel-genai", pick: 1 })).toThrow(ImportError);
    expect(() => importTranscript(text, { format: "otel-genai", pick: 1 })).toThrow(where);
  });
});
