import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { replaySession } from "../lib/engine/simulate/replay-session";
import { evidenceStrategy } from "../lib/engine/strategies/evidence";
import { generateSession } from "../lib/generator/generate-session";

/**
 * Sweep throughput on PostgreSQL (issues #11, #27): a recommendation-sized sweep — `SETTINGS` evidence settings over
 * `SESSIONS` generated sessions, one pg-boss job per (session, setting) — replayed by 1 `npm run worker` process and
 * then by 2, each with WORKER_CONCURRENCY=1, on a fresh database of PG_TEST_URL's server (BENCH_PG_URL overrides it).
 * Timed (wall clock) from the enqueue to the last run's end, with the workers already up. Against it, the same
 * replays one after another in this process (`replaySession`, no queue, no scoring, no storage: the single replays
 * the sweep is made of); the goal is that N workers finish within 1.3× of that sum ÷ N. This process only stores and
 * enqueues (LAB_WORKERS=0). Skipped, saying so, without a PostgreSQL URL.
 */
const X = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const Y = [1_000, 2_000, 4_000, 8_000];
const SESSIONS = 5;
const MESSAGES = 1_500;
const WINDOW = 32_000;
/** The goal: N workers finish within this factor of the single replays' sum ÷ N. */
export const SWEEP_OVERHEAD_LIMIT = 1.3;

export async function runSweepThroughput(log: (line: string) => void): Promise<void> {
  const server = process.env.BENCH_PG_URL ?? process.env.PG_TEST_URL;
  const settings = X.flatMap((x) => Y.map((y) => ({ keepToolResults: x, softTrimChars: y, cell: { x, y } })));
  log(`sweep throughput on PostgreSQL (pg-boss): ${settings.length} evidence settings × ${SESSIONS} generated ${MESSAGES.toLocaleString("en-US")}-message sessions at a ${WINDOW.toLocaleString("en-US")} window, with 1 and 2 worker processes`);
  if (!server) {
    log("  skipped: set PG_TEST_URL (or BENCH_PG_URL) to a PostgreSQL server whose role has CREATEDB");
    return;
  }
  const sessions = Array.from({ length: SESSIONS }, (_, index) => generateSession({ seed: 41 + index, messages: MESSAGES }));
  const jobs = settings.length * sessions.length;
  process.stderr.write(`[bench] sweep: ${jobs} single replays in this process\n`);
  // warmed up once, then every (session, setting) replayed alone, one after another
  await replaySession({ session: sessions[0], strategy: evidenceStrategy, settings: { keepToolResults: 1, softTrimChars: 1_000 }, window: WINDOW });
  const singleStart = performance.now();
  for (const session of sessions) {
    for (const { cell: _cell, ...setting } of settings) await replaySession({ session, strategy: evidenceStrategy, settings: setting, window: WINDOW });
  }
  const singleSeconds = (performance.now() - singleStart) / 1_000;
  log(`  single replays, one after another in this process: ${jobs} in ${singleSeconds.toFixed(1)} s (${((1_000 * singleSeconds) / jobs).toFixed(0)} ms each)`);

  const name = `lab_bench_sweep_${process.pid}`;
  const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  execFileSync("./node_modules/.bin/prisma", ["migrate", "deploy"], { env: { ...process.env, DATABASE_URL: url }, stdio: "ignore" });
  const saved = { DATABASE_URL: process.env.DATABASE_URL, LAB_WORKERS: process.env.LAB_WORKERS };
  process.env.DATABASE_URL = url;
  process.env.LAB_WORKERS = "0";
  const { storeSession } = await import("../lib/store/sessions");
  const { runComparison } = await import("../lib/jobs/run-comparison");
  const { stopJobQueues } = await import("../lib/jobs/job-queue");
  const { closeDatabases, db } = await import("../lib/store/db");
  try {
    const sessionIds: string[] = [];
    for (const session of sessions) sessionIds.push((await storeSession({ session, sessionCount: 1, pick: 0 })).id);
    const results: { workers: number; seconds: number }[] = [];
    for (const count of [1, 2]) {
      process.stderr.write(`[bench] sweep: ${jobs} jobs on ${count} worker process${count > 1 ? "es" : ""}\n`);
      const workers = await startWorkers(count, url);
      try {
        const startedAt = performance.now();
        const stream = await runComparison({
          sessionIds,
          configs: settings.map(({ cell, ...setting }) => ({ strategy: "evidence", settings: setting, cell })),
          compare: { window: WINDOW, outputReserve: 0, estimator: "chars4", summarizer: "extractive", judge: false, cacheProvider: "auto", cacheTtl: "5m" },
        });
        const reader = stream.getReader();
        const first = new TextDecoder().decode((await reader.read()).value);
        await reader.cancel();
        const comparisonId = (JSON.parse(first.split("\n")[0]) as { comparisonId: string }).comparisonId;
        const prisma = await db();
        for (;;) {
          const ended = await prisma.run.count({ where: { comparisonId, status: { notIn: ["queued", "running"] } } });
          if (ended >= jobs) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const failed = await prisma.run.count({ where: { comparisonId, status: { not: "done" } } });
        if (failed > 0) throw new Error(`${failed} of the sweep's ${jobs} runs did not end done`);
        const seconds = (performance.now() - startedAt) / 1_000;
        results.push({ workers: count, seconds });
        const ideal = singleSeconds / count;
        log(
          `  ${count} worker process${count > 1 ? "es" : ""}: ${jobs} jobs in ${seconds.toFixed(1)} s = ${(jobs / seconds).toFixed(2)} jobs/s; ` +
            `single replays' sum ÷ ${count} = ${ideal.toFixed(1)} s → ${(seconds / ideal).toFixed(2)}× (goal ≤ ${SWEEP_OVERHEAD_LIMIT}×)`,
        );
      } finally {
        for (const worker of workers) worker.kill("SIGKILL");
      }
    }
    log(`  2 workers ÷ 1 worker: ${(results[0].seconds / results[1].seconds).toFixed(2)}× the throughput (2 shared cores: other load on the machine lowers it)`);
  } finally {
    await stopJobQueues();
    await closeDatabases();
    process.env.DATABASE_URL = saved.DATABASE_URL;
    process.env.LAB_WORKERS = saved.LAB_WORKERS;
    if (saved.DATABASE_URL === undefined) delete process.env.DATABASE_URL;
    if (saved.LAB_WORKERS === undefined) delete process.env.LAB_WORKERS;
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await client.end();
  }
}

async function startWorkers(count: number, url: string): Promise<ChildProcess[]> {
  const workers = Array.from({ length: count }, () =>
    spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], { env: { ...process.env, DATABASE_URL: url, WORKER_CONCURRENCY: "1", LAB_WORKERS: "1" }, stdio: ["ignore", "pipe", "inherit"] }),
  );
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          let output = "";
          worker.stdout!.on("data", (chunk: Buffer) => {
            output += chunk.toString();
            if (output.includes("job(s) at once")) resolve();
          });
          worker.once("exit", (code) => reject(new Error(`worker exited with ${code}: ${output}`)));
        }),
    ),
  );
  return workers;
}
