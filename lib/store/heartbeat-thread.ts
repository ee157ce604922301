import path from "node:path";
import { Worker } from "node:worker_threads";
import { processSingleton } from "../process/process-singleton";
import { databaseUrl, providerOf, sqliteFile } from "./db";
import { HEARTBEAT_THREAD_SOURCE } from "./heartbeat-thread-source";
import { heartbeatIntervalMs } from "./runs";

/** How often the main thread signals the heartbeat thread that its event loop still turns. */
export const PULSE_MS = 500;

/**
 * How long the main thread may go without turning before the heartbeat thread stops beating for it: far beyond
 * any synchronous stretch of a healthy worker (a 12,000-message session's load under load held it for tens of
 * seconds, issue #38), short of pg-boss's expiry (15 min) — a process stuck in a loop must lose its runs to live
 * workers, not keep them alive for ever.
 */
export const MAIN_THREAD_STALL_MS = 5 * 60_000;

/** What the heartbeat thread reported last (for logs and tests). */
export interface HeartbeatThreadReport {
  type: "beat" | "error" | "stalled" | "stopped";
  at?: number;
  runs?: number;
  written?: number;
  message?: string;
  ms?: number;
}

/** The tables whose rows carry a job's heartbeat: runs, and judgements of a run's probes. */
export type HeartbeatTable = "Run" | "ProbeJudgement";

/** A process's heartbeat thread for one database. */
export interface HeartbeatThread {
  /**
   * beats for `runIds` of `table` (default "Run") while they are held (a run `running`, a judgement `queued` or
   * `running`) and claimed by `claimedBy` (so a run taken over by another worker is
   * never kept alive from here), until the returned function is called; counted: a run watched twice needs both
   * returned functions called
   */
  watch(options: { table?: HeartbeatTable; runIds: readonly string[]; claimedBy: string }): () => void;
  /** false once the thread died, and while its writes fail: callers write the heartbeat themselves then */
  healthy(): boolean;
  /** every report the thread sends, until the returned function is called */
  onReport(listener: (report: HeartbeatThreadReport) => void): () => void;
  stop(): Promise<void>;
}

const threads = processSingleton("heartbeat-threads", () => new Map<string, HeartbeatThread>());

/**
 * This process's heartbeat thread for DATABASE_URL, started on first use; null for an in-memory SQLite database
 * (no second connection can see it). It writes `Run.heartbeatAt` for the runs this process holds every
 * LAB_HEARTBEAT_MS on a database connection of its own, so a run's heartbeat depends neither on a free event loop
 * nor on a free connection in the Prisma pool — a long synchronous stretch on the main thread (reading and parsing
 * a 12,000-message session, a replay between its pauses) or a pool busy with other runs' reads no longer lets the
 * run look dead to the recovery sweep (issue #38, item 4: runs of a live instance were re-queued 50–57 s after
 * their claim). It beats only while the main thread still turns at least once per {@link MAIN_THREAD_STALL_MS}.
 * Holds no state anything depends on for correctness: the rows are the truth, the thread only refreshes them.
 */
export function heartbeatThread(): HeartbeatThread | null {
  const url = databaseUrl();
  const existing = threads.get(url);
  if (existing) return existing;
  const target = providerOf(url) === "postgresql" ? url : sqliteFile(url);
  if (target === null) return null;
  const thread = startHeartbeatThread({ kind: providerOf(url), target, intervalMs: heartbeatIntervalMs() });
  threads.set(url, thread);
  return thread;
}

/** Stops every heartbeat thread of this process (closes their connections; with the job queues at shutdown, and in tests). */
export async function stopHeartbeatThreads(): Promise<void> {
  const open = [...threads.values()];
  threads.clear();
  await Promise.all(open.map((thread) => thread.stop()));
}

function startHeartbeatThread(options: { kind: "sqlite" | "postgresql"; target: string; intervalMs: number }): HeartbeatThread {
  const pulse = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const pulses = new Int32Array(pulse);
  const counts = new Map<string, number>();
  const listeners = new Set<(report: HeartbeatThreadReport) => void>();
  let alive = true;
  /** its last write failed (until the next one succeeds) */
  let failing = false;
  const worker = new Worker(HEARTBEAT_THREAD_SOURCE, {
    eval: true,
    name: "lab-heartbeat",
    workerData: { ...options, stallMs: MAIN_THREAD_STALL_MS, pulse, resolveFrom: [import.meta.url, path.join(process.cwd(), "package.json")] },
  });
  worker.unref();
  const pulser = setInterval(() => Atomics.add(pulses, 0, 1), PULSE_MS);
  pulser.unref();
  const end = () => {
    alive = false;
    clearInterval(pulser);
  };
  worker.on("message", (report: HeartbeatThreadReport) => {
    if (report.type === "beat") failing = false;
    if (report.type === "error") failing = true;
    if (report.type === "error") console.error(`[jobs] the heartbeat thread could not write: ${report.message} (retrying every ${options.intervalMs} ms)`);
    if (report.type === "stalled") console.error(`[jobs] this process's event loop has not turned for ${report.ms} ms: its runs' heartbeat stops, so live workers take them over`);
    for (const listener of listeners) listener(report);
  });
  worker.on("error", (error) => {
    console.error("[jobs] the heartbeat thread failed; runs beat from the main thread:", error);
    end();
  });
  worker.on("exit", end);
  const post = () => {
    if (alive) worker.postMessage({ type: "watch", runs: [...counts.keys()].map((key) => JSON.parse(key) as [HeartbeatTable, string, string]) });
  };

  return {
    watch(options) {
      const keys = options.runIds.map((id) => JSON.stringify([options.table ?? "Run", id, options.claimedBy]));
      for (const id of keys) counts.set(id, (counts.get(id) ?? 0) + 1);
      post();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        for (const id of keys) {
          const count = (counts.get(id) ?? 1) - 1;
          if (count <= 0) counts.delete(id);
          else counts.set(id, count);
        }
        post();
      };
    },
    healthy: () => alive && !failing,
    onReport(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      if (!alive) return;
      const stopped = new Promise<void>((resolve) => {
        worker.once("exit", () => resolve());
        listeners.add((report) => report.type === "stopped" && resolve());
      });
      worker.postMessage({ type: "stop" });
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref());
      await Promise.race([stopped, timeout]);
      end();
      await worker.terminate();
    },
  };
}
