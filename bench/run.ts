import os from "node:os";
import { parseArgs } from "node:util";
import type { BenchCase } from "./bench-case";
import { runCliFloor } from "./cli-floor";
import { runImportThroughput } from "./import-throughput";
import { runMemoryBench, runUploadMemoryBench } from "./memory";
import { compareCases } from "./compare-cases";
import { generatorCases } from "./generator-cases";
import { importCases } from "./import-cases";
import { replayCases } from "./replay-cases";
import { measure, type Measurement } from "./measure";
import { runSearchIndexCost } from "./search-index-cost";
import { runSecretScanCost } from "./secret-scan-cost";
import { runSweepThroughput } from "./sweep-throughput";
import { LADDER_SIZES, runSizeLadder, type LadderMode } from "./size-ladder";
import { runWindowLadder } from "./window-ladder";

/**
 * `npm run bench [-- --runs N] [-- --filter text] [-- --ladder quick|full|off]`: times every case and prints one table row per case
 * with the input size, the median of N runs and the spread (min–max), so a claim like "imports a 1 MB pi
 * session in 20 ms" can be checked against this output. To add benchmarks, write a function returning
 * BenchCase[] and add it to `suites` below. Then the size ladder (bench/size-ladder.ts): every strategy at growing
 * session sizes with its per-message growth ratio; and whole `lab simulate` / `lab import` processes against the
 * JSON.parse floor (bench/cli-floor.ts); import throughput in-process against the same floor (bench/import-throughput.ts); peak RSS of 1 and 10 concurrent runs of a 12,000-message session
 * (bench/memory.ts), and the server's peak RSS for a ~100 MB upload, raw and multipart (bench/upload-memory-child.ts); the cost of scanning a 100 MB upload for credentials (bench/secret-scan-cost.ts); sweep throughput with 1 and 2 worker processes on PostgreSQL (bench/sweep-throughput.ts)
 * (`--ladder full` adds 64K and 100K; BENCH_LADDER works too); the window ladder: every strategy on a 100,000-message session at a 200K and a 1M window (bench/window-ladder.ts). `--only cases,cli,import,secrets,search,memory,sweep,ladder,window` runs some of
 * the parts (default all); `--filter` also picks the ladder's rows (`--only ladder --filter codex`).
 */
const suites: ((log: (line: string) => void) => BenchCase[])[] = [importCases, generatorCases, replayCases, compareCases];

const DEFAULT_RUNS = 7;

const { values } = parseArgs({ options: { runs: { type: "string" }, filter: { type: "string" }, ladder: { type: "string" }, only: { type: "string" } } });
const PARTS = ["cases", "cli", "import", "secrets", "search", "memory", "sweep", "ladder", "window"] as const;
const only = new Set(values.only?.split(",").map((part) => part.trim()) ?? PARTS);
for (const part of only) if (!(PARTS as readonly string[]).includes(part)) throw new Error(`--only takes some of ${PARTS.join(",")}, got ${part}`);
const runs = Number(values.runs ?? DEFAULT_RUNS);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a positive integer, got ${values.runs}`);
const ladder = values.ladder ?? process.env.BENCH_LADDER ?? "quick";
if (ladder !== "off" && !(ladder in LADDER_SIZES)) throw new Error(`--ladder takes quick, full or off, got ${ladder}`);

const log = (line: string) => console.log(line);
console.log(`node ${process.version} · ${os.platform()} ${os.arch()} · ${os.cpus()[0]?.model ?? "cpu"} ×${os.cpus().length} · at least ${runs} runs per case after 1 warm-up, ${new Date().toISOString()}`);
if (only.has("cases")) {
  const cases = suites.flatMap((suite) => suite(log)).filter((entry) => !values.filter || `${entry.group} ${entry.name}`.includes(values.filter));
  const rows: string[][] = [["group", "case", "input", "size", "runs", "median", "spread (min–max)", "MB/s"]];
  for (const [index, entry] of cases.entries()) {
    process.stderr.write(`[bench] ${index + 1}/${cases.length} ${entry.group} ${entry.name}\n`);
    const result = await measure({ run: entry.run, runs: Math.min(runs, entry.maxRuns ?? runs) });
    rows.push(row(entry, result));
  }
  printTable(rows);
  console.log("");
}
if (only.has("cli")) {
  runCliFloor(log);
  console.log("");
}
if (only.has("import")) {
  await runImportThroughput(log);
  console.log("");
}
if (only.has("secrets")) {
  await runSecretScanCost(log);
  console.log("");
}
if (only.has("search")) {
  await runSearchIndexCost(log);
  console.log("");
}
if (only.has("memory")) {
  runMemoryBench(log);
  runUploadMemoryBench(log);
  console.log("");
}
if (only.has("sweep")) {
  await runSweepThroughput(log);
  console.log("");
}
if (ladder !== "off" && only.has("ladder")) await runSizeLadder(ladder as LadderMode, log, values.filter);
if (only.has("window")) {
  console.log("");
  await runWindowLadder(log, values.filter);
}

function row(entry: BenchCase, result: Measurement): string[] {
  const megabytes = entry.inputBytes === undefined ? undefined : entry.inputBytes / 1_000_000;
  return [
    entry.group,
    entry.name,
    entry.input,
    megabytes === undefined ? "" : formatBytes(entry.inputBytes!),
    String(result.runs),
    `${result.medianMs.toFixed(1)} ms`,
    `${result.minMs.toFixed(1)}–${result.maxMs.toFixed(1)} ms (±${((100 * (result.maxMs - result.minMs)) / 2 / result.medianMs).toFixed(0)}%)`,
    megabytes === undefined ? "" : (megabytes / (result.medianMs / 1_000)).toFixed(1),
  ];
}

function formatBytes(bytes: number): string {
  return bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(2)} MB` : `${(bytes / 1_000).toFixed(1)} KB`;
}

function printTable(table: string[][]): void {
  const widths = table[0].map((_, column) => Math.max(...table.map((cells) => cells[column].length)));
  const numeric = new Set([3, 4, 5, 7]);
  for (const [index, cells] of table.entries()) {
    console.log(cells.map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join("  ").trimEnd());
    if (index === 0) console.log(widths.map((width) => "-".repeat(width)).join("  "));
  }
}
