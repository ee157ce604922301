import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateSession } from "../lib/generator/generate-session";
import { toClaudeCodeJsonl } from "../lib/generator/to-claude-code-jsonl";

const ROOT = path.resolve(import.meta.dirname, "..");
export const MEMORY_BENCH_MESSAGES = 12_000;
/** About 100 MB of Claude Code JSONL (as bench/secret-scan-cost.ts uploads). */
export const UPLOAD_BENCH_MESSAGES = 56_000;

interface Sample {
  rawBytes: number;
  baseline: number;
  peak: number;
}

function measureIn(runs: number, options: readonly string[]): Sample {
  const output = execFileSync(process.execPath, [...options, "--expose-gc", "--import", "tsx", "bench/memory-child.ts", String(MEMORY_BENCH_MESSAGES), String(runs)], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  return JSON.parse(output.trim().split("\n").pop()!) as Sample;
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

/**
 * Peak RSS of 1 and of 10 concurrent replays of one generated 12,000-message session (nous at a 60K window), each
 * measurement in a fresh process: the session is parsed once and shared, so 10 runs should cost ≤ 2× the memory of
 * 1 run, and no run should need ≥ 3× the session's raw size on top of the session (issue #13). Measured with Node's
 * defaults and with the Node options the lab's server runs with (scripts/server-node-options, as the upload below):
 * V8 sizes its young generation by the machine's memory (up to 2 × 64 MB on a 24 GiB machine), and one run's burst of
 * short-lived objects grows it — RSS the run never holds live, which the server's option bounds.
 */
export function runMemoryBench(log: (line: string) => void): void {
  const server = serverNodeOptions();
  log(`Memory: ${MEMORY_BENCH_MESSAGES.toLocaleString("en-US")}-message generated session, nous at 60K, one process per measurement`);
  for (const [label, options] of [["node defaults", []], [server.join(" "), server]] as const) {
    process.stderr.write(`[bench] memory: 1 and 10 concurrent runs of a ${MEMORY_BENCH_MESSAGES.toLocaleString("en-US")}-message session (${label})\n`);
    const one = measureIn(1, options);
    const ten = measureIn(10, options);
    const perRunOne = one.peak - one.baseline;
    const perRunTen = (ten.peak - ten.baseline) / 10;
    log(`  ${label}: the session ${mb(one.rawBytes)} as JSON`);
    log(`    1 run         peak RSS ${mb(one.peak)} (session loaded: ${mb(one.baseline)}; the run: +${mb(perRunOne)}, ${(perRunOne / one.rawBytes).toFixed(2)}× the raw session)`);
    log(`    10 runs       peak RSS ${mb(ten.peak)} (session loaded: ${mb(ten.baseline)}; +${mb(ten.peak - ten.baseline)}, ${mb(perRunTen)} a run, ${(perRunTen / ten.rawBytes).toFixed(2)}× the raw session)`);
    log(`    10 runs ÷ 1 run peak RSS: ${(ten.peak / one.peak).toFixed(2)}× (goal ≤ 2×); largest run over the raw session: ${(Math.max(perRunOne, perRunTen) / one.rawBytes).toFixed(2)}× (goal < 3×)`);
  }
}

interface UploadSample {
  mode: "raw" | "multipart";
  size: number;
  baseline: number;
  peak: number;
  maxRss: number;
  messages: number;
  /** the child's user + system CPU time from its settled baseline to the stored session */
  cpuMs: number;
}

/** The Node options scripts/start.sh starts the server with (scripts/server-node-options). */
export function serverNodeOptions(): string[] {
  return fs.readFileSync(path.join(ROOT, "scripts/server-node-options"), "utf8").split(/\s+/).filter((option) => option.length > 0);
}

/**
 * The server's peak memory for one ~100 MB upload (issue #39: ≤ 3× the file), raw body and multipart form, each in a
 * fresh process (bench/upload-memory-child.ts: spoolUpload + importUpload into a fresh SQLite file, as
 * POST /api/sessions does), with Node's defaults (a bare `next start`) and with the Node options scripts/start.sh
 * gives the server (scripts/server-node-options). The file is generated once into the temporary folder. The child's
 * CPU time is printed too, to compare the two.
 */
export function runUploadMemoryBench(log: (line: string) => void): void {
  const file = path.join(os.tmpdir(), `lab-bench-upload-${UPLOAD_BENCH_MESSAGES}.jsonl`);
  if (!fs.existsSync(file)) {
    process.stderr.write(`[bench] memory: writing a ${UPLOAD_BENCH_MESSAGES.toLocaleString("en-US")}-message Claude Code JSONL to ${file}\n`);
    fs.writeFileSync(file, toClaudeCodeJsonl(generateSession({ seed: 2, messages: UPLOAD_BENCH_MESSAGES })));
  }
  const server = serverNodeOptions();
  for (const [label, options] of [["node defaults", []], [server.join(" "), server]] as const) {
    for (const mode of ["raw", "multipart"] as const) {
      process.stderr.write(`[bench] memory: a ${mode} upload of ${file} (${label})\n`);
      const output = execFileSync(process.execPath, [...options, "--expose-gc", "--import", "tsx", "bench/upload-memory-child.ts", file, mode], {
        cwd: ROOT,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
        maxBuffer: 1 << 24,
      });
      const sample = JSON.parse(output.trim().split("\n").pop()!) as UploadSample;
      const peak = Math.max(sample.peak, sample.maxRss);
      log(
        `Upload of ${mb(sample.size)} (${sample.messages.toLocaleString("en-US")} messages), ${mode.padEnd(9)} ${label}: peak RSS ${mb(peak)} = ${(peak / sample.size).toFixed(2)}× the file ` +
          `(goal ≤ 3×); above the settled server (${mb(sample.baseline)}): +${mb(peak - sample.baseline)} = ${((peak - sample.baseline) / sample.size).toFixed(2)}× the file; ` +
          `${(sample.cpuMs / 1000).toFixed(1)} s of CPU`,
      );
    }
  }
}
