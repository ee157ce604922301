import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import pg from "pg";
import type { Session } from "../lib/engine/model";
import { replaySession } from "../lib/engine/simulate/replay-session";
import { findStrategy } from "../lib/engine/strategies";
import { recommendationConfigs } from "../lib/compare/recommend/recommendation-configs";
import { generateSession } from "../lib/generator/generate-session";
import { dropPgDatabase } from "../lib/testing/drop-pg-database";

/**
 * Recommendation throughput on PostgreSQL (issues #11, #27): a real recommendation — 4 strategies × (9 trigger shares
 * + the default) = 40 settings over `SESSIONS` generated sessions at a 200K window, one pg-boss job per (session,
 * setting) — ended by 1 `npm run worker` process and then by 2 (WORKER_CONCURRENCY=1 each), each on a fresh
 * database of PG_TEST_URL's server (BENCH_PG_URL overrides it), timed (wall clock) from the request to the last
 * run's end with the workers already up and the sessions already stored (as the single runs' are).
 *
 * Against what: the same 200 runs done one after another in this process, each as the job a worker runs (runJob:
 * claim, replay, retention and continuation-recall scores, price, curve, progress and the one final write) but
 * without the queue or a second process — "its single replays". The goal: N workers finish within 1.3× of that sum
 * ÷ N. For scale, the engine's replays alone (replaySession, nothing scored or stored) are timed too: that is the
 * floor no stored, scored run reaches. Each phase also reports the machine's busy share and busy CPU seconds
 * (/proc/stat: the workers, this process and PostgreSQL alike): the single runs already keep PostgreSQL working on
 * a second core, so on a 2-core machine two workers compete with it for the cores; the ratio of busy CPU seconds
 * tells the queue's own cost apart from that contention. Skipped, saying so, without a PostgreSQL URL.
 */
const STRATEGIES = ["pi", "codex", "gemini-cli", "claude-code"];
const SHARES = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
const WINDOW = 200_000;
const SESSIONS = 5;
const MESSAGES = 2_000;
/** The goal: N workers finish within this factor of the single runs' sum ÷ N. */
export const SWEEP_OVERHEAD_LIMIT = 1.3;

export async function runSweepThroughput(log: (line: string) => void): Promise<void> {
  const server = process.env.BENCH_PG_URL ?? process.env.PG_TEST_URL;
  const { configs } = recommendationConfigs({ strategies: STRATEGIES, windows: [WINDOW], shares: SHARES, sessions: SESSIONS });
  const jobs = configs.length * SESSIONS;
  log(
    `recommendation throughput on PostgreSQL (pg-boss): ${configs.length} settings (${STRATEGIES.join(", ")} × ${SHARES.length} trigger shares + default) × ${SESSIONS} generated ` +
      `${MESSAGES.toLocaleString("en-US")}-message sessions at a ${WINDOW.toLocaleString("en-US")} window = ${jobs} runs; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)} at start`,
  );
  if (!server) {
    log("  skipped: set PG_TEST_URL (or BENCH_PG_URL) to a PostgreSQL server whose role has CREATEDB");
    return;
  }
  const sessions = Array.from({ length: SESSIONS }, (_, index) => generateSession({ seed: 41 + index, messages: MESSAGES }));

  progress(`engine replays alone: ${jobs}`);
  const engineSeconds = await timeEngineReplays(sessions, configs);
  log(`  engine replays alone (replaySession: nothing scored, priced or stored): ${jobs} in ${engineSeconds.toFixed(1)} s (${((1_000 * engineSeconds) / jobs).toFixed(0)} ms each)`);

  const saved = { DATABASE_URL: process.env.DATABASE_URL, LAB_WORKERS: process.env.LAB_WORKERS };
  const databases: string[] = [];
  try {
    // this process stores and enqueues only (LAB_WORKERS=0); in the single-runs database nobody takes the jobs
    process.env.LAB_WORKERS = "0";
    const single = await freshDatabase(server, "single", databases);
    progress(`single runs, one after another in this process: ${jobs}`);
    const { seconds: singleSeconds, busy: singleBusy, processes: singleProcesses } = await timeSingleRuns(single, sessions);
    const singleCpu = sum(singleProcesses.runs);
    log(`  single runs, one after another in this process (runJob without the queue: replay, scores, price, one stored end): ${jobs} in ${singleSeconds.toFixed(1)} s (${((1_000 * singleSeconds) / jobs).toFixed(0)} ms each); ${busyText(singleBusy)}; ${processText(singleProcesses)}`);

    const results: { workers: number; seconds: number }[] = [];
    for (const count of [1, 2]) {
      const url = await freshDatabase(server, `w${count}`, databases);
      progress(`${jobs} runs on ${count} worker process${count > 1 ? "es" : ""}`);
      const { seconds, busy, processes } = await timeWorkers(url, sessions, count, jobs);
      results.push({ workers: count, seconds });
      log(
        `  ${count} worker process${count > 1 ? "es" : ""}: ${jobs} runs in ${seconds.toFixed(1)} s = ${(jobs / seconds).toFixed(2)} runs/s; ` +
          `single runs' sum ÷ ${count} = ${(singleSeconds / count).toFixed(1)} s → ${(seconds / (singleSeconds / count)).toFixed(2)}× (goal ≤ ${SWEEP_OVERHEAD_LIMIT}×); ` +
          `engine replays' sum ÷ ${count} = ${(engineSeconds / count).toFixed(1)} s → ${(seconds / (engineSeconds / count)).toFixed(2)}×; ${busyText(busy)}` +
          (busy && singleBusy ? ` = ${(busy.seconds / singleBusy.seconds).toFixed(2)}× the single runs' CPU` : "") +
          `; ${processText(processes)}: the workers ${(sum(processes.runs) / singleCpu).toFixed(2)}× the single runs' process`,
      );
    }
    log(`  2 workers ÷ 1 worker: ${(results[0].seconds / results[1].seconds).toFixed(2)}× the throughput (2 shared cores: other load on the machine lowers it); load ${os.loadavg()[0].toFixed(1)} at the end`);
  } finally {
    const { stopJobQueues } = await import("../lib/jobs/job-queue");
    const { closeDatabases } = await import("../lib/store/db");
    await stopJobQueues();
    await closeDatabases();
    restoreEnv(saved);
    for (const name of databases) await dropPgDatabase(server, name).catch(() => undefined);
  }
}

