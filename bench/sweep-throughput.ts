import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { generateSession } from "../lib/generator/generate-session";

/**
 * Sweep throughput on PostgreSQL (issue #11): the same sweep (`CELLS` evidence configurations of one generated
 * session, one pg-boss job each) replayed by 1 `npm run worker` process and then by 2, each with
 * WORKER_CONCURRENCY=1, on a fresh database of PG_TEST_URL's server (BENCH_PG_URL overrides it). Timed from the
 * enqueue to the last run's end, with the workers already up; prints jobs per second for each and the ratio. This
 * process only stores and enqueues (LAB_WORKERS=0). Skipped, saying so, without a PostgreSQL URL.
 */
const X = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const Y = [1_000, 2_000, 4_000];
const MESSAGES = 3_000;

export async function runSweepThroughput(log: (line: string) => void): Promise<void> {
  const server = process.env.BENCH_PG_URL ?? process.env.PG_TEST_URL;
  log("sweep throughput on PostgreSQL (pg-boss): the same sweep with 1 and 2 worker processes");
  if (!server) {
    log("  skipped: set PG_TEST_URL (or BENCH_PG_URL) to a PostgreSQL server whose role has CREATEDB");
    return;
  }
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
    const { id: sessionId } = await storeSession({ session: generateSession({ seed: 41, messages: MESSAGES }), sessionCount: 1, pick: 0 });
    const results: { workers: number; seconds: number; perSecond: number }[] = [];
    for (const count of [1, 2]) {
      const workers = await startWorkers(count, url);
      try {
        const startedAt = performance.now();
        const stream = await runComparison({
          sessionIds: [sessionId],
          configs: X.flatMap((x) => Y.map((y) => ({ strategy: "evidence", settings: { keepToolResults: x, softTrimChars: y }, cell: { x, y } }))),
          compare: { window: 32_000, outputReserve: 0, estimator: "chars4", summarizer: "extractive", judge: false, cacheProvider: "auto", cacheTtl: "5m" },
        });
        const reader = stream.getReader();
        const first = new TextDecoder().decode((await reader.read()).value);
        await reader.cancel();
        const comparisonId = (JSON.parse(first.split("\n")[0]) as { comparisonId: string }).comparisonId;
        const prisma = await db();
        const jobs = X.length * Y.length;
        for (;;) {
          const ended = await prisma.run.count({ where: { comparisonId, status: { notIn: ["queued", "running"] } } });
          if (ended >= jobs) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const seconds = (performance.now() - startedAt) / 1_000;
        results.push({ workers: count, seconds, perSecond: jobs / seconds });
        log(`  ${count} worker process${count > 1 ? "es" : ""}: ${jobs} jobs (${MESSAGES.toLocaleString("en-US")}-message session, evidence at 32K) in ${seconds.toFixed(1)} s = ${(jobs / seconds).toFixed(2)} jobs/s`);
      } finally {
        for (const worker of workers) worker.kill("SIGKILL");
      }
    }
    log(`  2 workers ÷ 1 worker: ${(results[1].perSecond / results[0].perSecond).toFixed(2)}× (goal ≥ 1.6× on 2 cores; other load on the machine lowers it)`);
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
