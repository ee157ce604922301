import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateSession } from "../lib/generator/generate-session";
import { toClaudeCodeJsonl } from "../lib/generator/to-claude-code-jsonl";
import { importUpload } from "../lib/sessions/import-upload";
import { closeDatabases, db } from "../lib/store/db";
import { importTranscript } from "../lib/transcripts";
import { exportAnthropic } from "../lib/transcripts/export-anthropic";
import { measure } from "./measure";

export const THROUGHPUT_MESSAGES = 20_000;
const RUNS = 3;

/**
 * Import throughput against the JSON.parse floor, in this process (no start-up): a generated 20,000-message session
 * as a Claude Code JSONL file and as one Anthropic JSON document. For each: the floor (`JSON.parse` of the file's
 * text — line by line for JSONL), the importer alone (`importTranscript`: parse, checks, canonical model), and a
 * whole upload (`importUpload`: UTF-8 decode, import, and the transaction that stores the messages and the gzipped
 * raw file in a fresh SQLite file). Throughput = MB/s; the goal is an import at ≥ 0.7× the floor's.
 */
export async function runImportThroughput(log: (line: string) => void): Promise<void> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-bench-import-"));
  process.env.DATABASE_URL = `file:${path.join(directory, "lab.db")}`;
  try {
    await db();
    process.stderr.write(`[bench] import throughput: generating a ${THROUGHPUT_MESSAGES.toLocaleString("en-US")}-message session\n`);
    const session = generateSession({ seed: 1, messages: THROUGHPUT_MESSAGES });
    const files = [
      { name: "Claude Code JSONL", text: toClaudeCodeJsonl(session), floor: (text: string) => text.split("\n").forEach((line) => line && JSON.parse(line)) },
      { name: "Anthropic JSON", text: JSON.stringify(exportAnthropic(session)), floor: (text: string) => JSON.parse(text) },
    ];
    log(`import throughput against the JSON.parse floor: generated ${THROUGHPUT_MESSAGES.toLocaleString("en-US")}-message session, in-process, median of ${RUNS} (wall clock)`);
    for (const file of files) {
      const bytes = Buffer.from(file.text);
      const megabytes = bytes.length / 1e6;
      process.stderr.write(`[bench] import throughput: ${file.name} (${megabytes.toFixed(0)} MB)\n`);
      const floor = await measure({ run: () => file.floor(file.text), runs: RUNS });
      const importer = await measure({ run: () => importTranscript(file.text), runs: RUNS });
      const upload = await measure({ run: () => importUpload({ bytes, sourceName: "bench.jsonl" }), runs: RUNS });
      const rate = (ms: number) => megabytes / (ms / 1_000);
      const line = (label: string, ms: number) => `${label.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms  ${rate(ms).toFixed(1).padStart(6)} MB/s  = ${(rate(ms) / rate(floor.medianMs)).toFixed(2)}× the floor`;
      log(`  ${file.name}, ${megabytes.toFixed(1)} MB`);
      log(`    ${line("floor  JSON.parse", floor.medianMs)}`);
      log(`    ${line("importTranscript (parse + canonical model)", importer.medianMs)}`);
      log(`    ${line("importUpload (decode, import, store SQLite)", upload.medianMs)} (goal ≥ 0.7×)`);
    }
  } finally {
    await closeDatabases();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}
