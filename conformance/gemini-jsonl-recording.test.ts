import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { foldChatRecording } from "@/lib/transcripts/gemini-cli-records";
import { importTranscript } from "@/lib/transcripts";
import { listSharedTranscripts, sharedTranscript } from "@/lib/testing/shared-transcripts";
import { loadOracle } from "./oracles";

/**
 * Gemini CLI's JSON-lines chat recordings (gemini-cli 0.40+): the lab's fold (lib/transcripts/gemini-cli-records.ts)
 * against gemini-cli-core 0.61.0's own reader, `loadConversationRecord` (dist/src/services/chatRecordingService.js),
 * on every shared Gemini recording rewritten as Gemini CLI writes JSON lines — the metadata line, each message, a
 * message appended again with its final tokens (same id), a message then rewound with `$rewindTo`, a `$set` summary —
 * and on a `$set.messages` checkpoint: the same messages, in the same order, and the lab imports the JSON-lines file as
 * it imports the recording it came from.
 */
interface OracleRecording {
  sessionId: string;
  messages: { id: string }[];
  summary?: string;
}

const recordings = listSharedTranscripts().filter((file) => file.startsWith("gemini-cli/"));
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "lab-gemini-jsonl-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function asJsonLines(record: Record<string, unknown> & { messages: Record<string, unknown>[] }, checkpoint: boolean): string {
  const { messages, ...metadata } = record;
  const lines: unknown[] = [metadata];
  if (checkpoint) {
    lines.push(...messages.slice(0, 2), { $set: { messages } });
  } else {
    for (const message of messages) {
      // Gemini CLI appends a model turn first without its tokens, then again (same id) once they arrive
      if (message.type === "gemini" && message.tokens) lines.push({ ...message, tokens: undefined });
      lines.push(message);
    }
    lines.push({ id: "rewound-turn", timestamp: "2026-01-10T03:00:00.000Z", type: "user", content: [{ text: "never mind" }] }, { $rewindTo: "rewound-turn" });
    lines.push({ $set: { summary: "folded by the conformance test" } });
  }
  return `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`;
}

describe("Gemini CLI JSON-lines recordings: the lab's fold against gemini-cli-core's loadConversationRecord", () => {
  it.each(recordings.flatMap((file) => [[file, false], [file, true]] as const))("%s (checkpoint: %s)", async (file, checkpoint) => {
    const { loadConversationRecord } = await loadOracle<{ loadConversationRecord: (file: string) => Promise<OracleRecording | null> }>("@google/gemini-cli-core/dist/src/services/chatRecordingService.js");
    const original = fs.readFileSync(sharedTranscript(file), "utf8");
    const text = asJsonLines(JSON.parse(original), checkpoint);
    const jsonl = path.join(folder, `${path.basename(file, ".json")}-${checkpoint}.jsonl`);
    fs.writeFileSync(jsonl, text);
    const oracle = await loadConversationRecord(jsonl);
    const lines = text.trim().split("\n").map((line, index) => ({ line: index + 1, value: JSON.parse(line) as unknown }));
    const folded = foldChatRecording(lines, "gemini-cli").record as unknown as OracleRecording;
    expect(folded.messages).toEqual(oracle!.messages);
    if (!checkpoint) expect(folded.summary).toBe(oracle!.summary);
    const fromLines = importTranscript(text).session;
    const fromJson = importTranscript(original).session;
    expect(fromLines.messages.map(({ source: _source, ...message }) => message)).toEqual(fromJson.messages.map(({ source: _source, ...message }) => message));
  });
});
