/**
 * The heartbeat thread's program (see heartbeat-thread.ts), as source text for `new Worker(source, { eval: true })`:
 * a thread started from a file would need that file's path at run time, which the Next.js server bundle, `npm run
 * worker` (tsx) and the tests each resolve differently; a string runs the same everywhere. Plain CommonJS that
 * Node runs as is — keep it small: its behaviour is tested through heartbeat-thread.test.ts, not typechecked.
 *
 * workerData: `kind` ("sqlite" | "postgresql"), `target` (the SQLite file's absolute path, or PostgreSQL's
 * connection string), `resolveFrom` (files, tried in order, whose node_modules hold better-sqlite3 / pg), `intervalMs`, `stallMs`
 * and `pulse` (a SharedArrayBuffer of one Int32 the main thread bumps while its event loop turns).
 *
 * Messages in: `{ type: "watch", runs }` (the full set of [table, id, claimedBy] to beat for — table "Run" or
 * "ProbeJudgement": a row's heartbeat is written only while it is held (a run `running`, a judgement `queued` or
 * `running`) and claimed by that worker;
 * empty closes the connection),
 * `{ type: "stop" }`. Messages out: `{ type: "beat", at, runs, written }` after each write, `{ type: "error",
 * message }` on the first failure of a streak, `{ type: "stalled", ms }` once when the main thread has not turned for
 * `stallMs` (the thread stops beating then, so a hung process loses its runs to live workers), `{ type: "stopped" }`.
 *
 * The SQL writes exactly what Prisma writes for `heartbeatAt`: on SQLite an ISO-8601 text with `+00:00` (the
 * better-sqlite3 adapter's default format), on PostgreSQL a `timestamp(3)` in UTC; the clock is this process's,
 * as for the stale check (recoverStaleRuns, claimRun).
 */
export const HEARTBEAT_THREAD_SOURCE = String.raw`
"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const { createRequire } = require("node:module");
function load(name) {
  let failure = null;
  for (const from of workerData.resolveFrom) {
    try {
      return createRequire(from)(name);
    } catch (error) {
      failure = failure || error;
    }
  }
  throw failure;
}
const pulse = new Int32Array(workerData.pulse);
// the only tables beaten (quoted) and the states in which their rows are: a run while running; a judgement while
// queued too (it is claimed by the instance that accepted it from the start, waiting there for a slot)
const TABLES = { Run: ['"Run"', "('running')"], ProbeJudgement: ['"ProbeJudgement"', "('queued', 'running')"] };
let runs = [];
let connection = null;
let failing = false;
let stalled = false;
let stopping = false;
let lastPulse = Atomics.load(pulse, 0);
let lastPulseAt = Date.now();
let timer = null;

async function open() {
  if (workerData.kind === "sqlite") {
    const Database = load("better-sqlite3");
    const database = new Database(workerData.target, { fileMustExist: true, timeout: 5000 });
    return {
      async beat([table, held], pairs, at) {
        const marks = pairs.map(() => "(?, ?)").join(",");
        const statement = database.prepare("UPDATE " + table + ' SET "heartbeatAt" = ? WHERE "status" IN ' + held + ' AND ("id", "claimedBy") IN (VALUES ' + marks + ")");
        return statement.run(at.toISOString().replace("Z", "+00:00"), ...pairs.flat()).changes;
      },
      async close() {
        database.close();
      },
    };
  }
  const { Client } = load("pg");
  const client = new Client({ connectionString: workerData.target, application_name: "compaction-lab-heartbeat", connectionTimeoutMillis: 5000 });
  client.on("error", () => undefined);
  await client.connect();
  return {
    async beat([table, held], pairs, at) {
      const sql = "UPDATE " + table + ' AS target SET "heartbeatAt" = ($1::timestamptz AT TIME ZONE ' + "'UTC'" + ') FROM unnest($2::text[], $3::text[]) AS watched(id, claimant)' +
        ' WHERE target."id" = watched.id AND target."claimedBy" = watched.claimant AND target."status" IN ' + held;
      const result = await client.query(sql, [at.toISOString(), pairs.map((pair) => pair[0]), pairs.map((pair) => pair[1])]);
      return result.rowCount;
    },
    async close() {
      await client.end();
    },
  };
}

async function close() {
  const open = connection;
  connection = null;
  if (open) await open.close().catch(() => undefined);
}

async function tick() {
  timer = null;
  if (stopping) return;
  const now = Date.now();
  const current = Atomics.load(pulse, 0);
  if (current !== lastPulse) {
    lastPulse = current;
    lastPulseAt = now;
    stalled = false;
  }
  if (now - lastPulseAt > workerData.stallMs) {
    if (!stalled) parentPort.postMessage({ type: "stalled", ms: now - lastPulseAt });
    stalled = true;
  } else if (runs.length > 0) {
    const pairs = runs;
    try {
      connection = connection || (await open());
      const at = new Date();
      let written = 0;
      for (const [name, table] of Object.entries(TABLES)) {
        const ofTable = pairs.filter((entry) => entry[0] === name).map((entry) => [entry[1], entry[2]]);
        if (ofTable.length > 0) written += await connection.beat(table, ofTable, at);
      }
      failing = false;
      parentPort.postMessage({ type: "beat", at: at.getTime(), runs: pairs.length, written });
    } catch (error) {
      if (!failing) parentPort.postMessage({ type: "error", message: error && error.message ? error.message : String(error) });
      failing = true;
      await close();
    }
  } else if (connection) {
    await close();
  }
  if (!stopping) timer = setTimeout(tick, workerData.intervalMs);
}

parentPort.on("message", async (message) => {
  if (message.type === "watch") {
    const starting = runs.length === 0 && message.runs.length > 0;
    runs = message.runs;
    // a run that just started is beaten at once, then on the interval
    if (starting && timer !== null) {
      clearTimeout(timer);
      void tick();
    }
  } else if (message.type === "stop") {
    stopping = true;
    if (timer !== null) clearTimeout(timer);
    await close();
    parentPort.postMessage({ type: "stopped" });
    parentPort.close();
  }
});
timer = setTimeout(tick, workerData.intervalMs);
`;
