import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { generateSession } from "../../lib/generator/generate-session";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "../../lib/testing/fake-llm/fake-anthropic-server";
import { dropPgDatabase } from "../../lib/testing/drop-pg-database";
import { exportOpenAI } from "../../lib/transcripts/export-openai";

/**
 * Team mode on PostgreSQL with real processes (issue #11): two web instances (`next start`, LAB_WORKERS=0: they only
 * take requests) and two `npm run worker` processes on one fresh database, pg-boss carrying the jobs. Workers get a
 * short job expiry and heartbeat staleness, so a SIGKILLed worker's job is retried within seconds.
 */
const PG_TEST_URL = process.env.PG_TEST_URL;
const BASE_PORT = Number(process.env.E2E_WORKERS_PORT ?? 3221);
const WEB = [0, 1].map((index) => `http://127.0.0.1:${BASE_PORT + index}`);
const SWEEP_X = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const SWEEP_Y = [500, 1_000, 1_500, 2_000, 2_500, 3_000, 3_500, 4_000, 4_500, 5_000];

test.describe.configure({ mode: "serial" });
test.skip(!PG_TEST_URL, "needs PG_TEST_URL (a PostgreSQL server whose role has CREATEDB): scripts/test.sh sets it up");

let databaseUrl = "";
let databaseName = "";
let fake: FakeAnthropicServer;
const processes: { name: string; child: ChildProcess; output: string[] }[] = [];
const workers: { name: string; child: ChildProcess; output: string[] }[] = [];

function start(name: string, command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: false });
  const entry = { name, child, output: [] as string[] };
  const keep = (chunk: Buffer) => {
    entry.output.push(chunk.toString());
    if (entry.output.length > 400) entry.output.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  processes.push(entry);
  return entry;
}

function workerEnv(): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    WORKER_CONCURRENCY: "1",
    LAB_JOB_EXPIRE_SECONDS: "6",
    LAB_STALE_HEARTBEAT_MS: "4000",
    LAB_JOB_MAINTENANCE_SECONDS: "1",
    ANTHROPIC_API_KEY: "workers-e2e-key",
    ANTHROPIC_BASE_URL: fake.url,
    NEXT_TELEMETRY_DISABLED: "1",
  };
}

function startWorker(name: string) {
  const worker = start(name, process.execPath, ["--import", "tsx", "scripts/worker.ts"], workerEnv());
  workers.push(worker);
  return worker;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000, everyMs = 250): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`timed out waiting for ${what}\n${processes.map((entry) => `--- ${entry.name}\n${entry.output.join("").slice(-2_000)}`).join("\n")}`);
}

async function upload(base: string, messages: number, seed: number): Promise<string> {
  const body = JSON.stringify(exportOpenAI(generateSession({ seed, messages })));
  const form = new FormData();
  form.set("file", new Blob([body]), `generated-${seed}.json`);
  const response = await fetch(`${base}/api/sessions`, { method: "POST", body: form, headers: { origin: base } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Reads an NDJSON response line by line, calling `onLine` until it returns true (then stops reading) or the stream ends. */
async function readLines(response: Response, onLine: (line: Record<string, unknown>) => boolean | void = () => false): Promise<Record<string, unknown>[]> {
  expect(response.status, response.status === 200 ? "" : await response.clone().text()).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const lines: Record<string, unknown>[] = [];
  let buffer = "";
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = JSON.parse(buffer.slice(0, newline)) as Record<string, unknown>;
      buffer = buffer.slice(newline + 1);
      lines.push(line);
      if (onLine(line)) {
        await reader.cancel();
        return lines;
      }
      newline = buffer.indexOf("\n");
    }
  }
  return lines;
}

function post(url: string, body: unknown): Promise<Response> {
  const origin = new URL(url).origin;
  return fetch(url, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", origin } });
}

async function query<Row>(sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fake = await startFakeAnthropicServer({ port: 0, slowMs: 30_000 });
  const server = new URL(PG_TEST_URL!);
  databaseName = `lab_workers_${process.pid}_${Date.now()}`;
  databaseUrl = Object.assign(new URL(server), { pathname: `/${databaseName}` }).toString();
  execFileSync("./node_modules/.bin/prisma", ["migrate", "deploy"], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: "ignore" });
  for (const [index, base] of WEB.entries()) {
    const port = new URL(base).port;
    start(`web ${index === 0 ? "A" : "B"}`, "bash", ["scripts/next-start.sh", "-p", port, "-H", "127.0.0.1"], { ...workerEnv(), LAB_WORKERS: "0" });
  }
  for (const base of WEB) await waitFor(async () => (await fetch(`${base}/api/health`)).ok, `${base}/api/health`, 90_000);
  startWorker("worker 1");
  startWorker("worker 2");
  await waitFor(async () => workers.every((worker) => worker.output.join("").includes("job(s) at once")), "both workers to start", 60_000);
});