type Config = ReturnType<typeof recommendationConfigs>["configs"][number];

async function timeEngineReplays(sessions: Session[], configs: Config[]): Promise<number> {
  const strategyOf = (id: string) => findStrategy(id) ?? fail(`unknown strategy ${id}`);
  // warmed up once
  await replaySession({ session: sessions[0], strategy: strategyOf(configs[0].strategy), settings: configs[0].settings, window: WINDOW });
  const started = performance.now();
  for (const session of sessions) {
    for (const config of configs) await replaySession({ session, strategy: strategyOf(config.strategy), settings: config.settings, window: config.window ?? WINDOW });
  }
  return (performance.now() - started) / 1_000;
}

/** Stores the sessions in the database of `url` (an upload, before any recommendation): their ids. */
async function storeSessions(url: string, sessions: Session[]): Promise<string[]> {
  process.env.DATABASE_URL = url;
  const { storeSession } = await import("../lib/store/sessions");
  const sessionIds: string[] = [];
  for (const session of sessions) sessionIds.push((await storeSession({ session, sessionCount: 1, pick: 0 })).id);
  return sessionIds;
}

/** Starts the recommendation over stored sessions (its runs stored, its jobs queued): its id and run ids. */
async function startIn(sessionIds: string[]): Promise<{ comparisonId: string; runIds: string[] }> {
  const { startRecommendation } = await import("../lib/jobs/start-recommendation");
  const { RecommendRequestSchema } = await import("../lib/api/contracts/recommend-schemas");
  const { db } = await import("../lib/store/db");
  const { id } = await startRecommendation(RecommendRequestSchema.parse({ sessionIds, strategies: STRATEGIES, windows: [WINDOW], shares: SHARES }));
  const runs = await (await db()).run.findMany({ where: { comparisonId: id }, select: { id: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return { comparisonId: id, runIds: runs.map((run) => run.id) };
}

async function timeSingleRuns(url: string, sessions: Session[]): Promise<{ seconds: number; busy: Busy | null; processes: ProcessCpu }> {
  const { runIds, comparisonId } = await startIn(await storeSessions(url, sessions));
  const { runJob } = await import("../lib/jobs/run-job");
  const cpu = machineCpu();
  const postgresBefore = await postgresCpu(url);
  const own = process.cpuUsage();
  const started = performance.now();
  for (const runId of runIds) await runJob({ runId, workerId: `bench:${process.pid}:1` });
  const seconds = (performance.now() - started) / 1_000;
  const ownUsage = process.cpuUsage(own);
  const busy = busyOver(cpu, machineCpu());
  const postgres = postgresSpent(postgresBefore, await postgresCpu(url));
  await expectAllDone(comparisonId, runIds.length);
  return { seconds, busy, processes: { runs: [(ownUsage.user + ownUsage.system) / 1e6], postgres } };
}

async function timeWorkers(url: string, sessions: Session[], count: number, jobs: number): Promise<{ seconds: number; busy: Busy | null; processes: ProcessCpu }> {
  const workers = await startWorkers(count, url);
  try {
    // the sessions are uploaded before the recommendation is asked for, as the single runs' are: storing 10,000
    // messages is an upload's cost (and its PostgreSQL CPU), not the recommendation's
    const sessionIds = await storeSessions(url, sessions);
    const cpu = machineCpu();
    const workersBefore = workers.map((worker) => processCpuSeconds(worker.pid));
    const postgresBefore = await postgresCpu(url);
    const started = performance.now();
    const { comparisonId } = await startIn(sessionIds);
    const { db } = await import("../lib/store/db");
    const prisma = await db();
    for (;;) {
      const ended = await prisma.run.count({ where: { comparisonId, status: { notIn: ["queued", "running"] } } });
      if (ended >= jobs) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1_000;
    const busy = busyOver(cpu, machineCpu());
    const runs = workers.map((worker, index) => processCpuSeconds(worker.pid) - workersBefore[index]);
    const postgres = postgresSpent(postgresBefore, await postgresCpu(url));
    await expectAllDone(comparisonId, jobs);
    return { seconds, busy, processes: { runs, postgres } };
  } finally {
    await stopWorkers(workers);
  }
}

/** CPU seconds per process over a phase: the processes that ran the jobs, and the PostgreSQL backends of its database. */
interface ProcessCpu {
  runs: number[];
  postgres: number;
}

function processText(processes: ProcessCpu): string {
  const runs = processes.runs.map((seconds) => seconds.toFixed(1)).join(" + ");
  return `CPU ${runs} s in the runs' process${processes.runs.length > 1 ? "es" : ""}, ${processes.postgres.toFixed(1)} s in its database's PostgreSQL backends open at the end`;
}

/** A process's user + system CPU seconds so far (Linux /proc/<pid>/stat; 0 elsewhere or once it is gone). */
function processCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // the fields after the command name (which may hold spaces) — utime and stime are the 14th and 15th
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds so far of each PostgreSQL backend now connected to `url`'s database, by pid. */
async function postgresCpu(url: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
    return new Map(rows.map((row) => [row.pid, processCpuSeconds(row.pid)]));
  } finally {
    await client.end();
  }
}

/** The CPU seconds the backends open at the end spent since the start (a backend that closed meanwhile is not counted). */
function postgresSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, seconds] of after) spent += seconds - (before.get(pid) ?? 0);
  return spent;
}

