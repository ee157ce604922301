import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportOpenAI } from "./export-openai";
import { generateSession } from "../generator/generate-session";
import { toClaudeCodeJsonl } from "../generator/to-claude-code-jsonl";
import { reusedBufferChunks } from "../testing/reused-buffer-chunks";
import { hasSharedTranscripts, listSharedTranscripts, sharedTranscript } from "../testing/shared-transcripts";
import { importTranscriptChunks, type ImportOptions } from "./index";
import { mayStreamTranscript, streamTranscriptChunks } from "./stream-transcript-chunks";

const FIXTURES = path.resolve(import.meta.dirname, "fixtures");

/**
 * The bytes in chunks of `size`, so lines span chunks as they do in a file read 1 MB at a time, each read into one
 * buffer that the next overwrites, as fileChunks reads a file.
 */
const chunksOf = (bytes: Uint8Array, size = 4_096) => reusedBufferChunks(bytes, size);

/** What the whole import gives, or its error; and what the stream gives (messages, then title and meta), or its error. */
function bothWays(bytes: Uint8Array, options: ImportOptions = {}) {
  const attempt = <T>(run: () => T) => {
    try {
      return { value: run() };
    } catch (error) {
      return { error };
    }
  };
  const whole = attempt(() => importTranscriptChunks(chunksOf(bytes), options));
  const streamed = attempt(() => {
    const stream = streamTranscriptChunks(chunksOf(bytes), options);
    if (stream === null) return null;
    const messages = [...stream.messages];
    return { format: stream.format, session: { ...stream.finish(), messages }, sessionCount: stream.sessionCount, pick: stream.pick };
  });
  return { whole, streamed };
}

const claudeCodeFiles = [
  ...(hasSharedTranscripts ? listSharedTranscripts().filter((file) => file.startsWith("claude-code/")).map(sharedTranscript) : []),
  ...fs.readdirSync(FIXTURES).filter((file) => file.startsWith("claude-code")).map((file) => path.join(FIXTURES, file)),
];

describe("streamTranscriptChunks", () => {
  it.each(claudeCodeFiles.map((file) => [path.basename(file), file]))("%s: the whole import's session (or error), message by message", (_name, file) => {
    const { whole, streamed } = bothWays(new Uint8Array(fs.readFileSync(file)), { sourceName: path.basename(file) });
    if ("error" in whole) {
      expect(streamed).toEqual({ error: whole.error });
      expect((streamed as { error: Error }).error.message).toBe((whole.error as Error).message);
      return;
    }
    const { title, format, meta, messages } = whole.value.session;
    expect(streamed).toEqual({ value: { format, session: { title, meta, messages }, sessionCount: 1, pick: 0 } });
    // the same keys in the same order: the stored JSON is the same text
    expect(JSON.stringify((streamed as { value: { session: { messages: unknown } } }).value.session.messages)).toBe(JSON.stringify(messages));
  });

  it("a session with no messages: importTranscriptChunks's no_messages error once the messages are taken", () => {
    const line = (fields: object) => JSON.stringify({ sessionId: "s", parentUuid: null, isSidechain: false, timestamp: "2025-01-01T00:00:00Z", ...fields });
    const text = [line({ type: "user", uuid: "a", message: { role: "user", content: [] } }), line({ type: "user", uuid: "b", parentUuid: "a", message: { role: "user", content: "" } })].join("\n");
    const { whole, streamed } = bothWays(new TextEncoder().encode(text));
    expect("error" in whole && (whole.error as { code: string }).code).toBe("no_messages");
    expect(streamed).toEqual({ error: whole.error });
  });

  it.each([
    ["another JSONL format (OpenAI messages as lines are not Claude Code)", toClaudeCodeJsonl(generateSession({ seed: 1, messages: 20 })), { format: "codex" as const }],
    ["a pick other than 0", toClaudeCodeJsonl(generateSession({ seed: 1, messages: 20 })), { pick: 1 }],
    ["a single JSON document", JSON.stringify(exportOpenAI(generateSession({ seed: 1, messages: 20 }))), {}],
    ["one line only (read as one JSON document)", toClaudeCodeJsonl(generateSession({ seed: 1, messages: 20 })).split("\n")[0], {}],
  ])("turns down %s: the whole import reads it", (_name, text, options) => {
    const bytes = new TextEncoder().encode(text);
    expect(mayStreamTranscript(chunksOf(bytes), options)).toBe(false);
    expect(streamTranscriptChunks(chunksOf(bytes), options)).toBeNull();
  });

  it("takes Claude Code lines after a byte-order mark and blank lines, numbering lines as the whole import does", () => {
    const jsonl = toClaudeCodeJsonl(generateSession({ seed: 2, messages: 40 }));
    const bytes = new TextEncoder().encode(`\uFEFF\n  \n${jsonl.replace("\n", "\n\n")}`);
    const { whole, streamed } = bothWays(bytes);
    const { format: _format, ...session } = (whole as { value: { session: { format: string } } }).value.session;
    expect(streamed).toEqual({ value: { ...(whole as { value: object }).value, session } });
    expect(JSON.stringify((streamed as { value: { session: { messages: { source?: unknown }[] } } }).value.session.messages.map((message) => message.source))).toContain('{"line":1}');
  });
});
