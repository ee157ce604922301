import path from "node:path";
import { Worker } from "node:worker_threads";
import { providerOf, sqliteFile } from "../store/db";

/** What an observer saw of the runs' heartbeats while they were `running`. */
export interface HeartbeatObservation {
  /** reads of the Run table made */
  polls: number;
  /** the longest time between two consecutive heartbeats of one run, in ms */
  maxGapMs: number;
  /** the oldest a running run's heartbeat was when read, in ms (what another worker's stale check would have seen) */
  maxStalenessMs: number;
  /** distinct heartbeats seen, over all runs */
  beats: number;
  /** the longest the observer itself went between two reads, in ms (its figures are only as fine as this) */
  maxPollGapMs: number;
}

// the observer's program: reads every running run's heartbeat every `pollMs` on a connection of its own, in a thread
// of its own, so a busy main thread cannot hide a gap from it
const OBSERVER_SOURCE = String.raw`
"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const { createRequire } = require("node:module");
const load = createRequire(workerData.resolveFrom);
const seen = new Map();
const result = { polls: 0, maxGapMs: 0, maxStalenessMs: 0, beats: 0, maxPollGapMs: 0 };
let stopping = false;
let lastPoll = 0;
async function main() {
  let read;
  let close;
  if (workerData.kind === "sqlite") {
    const database = new (load("better-sqlite3"))(workerData.target, { readonly: true, timeout: 5000 });
    const statement = database.prepare('SELECT "id", "heartbeatAt" AS "at" FROM "Run" WHERE "status" = ' + "'running'");
    read = async () => statement.all().map((row) => ({ id: row.id, at: Date.parse(row.at) }));
    close = async () => database.close();
  } else {
    const client = new (load("pg").Client)({ connectionString: workerData.target });
    await client.connect();
    // a row locked by a write in progress (a run's final write holds it for seconds under load) is skipped: a
    // competitor's claim or sweep would wait for that write and see its outcome, never the heartbeat before it
    read = async () => (await client.query('SELECT "id", extract(epoch from "heartbeatAt") * 1000 AS "at" FROM "Run" WHERE "status" = ' + "'running'" + " FOR UPDATE SKIP LOCKED")).rows.map((row) => ({ id: row.id, at: Math.round(Number(row.at)) }));
    close = () => client.end();
  }
  parentPort.postMessage({ type: "ready" });
  while (!stopping) {
    const rows = await read();
    // the time the rows were read (not before: a read that waited for SQLite's write lock saw them when it got it)
    const now = Date.now();
    if (lastPoll > 0) result.maxPollGapMs = Math.max(result.maxPollGapMs, now - lastPoll);
    lastPoll = now;
    for (const row of rows) {
      if (!Number.isFinite(row.at) || (workerData.runIds && !workerData.runIds.includes(row.id))) continue;
      result.maxStalenessMs = Math.max(result.maxStalenessMs, now - row.at);
      const previous = seen.get(row.id);
      if (previous !== row.at) {
        if (previous !== undefined) result.maxGapMs = Math.max(result.maxGapMs, row.at - previous);
        result.beats++;
        seen.set(row.id, row.at);
      }
    }
    result.polls++;
    await new Promise((resolve) => setTimeout(resolve, workerData.pollMs));
  }
  await close();
  parentPort.postMessage({ type: "result", result });
}
parentPort.on("message", () => { stopping = true; });
main().catch((error) => parentPort.postMessage({ type: "failed", message: String(error && error.stack || error) }));
`;

/**
 * Watches the heartbeats of the running runs (`runIds`, default every one) in the database at `url` from a thread of its own until `stop()`:
 * an observer the main thread's load cannot delay, for tests that assert no heartbeat gap goes past its bound.
 */
export async function observeHeartbeats(options: { url: string; pollMs?: number; runIds?: readonly string[] }): Promise<{ stop(): Promise<HeartbeatObservation> }> {
  const kind = providerOf(options.url);
  const target = kind === "postgresql" ? options.url : sqliteFile(options.url);
  if (target === null) throw new Error("observeHeartbeats needs a database file or server");
  const worker = new Worker(OBSERVER_SOURCE, { eval: true, workerData: { kind, target, pollMs: options.pollMs ?? 25, runIds: options.runIds ? [...options.runIds] : null, resolveFrom: path.join(process.cwd(), "package.json") } });
  const messages: Array<{ type: string; result?: HeartbeatObservation; message?: string }> = [];
  const waiters: Array<() => void> = [];
  worker.on("message", (message) => {
    messages.push(message);
    for (const wake of waiters.splice(0)) wake();
  });
  const next = async (type: string) => {
    for (;;) {
      const found = messages.find((message) => message.type === type || message.type === "failed");
      if (found) {
        if (found.type === "failed") throw new Error(`heartbeat observer: ${found.message}`);
        return found;
      }
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  await next("ready");
  return {
    async stop() {
      worker.postMessage("stop");
      const { result } = await next("result");
      await worker.terminate();
      return result!;
    },
  };
}
