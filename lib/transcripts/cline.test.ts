import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ImportError, importTranscript } from "./index";

const FIXTURES = path.join(import.meta.dirname, "fixtures");
const ROO_TASK = fs.readFileSync(path.join(FIXTURES, "cline-roo-condensed-task.json"), "utf8");

describe("Cline / Roo Code / Kilo Code task histories", () => {
  it("are detected by the task marker and read with the condense summary as a recorded compaction", () => {
    const { format, session } = importTranscript(ROO_TASK);
    expect(format).toBe("cline");
    expect(session.messages.map((message) => [message.role, message.parts.map((part) => part.type).join(",")])).toEqual([
      ["user", "text,text"],
      ["assistant", "text,tool-call"],
      ["tool", "tool-result"],
      ["assistant", "tool-call"],
      ["tool", "tool-result"],
      ["system", "compaction"],
      ["user", "text"],
      ["assistant", "tool-call"],
      ["tool", "tool-result"],
      ["assistant", "text"],
    ]);
    const marker = session.messages[5].parts[0];
    expect(marker).toEqual({ type: "compaction", auto: true, firstKeptMessageId: session.messages[7].id });
    expect(session.messages[6]).toMatchObject({ summary: true, timestamp: "2025-10-09T08:53:26.999Z" });
    expect(session.title).toBe("Add a --dry-run flag to scripts/deploy.sh");
    expect(session.meta.notes).toEqual([
      "1 condense summary (isSummary) read as recorded compactions; the first message, which the extension keeps, stays before them",
      "1 stored reasoning items left out",
      "no usage: the extension records tokens in ui_messages.json, beside this file",
    ]);
  });

  it("leave plain Anthropic message arrays to the anthropic importer", () => {
    expect(importTranscript(fs.readFileSync(path.join(FIXTURES, "anthropic-system-and-blocks.json"), "utf8")).format).toBe("anthropic");
    expect(importTranscript(JSON.stringify([{ role: "user", content: "hi" }, { role: "assistant", content: "hello" }])).format).toBe("anthropic");
  });

  it.each([
    ["a message without its role", (messages: Record<string, unknown>[]) => delete messages[1].role, /Not a valid cline transcript: at \$\[1\]\.role expected "user" or "assistant"/],
    ["a tool_use without its id", (messages: Record<string, unknown>[]) => delete ((messages[1].content as Record<string, unknown>[])[1]).id, /Not a valid cline transcript: at \$\[1\]\.content\[1\]/],
  ])("name the format and the JSON path of %s", (_what, damage, error) => {
    const messages = JSON.parse(ROO_TASK) as Record<string, unknown>[];
    damage(messages);
    expect(() => importTranscript(JSON.stringify(messages), { format: "cline" })).toThrow(ImportError);
    expect(() => importTranscript(JSON.stringify(messages), { format: "cline" })).toThrow(error);
  });
});
