import os from "node:os";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { percentile, postJson, readLines, teamHarness, uploadGenerated, type Started } from "./team-harness";

/**
 * Workers that answer while they replay (issue #28): two `npm run worker` processes (two jobs at once each) on a
 * fresh PostgreSQL database, one web instance taking requests, and the machine at full CPU load (a busy loop per
 * core). Three 16-configuration comparisons of one large generated session — trim-heavy configurations among them,
 * whose retention scoring is the longest work a job does:
 * 1. left alone, no configuration is retried (no worker takes a job from a live one: heartbeats keep up);
 * 2. each configuration cancelled while it runs ends `cancelled` within a second;
 * 3. a worker SIGKILLed while it holds jobs: they are retried on the other worker within 30 s and end `done`.
 * Workers run with the defaults (a heartbeat is stale after 10 s, pg-boss's expiry at 15 minutes), so the retry
 * comes from the stale-heartbeat sweep, not from a shortened expiry.
 */
const PG_TEST_URL = process.env.PG_TEST_URL;
const BASE = `http://127.0.0.1:${Number(process.env.E2E_WORKERS_PORT ?? 3221) + 2}`;
/**
 * long enough that most configurations are still running when the cancel test reaches them: a job's scoring and final
 * write got faster, then extractive summaries stopped waiting on the session lock (at 4,000 messages only 6 of 16
 * were still running when reached)
 */
const MESSAGES = 8_000;
const CONFIGS = [
  { strategy: "none" },
  { strategy: "trim-messages" },
  { strategy: "trim-messages", settings: { maxConversationMessages: 20 } },
  { strategy: "observation-masking" },
  { strategy: "anthropic-clear-tool-uses" },
  { strategy: "pi" },
  { strategy: "claude-code" },
  { strategy: "codex" },
  { strategy: "gemini-cli" },
  { strategy: "opencode" },
  { strategy: "openclaw" },
  { strategy: "vibe" },
  { strategy: "micro-agent" },
  { strategy: "micro-agent", settings: { maxConversationMessages: 20 } },
  { strategy: "nous" },
  { strategy: "evidence" },
];

test.describe.configure({ mode: "serial" });
test.skip(!PG_TEST_URL, "needs PG_TEST_URL (a PostgreSQL server whose role has CREATEDB): scripts/test.sh sets it up");

const team = teamHarness({ serverUrl: PG_TEST_URL ?? "postgresql://unset", prefix: "lab_answering" });
const workers: Started[] = [];
let load: Started[] = [];
let sessionId = "";

interface RunRow {
  id: string;
  status: string;
  claimedBy: string | null;
  attempts: number;
}

function workerEnv(): Record<string, string> {
  return { WORKER_CONCURRENCY: "2", NEXT_TELEMETRY_DISABLED: "1" };
}

/** Starts a 16-configuration comparison and reads its stream to the end in the background (closing it would cancel it). */
async function startComparison(): Promise<{ comparisonId: string; lines: Promise<Record<string, unknown>[]> }> {
  const response = await postJson(`${BASE}/api/sessions/${sessionId}/compare`, { configs: CONFIGS, window: 64_000 });
  let resolveId: (id: string) => void = () => undefined;
  const id = new Promise<string>((resolve) => (resolveId = resolve));
  const lines = readLines(response, (line) => {
    if (line.type === "started") resolveId(line.comparisonId as string);
  });
  lines.catch(() => undefined);
  return { comparisonId: await id, lines };
}

function runsOf(comparisonId: string): Promise<RunRow[]> {
  return team.query<RunRow>(`SELECT id, status, "claimedBy", attempts FROM "Run" WHERE "comparisonId" = $1 ORDER BY "configIndex"`, [comparisonId]);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  team.migrate();
  await team.startWeb("web", BASE, {});
  sessionId = await uploadGenerated(BASE, MESSAGES, 41);
  workers.push(await team.startWorker("worker 1", workerEnv()), await team.startWorker("worker 2", workerEnv()));
  load = team.loadCpu(Math.max(2, os.cpus().length));
});

