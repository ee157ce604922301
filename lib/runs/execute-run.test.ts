import { describe, expect, it } from "vitest";
import { RunRequestSchema, type RunStreamLine } from "../api/contracts/run-schemas";
import { generateSession } from "../generator/generate-session";
import { getRun } from "../store/runs";
import { storeSession } from "../store/sessions";
import { useTestDatabase } from "../testing/use-test-database";
import { exportOpenAI } from "../transcripts/export-openai";
import { importTranscript } from "../transcripts";
import { TIMELINE_SUMMARY_CHARS } from "./slim-run-result";
import { startRun } from "../jobs/start-run";

/** The e2e's long run (e2e/playground.spec.ts): 2,000 generated messages through OpenAI JSON, opencode at 60,000. */
const MESSAGES = 2_000;
const WINDOW = 60_000;

async function readStream(stream: ReadableStream<Uint8Array>): Promise<{ bytes: number; lines: RunStreamLine[] }> {
  const text = await new Response(stream).text();
  return { bytes: Buffer.byteLength(text), lines: text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as RunStreamLine) };
}

type StreamedEnd = { type: "compaction-end"; step: number; summary: string | null; summaryChars?: number };

describe("a run's followed event lines (real SQLite, the start-run stream)", () => {
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
    // the live log keeps the latest events (a follower polling a fast run may skip older ones), never invents one
    const storedSteps = new Set(storedEnds.map((event) => event.step));
    expect(streamed.length).toBeGreaterThan(0);
    expect(streamed.every((event) => storedSteps.has(event.step))).toBe(true);
    expect(streamed.at(-1)!.step).toBe(storedEnds.at(-1)!.step);
    const fullSummaryBytes = storedEnds.reduce((sum, event) => sum + Buffer.byteLength(event.summary ?? ""), 0);
    console.log(`streamed ${lines.length} lines, ${bytes.toLocaleString("en-US")} bytes in ${elapsedMs} ms (${storedEnds.length} compactions; their full summaries ${fullSummaryBytes.toLocaleString("en-US")} bytes)`);

    // a run is a job: its stream follows the stored progress, whose events carry no summary (the log shows none;
    // the timeline loads the stored run, which is never cut)
    for (const event of streamed) expect(event).not.toHaveProperty("summary");
    for (const event of storedEnds) expect(event).not.toHaveProperty("summaryChars");
    expect(storedEnds.some((event) => (event.summary ?? "").length > TIMELINE_SUMMARY_CHARS), "this session's extractive summaries grow past the timeline's cut").toBe(true);
    expect(bytes).toBeLessThan(fullSummaryBytes / 4);
  }, 120_000);
});
