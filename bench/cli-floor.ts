import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateSession } from "../lib/generator/generate-session";
import { exportAnthropic } from "../lib/transcripts/export-anthropic";

const ROOT = path.resolve(import.meta.dirname, "..");
export const CLI_BENCH_MESSAGES = 10_000;
const RUNS = 5;

const CPU_AT_EXIT = path.join(import.meta.dirname, "cpu-at-exit.cjs");

interface ProcessTime {
  /** median wall time, ms */
  wall: number;
  /** median CPU time (user + system, every thread), ms: steadier than wall time when the machine is shared */
  cpu: number;
}

interface TimedCase {
  args: string[];
  /** called before each run */
  env?: () => NodeJS.ProcessEnv;
}

/**
 * Median wall and CPU time of whole processes, ms (spawned from this one, output discarded), the cases taking turns:
 * each round runs every case once, so a machine that slows down or speeds up meanwhile moves the floor and the
 * commands alike, and their ratios stay comparable. The first round is not timed (it builds the CLI bundle, writes
 * the code caches and warms the disk cache).
 */
function timeProcesses(cases: TimedCase[]): ProcessTime[] {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-bench-cpu-"));
  const walls: number[][] = cases.map(() => []);
  const cpuFiles = cases.map((_, index) => path.join(directory, `cpu-${index}.txt`));
  for (let round = 0; round < RUNS + 1; round++) {
    cases.forEach((timed, index) => {
      const runEnv = { ...(timed.env?.() ?? process.env), LAB_BENCH_CPU_FILE: cpuFiles[index] };
      const start = performance.now();
      execFileSync(process.execPath, ["--require", CPU_AT_EXIT, ...timed.args], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"], maxBuffer: 1 << 30, env: runEnv });
      if (round > 0) walls[index].push(performance.now() - start);
    });
  }
  // each file's first line is the untimed first round's
  const times = cases.map((_, index) => ({ wall: median(walls[index]), cpu: median(fs.readFileSync(cpuFiles[index], "utf8").trim().split("\n").slice(1).map(Number)) }));
  fs.rmSync(directory, { recursive: true, force: true });
  return times;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Whole `lab` processes against the floor of reading the same file: `node -e JSON.parse(readFileSync(file))` on a
 * generated 10,000-message Anthropic session. Targets (issue #39): simulate ≤ 2.5× the floor, import ≤ 1.5×.
 * `lab simulate` is timed twice: as a second run on the file (its continuation facts read from the CLI's cache,
 * LAB_CACHE_DIR, filled by the untimed first run) and cold (a fresh, empty cache folder for every run: the facts
 * extracted in the process).
 */
export function runCliFloor(log: (line: string) => void): void {
  const file = path.join(os.tmpdir(), `lab-bench-${CLI_BENCH_MESSAGES}.json`);
  if (!fs.existsSync(file)) {
    process.stderr.write(`[bench] writing a ${CLI_BENCH_MESSAGES.toLocaleString("en-US")}-message Anthropic session to ${file}\n`);
    fs.writeFileSync(file, JSON.stringify(exportAnthropic(generateSession({ seed: 1, messages: CLI_BENCH_MESSAGES }))));
  }
  const bytes = fs.statSync(file).size;
  process.stderr.write("[bench] CLI processes against the JSON.parse floor\n");
  const cacheRoot = fs.mkdtempSync(path.join(os.tmpdir(), "lab-bench-cache-"));
  const simulateArgs = ["scripts/lab.cjs", "simulate", file, "--strategy", "nous", "--json"];
  const [floor, simulate, simulateCold, importing] = timeProcesses([
    { args: ["-e", `JSON.parse(require("node:fs").readFileSync(${JSON.stringify(file)}, "utf8"))`] },
    { args: simulateArgs, env: () => ({ ...process.env, LAB_CACHE_DIR: path.join(cacheRoot, "warm") }) },
    { args: simulateArgs, env: () => ({ ...process.env, LAB_CACHE_DIR: fs.mkdtempSync(path.join(cacheRoot, "cold-")) }) },
    { args: ["scripts/lab.cjs", "import", file, "--json"] },
  ]);
  fs.rmSync(cacheRoot, { recursive: true, force: true });
  log(`CLI against the parse floor: ${CLI_BENCH_MESSAGES.toLocaleString("en-US")}-message Anthropic file (${(bytes / 1e6).toFixed(1)} MB), median of ${RUNS} whole processes each, taking turns, wall time / CPU time`);
  const line = (label: string, time: ProcessTime, note: string) =>
    log(`  ${label.padEnd(44)} ${time.wall.toFixed(0)} ms / ${time.cpu.toFixed(0)} ms CPU  = ${(time.wall / floor.wall).toFixed(2)}× / ${(time.cpu / floor.cpu).toFixed(2)}× the floor${note}`);
  log(`  ${"floor  node -e JSON.parse(readFileSync(file))".padEnd(44)} ${floor.wall.toFixed(0)} ms / ${floor.cpu.toFixed(0)} ms CPU`);
  line("lab simulate --strategy nous --json", simulate, " (goal ≤ 2.5×; facts from the CLI's cache)");
  line("lab simulate … cold (empty LAB_CACHE_DIR)", simulateCold, " (facts extracted in the process)");
  line("lab import --json", importing, " (goal ≤ 1.5×)");
}
