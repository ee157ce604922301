import { describe, expect, it } from "vitest";
import { RunRequestSchema, type RunStreamLine } from "../api/run-schemas";
import { generateSession } from "../generator/generate-session";
import { getRun } from "../store/runs";
import { storeSession } from "../store/sessions";
import { useTestDatabase } from "../store/use-test-database";
import { exportOpenAI } from "../transcripts/export-openai";
import { importTranscript } from "../transcripts";
import { TIMELINE_SUMMARY_CHARS } from "./slim-run-result";
import { startRun } from "./start-run";

/** The e2e's long run (e2e/playground.spec.ts): 2,000 generated messages through OpenAI JSON, opencode at 60,000. */
const MESSAGES = 2_000;
const WINDOW = 60_000;

async function readStream(stream: ReadableStream<Uint8Array>): Promise<{ bytes: number; lines: RunStreamLine[] }> {
  const text = await new Response(stream).text();
  return { bytes: Buffer.byteLength(text), lines: text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as RunStreamLine) };
}

type StreamedEnd = { type: "compaction-end"; step: number; summary: string | null; summaryChars?: number };

describe("executeRun's streamed event lines (real SQLite, the start-run stream)", () => {
  useTestDatabase("sqlite");

  it(`a ${MESSAGES.toLocaleString("en-US")}-message openclaw run streams summaries cut to ${TIMELINE_SUMMARY_CHARS.toLocaleString("en-US")} characters; the stored run keeps them whole`, async () => {
    const imported = importTranscript(JSON.stringify(exportOpenAI(generateSession({ seed: 5, messages: MESSAGES }))), { format: "openai" });
    const stored = await storeSession({ session: imported.session, sessionCount: imported.sessionCount, pick: imported.pick });
    const started = performance.now();
    const { bytes, lines } = await readStream(await startRun({ sessionId: stored.id, request: RunRequestSchema.parse({ strategy: "openclaw", window: WINDOW }) }));
    const elapsedMs = Math.round(performance.now() - started);

    const done = lines.at(-1);
    expect(done?.type).toBe("done");
    const streamed = lines.flatMap((line) => (line.type === "event" && line.event.type === "compaction-end" ? [line.event as unknown as StreamedEnd] : []));
    const run = await getRun((done as Extract<RunStreamLine, { type: "done" }>).run.id);
    const storedEnds = run.result!.events.filter((event) => event.type === "compaction-end");
    expect(streamed.map((event) => event.step)).toEqual(storedEnds.map((event) => event.step));
    const fullSummaryBytes = storedEnds.reduce((sum, event) => sum + Buffer.byteLength(event.summary ?? ""), 0);
    console.log(`streamed ${lines.length} lines, ${bytes.toLocaleString("en-US")} bytes in ${elapsedMs} ms (${storedEnds.length} compactions; their full summaries ${fullSummaryBytes.toLocaleString("en-US")} bytes)`);

    const cut = streamed.filter((event) => event.summaryChars !== undefined);
    expect(cut.length, "this session's extractive summaries grow past the limit").toBeGreaterThan(0);
    streamed.forEach((event, index) => {
      const full = storedEnds[index].summary;
      // the stored run is never cut: its events carry no summaryChars
      expect(storedEnds[index]).not.toHaveProperty("summaryChars");
      if (full === null || full.length <= TIMELINE_SUMMARY_CHARS) {
        expect(event.summary).toBe(full);
        expect(event).not.toHaveProperty("summaryChars");
      } else {
        expect(event.summary).toBe(full.slice(0, TIMELINE_SUMMARY_CHARS));
        expect(event.summaryChars).toBe(full.length);
      }
    });
    // every compaction-end line now costs at most the limit: the stream is far below the summaries' own size
    expect(bytes).toBeLessThan(storedEnds.length * (TIMELINE_SUMMARY_CHARS + 2_000) + lines.length * 500);
  }, 120_000);
});