/**
 * Ends the workers: SIGTERM (they stop after the job in hand and exit, so a `--cpu-prof` profile is written), then
 * SIGKILL after 10 s.
 */
async function stopWorkers(workers: ChildProcess[]): Promise<void> {
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.exitCode !== null || worker.signalCode !== null) return resolve();
          const timer = setTimeout(() => worker.kill("SIGKILL"), 10_000);
          worker.once("exit", () => {
            clearTimeout(timer);
            resolve();
          });
          worker.kill("SIGTERM");
        }),
    ),
  );
}

async function expectAllDone(comparisonId: string, jobs: number): Promise<void> {
  const { db } = await import("../lib/store/db");
  const prisma = await db();
  const done = await prisma.run.count({ where: { comparisonId, status: "done" } });
  if (done !== jobs) throw new Error(`${jobs - done} of the recommendation's ${jobs} runs did not end done`);
}

async function freshDatabase(server: string, suffix: string, created: string[]): Promise<string> {
  const name = `lab_bench_sweep_${process.pid}_${suffix}`;
  const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  created.push(name);
  execFileSync("./node_modules/.bin/prisma", ["migrate", "deploy"], { env: { ...process.env, DATABASE_URL: url }, stdio: "ignore" });
  return url;
}

async function startWorkers(count: number, url: string): Promise<ChildProcess[]> {
  const workers = Array.from({ length: count }, () =>
    spawn(process.execPath, [...workerProfileFlags(), "--import", "tsx", "scripts/worker.ts"], { env: { ...process.env, DATABASE_URL: url, WORKER_CONCURRENCY: "1", LAB_WORKERS: "1" }, stdio: ["ignore", "pipe", "inherit"] }),
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

/** BENCH_WORKER_CPU_PROF=<dir>: each worker writes a V8 CPU profile there when it stops (`node --cpu-prof`). */
function workerProfileFlags(): string[] {
  const dir = process.env.BENCH_WORKER_CPU_PROF;
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : [];
}

/** The machine's busy and total CPU time so far (Linux /proc/stat, in clock ticks; null elsewhere). */
function machineCpu(): { busy: number; total: number } | null {
  try {
    const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3] + (fields[4] ?? 0);
    const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** The machine's busy share of all its cores between two readings, and its busy CPU seconds (the workers, this process and PostgreSQL alike). */
function busyOver(before: ReturnType<typeof machineCpu>, after: ReturnType<typeof machineCpu>): Busy | null {
  if (!before || !after || after.total === before.total) return null;
  // /proc/stat counts in USER_HZ ticks, 100 a second on Linux
  return { share: (after.busy - before.busy) / (after.total - before.total), seconds: (after.busy - before.busy) / 100 };
}

interface Busy {
  share: number;
  seconds: number;
}

function busyText(busy: Busy | null): string {
  return busy ? `machine ${(100 * busy.share).toFixed(0)}% busy (${busy.seconds.toFixed(0)} CPU s, PostgreSQL included)` : "machine load unknown";
}

function progress(what: string): void {
  process.stderr.write(`[bench] sweep: ${what}\n`);
}

function restoreEnv(saved: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function fail(message: string): never {
  throw new Error(message);
}