test.afterAll(async () => {
  for (const entry of processes) entry.child.kill("SIGKILL");
  await fake?.close();
  if (databaseName) {
    await dropPgDatabase(PG_TEST_URL!, databaseName).catch(() => undefined);
  }
});

test("a 120-job sweep is split across both workers; one SIGKILLed mid-sweep, the sweep still ends with exactly 120 results, none twice", async () => {
  test.setTimeout(240_000);
  // long enough that each job takes a few hundred milliseconds: a worker is caught holding one
  const sessionId = await upload(WEB[0], 2_000, 31);
  let streamed: Record<string, unknown>[] = [];
  const reading = post(`${WEB[0]}/api/sessions/${sessionId}/sweep`, { strategy: "evidence", window: 32_000, x: { key: "keepToolResults", values: SWEEP_X }, y: { key: "softTrimChars", values: SWEEP_Y } }).then((response) =>
    readLines(response, (line) => {
      streamed.push(line);
      return false;
    }),
  );
  reading.catch(() => undefined);
  // mid-sweep, while it holds a job: kill worker 1 without a chance to clean up
  const victim = workers[0];
  const victimPrefix = `:${victim.child.pid}:`;
  let held: { id: string } | undefined;
  await waitFor(async () => {
    const done = await query<{ count: string }>(`SELECT count(*) FROM "Run" WHERE status = 'done'`);
    if (Number(done[0].count) < 30) return false;
    // mid-replay (its live progress under half way), not in its final write, which PostgreSQL would finish anyway
    [held] = await query<{ id: string }>(
      `SELECT id FROM "Run" WHERE status = 'running' AND "claimedBy" LIKE $1 AND progress IS NOT NULL AND (progress->>'step')::int * 2 < (progress->>'totalSteps')::int`,
      [`%${victimPrefix}%`],
    );
    return held !== undefined;
  }, "worker 1 to hold a job after 30 results", 120_000, 50).catch(async (error: Error) => {
    const statuses = await query<{ status: string; count: string }>(`SELECT status, count(*) FROM "Run" GROUP BY status`);
    throw new Error(`${error.message}\nruns: ${JSON.stringify(statuses)}\nstream: ${JSON.stringify(streamed.slice(0, 3)).slice(0, 1_000)}`);
  });
  victim.child.kill("SIGKILL");
  const killedAt = Date.now();
  const lines = await reading;
  console.log(`worker 1 (pid ${victim.child.pid}) SIGKILLed holding run ${held!.id}; the sweep ended ${Math.round((Date.now() - killedAt) / 1000)} s later`);
  expect(lines.at(-1)).toMatchObject({ type: "done", rows: 120, failed: 0 });
  const comparisonId = (lines[0] as { comparisonId: string }).comparisonId;
  const stored = await query<{ id: string; status: string; claimedBy: string; attempts: number; has_row: boolean }>(
    `SELECT id, status, "claimedBy", attempts, "row" IS NOT NULL AS has_row FROM "Run" WHERE "comparisonId" = $1`,
    [comparisonId],
  );
  expect(stored).toHaveLength(120);
  expect(stored.every((run) => run.status === "done" && run.has_row)).toBe(true);
  const rowLines = lines.filter((line) => line.type === "row");
  expect(rowLines).toHaveLength(120);
  expect(new Set(rowLines.map((line) => line.runId)).size).toBe(120);
  const byWorker = new Map<string, number>();
  for (const run of stored) byWorker.set(run.claimedBy, (byWorker.get(run.claimedBy) ?? 0) + 1);
  console.log(`120-job sweep, jobs by worker: ${JSON.stringify(Object.fromEntries(byWorker))}; retried: ${stored.filter((run) => run.attempts > 1).length}`);
  expect(byWorker.size).toBeGreaterThanOrEqual(2);
  expect([...byWorker.values()].every((count) => count > 0)).toBe(true);
  // the killed worker's job was retried by the other one and written once
  const [retried] = await query<{ status: string; claimedBy: string; attempts: number }>(`SELECT status, "claimedBy", attempts FROM "Run" WHERE id = $1`, [held!.id]);
  expect(retried.status).toBe("done");
  expect(retried.attempts).toBeGreaterThanOrEqual(2);
  expect(retried.claimedBy).not.toContain(victimPrefix);
  // a replacement worker for the next tests
  workers.splice(workers.indexOf(victim), 1);
  startWorker("worker 3");
  await waitFor(async () => workers.every((worker) => worker.output.join("").includes("job(s) at once")), "the replacement worker to start");
});

