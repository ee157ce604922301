import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Session } from "../engine/model";
import { describeWithShared } from "../testing/describe-with-shared";
import { sharedTranscript } from "../testing/shared-transcripts";
import { anthropicImporter } from "./anthropic";
import { claudeCodeImporter } from "./claude-code";
import { codexImporter } from "./codex";
import { exportAnthropic, type AnthropicRequest } from "./export-anthropic";
import type { Importer } from "./importer";
import { piImporter } from "./pi";
import { readDocument } from "./read-document";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const importWith = (importer: Importer, text: string) => importer.parse(readDocument(text, importer.id), {})[0];
const reimport = (request: AnthropicRequest) => importWith(anthropicImporter, JSON.stringify(request));
/** What the round trip must keep: roles and parts in order (ids, sources and usage are the file's, not the model's). */
const shape = (session: Session) => session.messages.map((message) => ({ role: message.role, summary: message.summary, parts: message.parts }));

/** Roles alternate, user first, and every tool_use is answered at the start of the next user message. */
function expectSendable(request: AnthropicRequest) {
  request.messages.forEach((message, index) => {
    expect(message.role).toBe(index % 2 === 0 ? "user" : "assistant");
    const calls = message.content.flatMap((block) => (block.type === "tool_use" ? [block.id] : []));
    if (calls.length === 0 || index + 1 >= request.messages.length) return;
    const next = request.messages[index + 1].content;
    const leading = next.slice(0, calls.length).map((block) => (block.type === "tool_result" ? block.tool_use_id : null));
    expect(leading.sort()).toEqual([...calls].sort());
  });
}

describe("exportAnthropic", () => {
  it("round-trips a Messages body with system, thinking and a user turn mixing tool results and text", () => {
    const session = importWith(anthropicImporter, fixture("anthropic-system-and-blocks.json"));
    const request = exportAnthropic(session);
    expect(request.system).toBe("You are terse.");
    expect(request.messages[2]).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "toolu_1", content: "line 1" },
        { type: "text", text: "Now summarise it." },
      ],
    });
    // documented loss: the tool result's image payload is not kept in the model, so it cannot be sent back
    const withoutImages = (parts: Session) =>
      shape(parts).map((message) => ({ ...message, parts: message.parts.map((part) => (part.type === "tool-result" ? { ...part, images: [] } : part)) }));
    expect(withoutImages(reimport(request))).toEqual(withoutImages(session));
  });

  it("omits compaction markers, sends summaries as user text and merges same-role neighbours", () => {
    const session = importWith(codexImporter, fixture("codex-compacted-without-history.jsonl"));
    const request = exportAnthropic(session);
    expect(request.system).toBe("You are Codex.");
    expect(request.messages.map((message) => message.role)).toEqual(["user", "assistant", "user", "assistant"]);
    // tool results, then the summary, in one user turn
    expect(request.messages[2].content.map((block) => block.type)).toEqual(["tool_result", "tool_result", "text"]);
    expect(request.messages[1].content[2]).toEqual({ type: "tool_use", id: "call_b", name: "apply_patch", input: { input: "*** Begin Patch\n*** End Patch" } });
    expectSendable(request);
  });
});

describeWithShared("exportAnthropic on the shared transcripts", () => {
  it("round-trips derived__ccviewer__fe5e1c67.messages.json: import → export → import keeps every message and part", () => {
    const session = importWith(anthropicImporter, fs.readFileSync(sharedTranscript("anthropic-messages/derived__ccviewer__fe5e1c67.messages.json"), "utf8"));
    const request = exportAnthropic(session);
    expect(request.messages).toHaveLength(18);
    expect(shape(reimport(request))).toEqual(shape(session));
    expectSendable(request);
  });

  it.each([
    [claudeCodeImporter, "claude-code/ccviewer__1af7fc5e.jsonl"],
    [claudeCodeImporter, "claude-code/session-share__0ccf1a04.jsonl"],
    [claudeCodeImporter, "claude-code/ccviewer__5c0375b4.jsonl"],
    [piImporter, "pi/pi-mono__large-session.jsonl"],
  ])("exports %#: %s as an alternating request with every call answered", (importer, file) => {
    const request = exportAnthropic(importWith(importer, fs.readFileSync(sharedTranscript(file), "utf8")));
    expect(request.messages.length).toBeGreaterThan(0);
    request.messages.forEach((message, index) => expect(message.role).toBe(index % 2 === 0 ? "user" : "assistant"));
    if (importer !== piImporter) expectSendable(request); // pi keeps errored calls that never got a result
  });
});
