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

  it("take each request's usage from the task folder's ui_messages.json: in order, or by time when the counts differ", () => {
    const history = JSON.parse(ROO_TASK) as { role?: string; ts: number }[];
    const assistantTimes = history.filter((message) => message.role === "assistant").map((message) => message.ts);
    const request = (ts: number, tokensIn: number) => ({ ts: ts - 1500, type: "say", say: "api_req_started", text: JSON.stringify({ request: "…", tokensIn, tokensOut: 40, cacheReads: 1000, cacheWrites: 0, cost: 0.01 }), modelInfo: { providerId: "anthropic", modelId: "claude-sonnet-4-5" } });
    const ui = [{ ts: 1759999999000, type: "say", say: "task", text: "Add a --dry-run flag" }, ...assistantTimes.map((ts, index) => request(ts, 100 * (index + 1)))];
    const inOrder = importTranscript(JSON.stringify({ "api_conversation_history.json": history, "ui_messages.json": ui })).session;
    expect(inOrder.messages.filter((message) => message.role === "assistant").map((message) => message.usage?.input)).toEqual([100, 200, 300, 400]);
    expect(inOrder.meta).toMatchObject({ model: "claude-sonnet-4-5" });
    expect(inOrder.meta.notes).toContain("usage from ui_messages.json: 4 of 4 assistant messages matched to 4 finished requests (in order)");
    // a request that never finished (no tokens) and one lost: matched by time, the unmatched message without usage
    const partial = [...ui.slice(0, 2), { ...ui[2], text: JSON.stringify({ request: "…" }) }, ...ui.slice(4)];
    const byTime = importTranscript(JSON.stringify({ "api_conversation_history.json": history, "ui_messages.json": partial })).session;
    expect(byTime.messages.filter((message) => message.role === "assistant").map((message) => message.usage?.input ?? null)).toEqual([100, null, null, 400]);
    expect(byTime.meta.notes).toContain("usage from ui_messages.json: 2 of 4 assistant messages matched to 2 finished requests (by time)");
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
