import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateSession } from "../lib/generator/generate-session";
import { exportAnthropic } from "../lib/transcripts/export-anthropic";

const ROOT = path.resolve(import.meta.dirname, "..");
export const CLI_BENCH_MESSAGES = 10_000;
const RUNS = 3;

/** Median wall time of a whole process, ms (spawned from this one, output discarded). */
function timeProcess(args: string[]): number {
  const times: number[] = [];
  for (let run = 0; run < RUNS + 1; run++) {
    const start = performance.now();
    execFileSync(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"], maxBuffer: 1 << 30 });
    if (run > 0) times.push(performance.now() - start); // the first run builds the CLI bundle and warms the disk cache
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/**
 * Whole `lab` processes against the floor of reading the same file: `node -e JSON.parse(readFileSync(file))` on a
 * generated 10,000-message Anthropic session. Targets (issue #13): simulate ≤ 2× the floor, import ≤ 1.5×.
 */
export function runCliFloor(log: (line: string) => void): void {
  const file = path.join(os.tmpdir(), `lab-bench-${CLI_BENCH_MESSAGES}.json`);
  if (!fs.existsSync(file)) {
    process.stderr.write(`[bench] writing a ${CLI_BENCH_MESSAGES.toLocaleString("en-US")}-message Anthropic session to ${file}\n`);
    fs.writeFileSync(file, JSON.stringify(exportAnthropic(generateSession({ seed: 1, messages: CLI_BENCH_MESSAGES }))));
  }
  const bytes = fs.statSync(file).size;
  process.stderr.write("[bench] CLI processes against the JSON.parse floor\n");
  const floor = timeProcess(["-e", `JSON.parse(require("node:fs").readFileSync(${JSON.stringify(file)}, "utf8"))`]);
  const simulate = timeProcess(["scripts/lab.mjs", "simulate", file, "--strategy", "nous", "--json"]);
  const importing = timeProcess(["scripts/lab.mjs", "import", file, "--json"]);
  log(`CLI against the parse floor: ${CLI_BENCH_MESSAGES.toLocaleString("en-US")}-message Anthropic file (${(bytes / 1e6).toFixed(1)} MB), median of ${RUNS} whole processes`);
  log(`  floor  node -e JSON.parse(readFileSync(file))   ${floor.toFixed(0)} ms`);
  log(`  lab simulate --strategy nous --json          ${simulate.toFixed(0)} ms  = ${(simulate / floor).toFixed(2)}× the floor (goal ≤ 2×)`);
  log(`  lab import --json                            ${importing.toFixed(0)} ms  = ${(importing / floor).toFixed(2)}× the floor (goal ≤ 1.5×)`);
}
