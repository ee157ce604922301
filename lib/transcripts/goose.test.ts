import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ImportError, importTranscript } from "./index";

const SESSION = fs.readFileSync(path.join(import.meta.dirname, "fixtures/goose-compacted-session.jsonl"), "utf8");

describe("Goose sessions", () => {
  it("read the JSON lines with their tool calls, errors and Goose's compaction", () => {
    const { format, session } = importTranscript(SESSION);
    expect(format).toBe("goose");
    expect(session.messages.map((message) => [message.role, message.parts.map((part) => part.type).join(",")])).toEqual([
      ["user", "text"],
      ["assistant", "text,tool-call"],
      ["tool", "tool-result"],
      ["assistant", "tool-call"],
      ["tool", "tool-result"],
      ["system", "compaction"],
      ["user", "text"],
      ["assistant", "reasoning,text"],
      ["user", "text"],
    ]);
    expect(session.messages[4].parts[0]).toMatchObject({ callId: "toolu_02edit", name: "developer__text_editor", isError: true, output: "no match for old_str in src/checkout.ts" });
    expect(session.messages[6]).toMatchObject({ summary: true, timestamp: "2025-10-09T08:53:32.000Z" });
    expect(session.title).toBe("Fix the checkout total rounding");
    expect(session.meta).toMatchObject({ cwd: "/home/dev/shop" });
    expect(session.meta.notes).toEqual([
      "1 Goose compaction(s) (a summary only the agent sees, after messages hidden from it) read as recorded compactions",
      "not sent to the model, left out: contextLengthExceeded ×1",
      "Goose recorded 48211 tokens for the whole session, none per message",
    ]);
  });

  it("read an exported session (JSON with its conversation) as the same messages", () => {
    const [header, ...messages] = SESSION.trim().split("\n").map((line) => JSON.parse(line));
    const exported = JSON.stringify({ id: "20251009_1", ...header, conversation: messages });
    const fromExport = importTranscript(exported).session;
    const fromLines = importTranscript(SESSION).session;
    expect(fromExport.format).toBe("goose");
    expect(fromExport.meta.sourceId).toBe("20251009_1");
    expect(fromExport.messages.map((message) => message.parts)).toEqual(fromLines.messages.map((message) => message.parts));
  });

  it.each([
    ["a message without content", 3, (record: Record<string, unknown>) => delete record.content, /Not a valid goose transcript: at line 3 \(content\)/],
    ["a tool request without its toolCall", 3, (record: Record<string, unknown>) => delete (record.content as Record<string, unknown>[])[1].toolCall, /at line 3 \(content\[1\]\.toolCall\)/],
  ])("name the line and field of %s", (_what, line, damage, error) => {
    const lines = SESSION.trim().split("\n");
    const record = JSON.parse(lines[line - 1]);
    damage(record);
    lines[line - 1] = JSON.stringify(record);
    expect(() => importTranscript(lines.join("\n"), { format: "goose" })).toThrow(ImportError);
    expect(() => importTranscript(lines.join("\n"), { format: "goose" })).toThrow(error);
  });
});
