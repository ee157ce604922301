import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseCommandArgs, EXIT_BAD_INPUT, type CliIo } from "../command";

export const usage = "npm run --silent lab -- worker [--concurrency <n>]   (DATABASE_URL names the database; the same as `npm run worker`)";

/**
 * Starts a job worker process (scripts/worker.ts, the same as `npm run worker`) from the project's checkout and
 * waits for it: it replays queued runs, comparisons and sweeps of DATABASE_URL's database (pg-boss on PostgreSQL)
 * until SIGINT/SIGTERM, which it passes on. `--concurrency` sets WORKER_CONCURRENCY. Runs in its own process so the
 * CLI's bundle never loads the database client.
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs({ args, usage, flags: { concurrency: { type: "string" }, help: { type: "boolean", short: "h" } } });
  if (values.help) {
    io.stdout(`usage: ${usage}\n`);
    return 0;
  }
  const root = process.cwd();
  const entry = path.join(root, "scripts", "worker.ts");
  const tsx = path.join(root, "node_modules", "tsx");
  if (!fs.existsSync(entry) || !fs.existsSync(tsx)) {
    io.stderr(`lab worker runs from the project's root after \`npm ci\` (no ${path.relative(root, fs.existsSync(entry) ? tsx : entry)} here)\n`);
    return EXIT_BAD_INPUT;
  }
  if (values.concurrency !== undefined && !/^[1-9]\d*$/.test(values.concurrency)) {
    io.stderr(`--concurrency takes a whole number ≥ 1, got ${JSON.stringify(values.concurrency)}\nusage: ${usage}\n`);
    return EXIT_BAD_INPUT;
  }
  // node itself with tsx's loader: one process, so a signal (or a SIGKILL) reaches the worker, not a wrapper
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...(values.concurrency ? { WORKER_CONCURRENCY: values.concurrency } : {}) },
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}