test("a run started through instance A is followed and cancelled through instance B within 2 seconds", async () => {
  const t0 = Date.now();
  const sessionId = await upload(WEB[0], 400, 32);
  const t1 = Date.now();
  // the fake server answers this model's summaries after 30 s: the run is mid-summary for a long while
  const started = await readLines(await post(`${WEB[0]}/api/sessions/${sessionId}/runs`, { strategy: "opencode", window: 20_000, summarizer: "anthropic", model: "fake-slow" }), (line) => line.type === "started");
  const runId = started[0].runId as string;
  let cancelledAt = 0;
  let cancelResponse: unknown = null;
  const followed = await readLines(await fetch(`${WEB[1]}/api/runs/${runId}/stream`), (line) => {
    if (line.type === "event" && (line.event as { type: string }).type === "compaction-start" && !cancelledAt) {
      cancelledAt = Date.now();
      void post(`${WEB[1]}/api/runs/${runId}/cancel`, {}).then(async (response) => (cancelResponse = await response.json()));
    }
    return false;
  });
  const elapsed = Date.now() - cancelledAt;
  console.log(`upload ${t1 - t0} ms, compaction-start seen on B ${cancelledAt - t1} ms after; followed on B: ${followed.length} lines; cancelled through B, ended ${elapsed} ms after the request`);
  expect(cancelledAt).toBeGreaterThan(0);
  expect(followed.at(-1)).toMatchObject({ type: "error", error: { code: "cancelled" }, run: { id: runId, status: "cancelled" } });
  expect(elapsed).toBeLessThan(2_000);
  await expect.poll(() => cancelResponse).toMatchObject({ runId, cancelling: true });
});

test("50 concurrent run requests on one session, through both instances, all end done with intact results", async () => {
  test.setTimeout(240_000);
  const sessionId = await upload(WEB[1], 300, 33);
  const strategies = ["opencode", "pi", "evidence", "trim-messages", "codex"];
  const streams = await Promise.all(
    Array.from({ length: 50 }, (_, index) => post(`${WEB[index % 2]}/api/sessions/${sessionId}/runs`, { strategy: strategies[index % strategies.length], window: 16_000 }).then((response) => readLines(response))),
  );
  const ends = streams.map((lines) => lines.at(-1) as { type: string; run: { id: string; status: string } });
  expect(ends.filter((end) => end.type === "done" && end.run.status === "done")).toHaveLength(50);
  expect(new Set(ends.map((end) => end.run.id)).size).toBe(50);
  for (const [index, lines] of streams.entries()) {
    const runId = (lines[0] as { runId: string }).runId;
    const totalSteps = (lines[0] as { totalSteps: number }).totalSteps;
    const detail = (await (await fetch(`${WEB[(index + 1) % 2]}/api/runs/${runId}`)).json()) as { status: string; result: { steps: unknown[] } | null };
    expect(detail.status).toBe("done");
    expect(detail.result!.steps).toHaveLength(totalSteps);
  }
  const byWorker = await query<{ claimedBy: string; count: string }>(`SELECT "claimedBy", count(*) FROM "Run" WHERE "sessionId" = $1 GROUP BY "claimedBy"`, [sessionId]);
  console.log(`50 runs by worker: ${JSON.stringify(Object.fromEntries(byWorker.map((row) => [row.claimedBy, Number(row.count)])))}`);
});