test.afterAll(async () => {
  await team.stop();
});

test("under full CPU load, a 16-configuration comparison ends with no configuration retried: no job is taken from a live worker", async () => {
  test.setTimeout(420_000);
  expect(load.every((busy) => busy.child.exitCode === null)).toBe(true);
  const started = Date.now();
  const { comparisonId, lines } = await startComparison();
  // the oldest heartbeat of a running run, sampled while the comparison runs (stale, and taken over, at 10 s)
  let oldestHeartbeatMs = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const [row] = await team.query<{ age: number | null }>(
        `SELECT max(extract(epoch FROM (now() - "heartbeatAt")) * 1000)::float AS age FROM "Run" WHERE "comparisonId" = $1 AND status = 'running'`,
        [comparisonId],
      );
      oldestHeartbeatMs = Math.max(oldestHeartbeatMs, row?.age ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const streamed = await lines;
  sampling = false;
  await sampler;
  const runs = await runsOf(comparisonId);
  // by worker process (a claim is host:pid:slot)
  const byWorker = new Map<string, number>();
  for (const run of runs) {
    const process = (run.claimedBy ?? "none").split(":").slice(0, 2).join(":");
    byWorker.set(process, (byWorker.get(process) ?? 0) + 1);
  }
  console.log(
    `16 configurations of a ${MESSAGES}-message session under ${load.length} busy loops: ${Math.round((Date.now() - started) / 1000)} s; ` +
      `oldest heartbeat seen ${Math.round(oldestHeartbeatMs)} ms; by worker ${JSON.stringify(Object.fromEntries(byWorker))}; retried ${runs.filter((run) => run.attempts > 1).length}`,
  );
  expect(streamed.at(-1)).toMatchObject({ type: "done", rows: 16, failed: 0 });
  expect(runs).toHaveLength(16);
  expect(runs.filter((run) => run.status !== "done")).toEqual([]);
  expect(runs.filter((run) => run.attempts !== 1)).toEqual([]);
  expect(byWorker.size).toBe(2);
  expect(oldestHeartbeatMs).toBeLessThan(10_000);
});

test("under full CPU load, each running configuration cancelled ends cancelled within a second", async () => {
  test.setTimeout(420_000);
  const { comparisonId, lines } = await startComparison();
  const latencies: { index: number; ms: number; requestMs: number; ranMs: number }[] = [];
  const watcher = new pg.Client({ connectionString: team.databaseUrl });
  await watcher.connect();
  const seenRunning = new Map<string, number>();
  const cancelled = new Set<string>();
  let index = 0;
  const deadline = Date.now() + 240_000;
  for (;;) {
    const runs = await runsOf(comparisonId);
    if (runs.every((run) => run.status !== "queued" && run.status !== "running")) break;
    expect(Date.now()).toBeLessThan(deadline);
    for (const run of runs) {
      if (run.status !== "running" || cancelled.has(run.id)) continue;
      const since = seenRunning.get(run.id) ?? Date.now();
      seenRunning.set(run.id, since);
      // cancelled at different points of its work: 0.1 s to 1.3 s after it was seen running (on a quiet machine a
      // configuration of this session runs for a few seconds, so later points would find most of them already done)
      const after = 100 + (index % 7) * 200;
      if (Date.now() - since < after) continue;
      cancelled.add(run.id);
      const configIndex = index++;
      const sent = Date.now();
      const answer = (await (await postJson(`${BASE}/api/runs/${run.id}/cancel`, {})).json()) as { cancelling: boolean };
      const recorded = Date.now();
      // it ended meanwhile (a quick configuration): nothing to cancel
      if (!answer.cancelling) {
        cancelled.delete(run.id);
        continue;
      }
      // polled on one open connection, so the figure is the run's, not the poll's
      let status = "running";
      while (status === "running" && Date.now() - sent < 60_000) {
        status = (await watcher.query<{ status: string }>(`SELECT status FROM "Run" WHERE id = $1`, [run.id])).rows[0].status;
        if (status === "running") await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const endedAt = Date.now();
      expect(status, `run ${run.id}, cancelled ${sent - since} ms after it started`).toBe("cancelled");
      latencies.push({ index: configIndex, ms: endedAt - sent, requestMs: recorded - sent, ranMs: sent - since });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await lines;
  await watcher.end();
  const ms = latencies.map((entry) => entry.ms);
  // the worker's share: from the cancel recorded (the web instance answered) to the run stored `cancelled`
  const workerMs = latencies.map((entry) => entry.ms - entry.requestMs);
  console.log(
    `cancel under full load, ${ms.length} configurations — request sent → cancelled: p50 ${percentile(ms, 50)} ms, p95 ${percentile(ms, 95)} ms, max ${Math.max(...ms)} ms; ` +
      `cancel recorded → cancelled: p50 ${percentile(workerMs, 50)} ms, p95 ${percentile(workerMs, 95)} ms, max ${Math.max(...workerMs)} ms; each: ${JSON.stringify(latencies)}`,
  );
  const runs = await runsOf(comparisonId);
  console.log(`ended: ${JSON.stringify(runs.map((run) => run.status))}`);
  // most configurations run for seconds under this load: they were cancelled while they ran, none ended done after it
  expect(ms.length).toBeGreaterThanOrEqual(8);
  expect(runs.filter((run) => cancelled.has(run.id) && run.status !== "cancelled")).toEqual([]);
  // p95 under a second, as the issue asks (a loaded machine is noisy), for the worker's share; the request to the
  // web instance, competing for the same cores, is printed above beside it
  expect(percentile(workerMs, 95)).toBeLessThan(1_000);
});

test("a worker SIGKILLed holding jobs: they are retried on the other worker within 30 s and end done", async () => {
  test.setTimeout(420_000);
  const { comparisonId, lines } = await startComparison();
  const victim = workers[0];
  const marker = `:${victim.child.pid}:`;
  let held: RunRow[] = [];
  await team.waitFor(async () => {
    held = (await runsOf(comparisonId)).filter((run) => run.status === "running" && run.claimedBy?.includes(marker));
    return held.length === 2;
  }, "worker 1 to hold two jobs", 120_000, 50);
  victim.child.kill("SIGKILL");
  const killedAt = Date.now();
  const retriedAfter = new Map<string, number>();
  await team.waitFor(async () => {
    for (const run of await team.query<RunRow>(`SELECT id, status, "claimedBy", attempts FROM "Run" WHERE id = ANY($1)`, [held.map((run) => run.id)])) {
      if (!retriedAfter.has(run.id) && run.attempts >= 2 && !run.claimedBy?.includes(marker)) retriedAfter.set(run.id, Date.now() - killedAt);
    }
    return retriedAfter.size === held.length;
  }, "the killed worker's jobs to be retried elsewhere", 60_000, 100);
  const streamed = await lines;
  const runs = await runsOf(comparisonId);
  console.log(`worker 1 SIGKILLed holding ${held.length} jobs: retried on worker 2 after ${JSON.stringify([...retriedAfter.values()])} ms; the comparison ended ${Math.round((Date.now() - killedAt) / 1000)} s after the kill`);
  expect([...retriedAfter.values()].every((ms) => ms < 30_000)).toBe(true);
  expect(streamed.at(-1)).toMatchObject({ type: "done", rows: 16, failed: 0 });
  expect(runs.filter((run) => run.status !== "done")).toEqual([]);
  // only the jobs the killed worker held were tried twice
  expect(runs.filter((run) => run.attempts > 1).map((run) => run.id).sort()).toEqual(held.map((run) => run.id).sort());
});
