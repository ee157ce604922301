import os from "node:os";
import { databaseUrl, providerOf } from "../store/db";
import { countQueuedRuns, nextQueuedRuns, recoverStaleRuns, staleQueuedRuns } from "../store/run-jobs";
import { maxConcurrentRuns } from "../runs/run-slots";
import { runJob } from "./run-job";
import { processSingleton } from "../process/process-singleton";
import { readEnv, type RawEnv } from "../env/read-env";
import { stopHeartbeatThreads } from "../store/heartbeat-thread";

/**
 * Where runs go to be replayed (issue #11). One interface, two back ends, chosen by DATABASE_URL:
 * - SQLite (the embedded default): the rows themselves are the queue; each process's worker claims `queued` runs
 *   with a conditional write (lib/store/run-jobs.ts claimRun) and is woken at once by an enqueue in its process.
 * - PostgreSQL: pg-boss carries one job per run (never a home-made scheduler); workers on any machine with
 *   DATABASE_URL (`npm run worker`, and web instances unless LAB_WORKERS=0) fetch them; the run's row, not the job,
 *   says who replays it: a worker that dies holding a run stops its heartbeat, and the sweep re-queues the run and
 *   sends a new job within seconds (stale after 10 s); one that died after fetching a job but before claiming its
 *   run leaves the run `queued` with no job waiting, which the sweep sends again after {@link UNCLAIMED_AFTER_MS}.
 *   pg-boss's own expiry (LAB_JOB_EXPIRE_SECONDS) is only the last resort. The run's claim and its one conditional
 *   final write make each result exactly once.
 * Both back ends also sweep every {@link SWEEP_MS} ms: a run whose worker stopped heartbeating is re-queued (or ends
 * `failed` / `interrupted` with the reason, see recoverStaleRuns).
 */
export interface JobQueue {
  readonly kind: "embedded" | "pg-boss";
  /** hands stored `queued` runs to the workers */
  enqueue(runIds: readonly string[]): Promise<void>;
  /** starts this process's workers (idempotent); `concurrency` jobs at once */
  startWorkers(options: { concurrency: number }): Promise<void>;
  /** ids of this process's workers (host:pid:n) */
  readonly workerIds: readonly string[];
  stop(): Promise<void>;
}

/** How often workers look for runs whose worker died. */
export const SWEEP_MS = 5_000;

/** A run still `queued` this long after it was stored, with no job waiting for it, is sent again (see the sweep). */
export const UNCLAIMED_AFTER_MS = 10_000;

/** pg-boss's queue of runs. */
export const RUN_QUEUE = "lab-run";

/** Parallel jobs of this process's worker: WORKER_CONCURRENCY, else LAB_MAX_CONCURRENT_RUNS, else from cores and heap. */
export function workerConcurrency(env?: RawEnv): number {
  return readEnv(env).WORKER_CONCURRENCY ?? maxConcurrentRuns(env);
}

/** Web instances run workers too unless LAB_WORKERS=0 (then only `npm run worker` processes replay). */
export function webWorkersEnabled(env?: RawEnv): boolean {
  return readEnv(env).LAB_WORKERS;
}

const queues = processSingleton("job-queues", () => new Map<string, Promise<JobQueue>>());

/** This process's queue for DATABASE_URL (one per database; per process, it only holds connections and workers). */
export function jobQueue(): Promise<JobQueue> {
  const url = databaseUrl();
  let queue = queues.get(url);
  if (!queue) {
    queue = providerOf(url) === "postgresql" ? createPgBossQueue(url) : Promise.resolve(createEmbeddedQueue());
    queues.set(url, queue);
    queue.catch(() => queues.delete(url));
  }
  return queue;
}

/** Stops every queue this process opened (tests, scripts, a worker's shutdown). */
export async function stopJobQueues(): Promise<void> {
  const open = [...queues.values()];
  queues.clear();
  await Promise.all(open.map(async (queue) => (await queue.catch(() => null))?.stop()));
  await stopHeartbeatThreads();
}

/**
 * Makes sure this process replays jobs when it should (web instances unless LAB_WORKERS=0): starts its workers on
 * the first call. Called at server start (instrumentation.ts) and before any job is enqueued.
 */
export async function ensureWebWorkers(): Promise<JobQueue> {
  const queue = await jobQueue();
  if (webWorkersEnabled()) await queue.startWorkers({ concurrency: workerConcurrency() });
  return queue;
}

function workerIdPrefix(): string {
  return `${os.hostname()}:${process.pid}`;
}

function createEmbeddedQueue(): JobQueue {
  let concurrency = 0;
  const workerIds: string[] = [];
  const inFlight = new Set<string>();
  let filling = false;
  let again = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let lastSweep = 0;
  let stopped = false;

  const fill = async () => {
    if (concurrency === 0 || stopped) return;
    if (filling) {
      again = true;
      return;
    }
    filling = true;
    try {
      do {
        again = false;
        if (Date.now() - lastSweep >= SWEEP_MS) {
          lastSweep = Date.now();
          await recoverStaleRuns().catch((error: unknown) => console.error("[jobs] recovery sweep failed:", error));
        }
        while (inFlight.size < concurrency && !stopped) {
          const ids = (await nextQueuedRuns(concurrency + inFlight.size)).filter((id) => !inFlight.has(id));
          if (ids.length === 0) break;
          for (const id of ids) {
            if (inFlight.size >= concurrency) break;
            const slot = freeSlot();
            inFlight.add(id);
            void runJob({ runId: id, workerId: slot })
              .catch((error: unknown) => console.error(`[jobs] run ${id}:`, error))
              .finally(() => {
                inFlight.delete(id);
                busySlots.delete(slot);
                void fill();
              });
          }
        }
      } while (again && !stopped);
    } catch (error) {
      console.error("[jobs] the embedded worker could not read the queue:", error);
    } finally {
      filling = false;
    }
  };
  const busySlots = new Set<string>();
  const freeSlot = () => {
    const slot = workerIds.find((id) => !busySlots.has(id)) ?? workerIds[0];
    busySlots.add(slot);
    return slot;
  };

  return {
    kind: "embedded",
    get workerIds() {
      return workerIds;
    },
    async enqueue() {
      // the rows are the queue: wake this process's worker (other processes find them on their next poll)
      void fill();
    },
    async startWorkers(options) {
      if (concurrency > 0) return;
      concurrency = options.concurrency;
      for (let index = 1; index <= concurrency; index++) workerIds.push(`${workerIdPrefix()}:${index}`);
      timer = setInterval(() => void fill(), 1_000);
      timer.unref?.();
      void fill();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

/** LAB_JOB_EXPIRE_SECONDS: how long a pg-boss job may stay active before it is presumed dead and retried (default 15 min). */
function jobExpireSeconds(): number {
  return readEnv().LAB_JOB_EXPIRE_SECONDS;
}

/**
 * Creates pg-boss's queue of runs unless it exists. Processes starting together on a fresh database race to create
 * it (PostgreSQL reports a deadlock or a duplicate to the losers): a loser checks again after a short pause.
 */
async function ensureQueue(boss: InstanceType<typeof import("pg-boss")>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (await boss.getQueue(RUN_QUEUE)) return;
      await boss.createQueue(RUN_QUEUE, { name: RUN_QUEUE, retryLimit: 10, retryDelay: 2, expireInSeconds: jobExpireSeconds() });
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt + Math.random() * 200));
    }
  }
}

async function createPgBossQueue(url: string): Promise<JobQueue> {
  const { default: PgBoss } = await import("pg-boss");
  const maintenance = readEnv().LAB_JOB_MAINTENANCE_SECONDS;
  const boss = new PgBoss({
    connectionString: url,
    schema: "pgboss",
    application_name: "compaction-lab",
    max: 4,
    ...(maintenance !== undefined ? { maintenanceIntervalSeconds: maintenance } : {}),
  });
  boss.on("error", (error) => console.error("[jobs] pg-boss:", error.message));
  await boss.start();
  // retries: a job whose worker died (expired) or whose run is held by a live worker; bounded, then `failed`
  await ensureQueue(boss);
  const workerIds: string[] = [];
  let sweeper: ReturnType<typeof setInterval> | undefined;

  /** `priority` 1: a run taken back from a dead worker goes before the backlog (fetched first), so it resumes at the next free slot */
  const send = async (runIds: readonly string[], priority = 0) => {
    if (runIds.length === 0) return;
    await boss.insert(runIds.map((runId) => ({ name: RUN_QUEUE, data: { runId }, priority, expireInSeconds: jobExpireSeconds(), retryLimit: 10, retryDelay: 2 })));
  };
  const sweep = async () => {
    try {
      const { requeued } = await recoverStaleRuns();
      await send(requeued, 1);
      // runs `queued` without a job waiting for them: a worker that fetched their job died before it claimed the
      // run (the job stays active until it expires), or an instance died between storing and sending them. When the
      // database holds more queued runs than pg-boss has jobs waiting (created or retry), re-send that many of the
      // oldest queued for over UNCLAIMED_AFTER_MS (a live worker claims within milliseconds of fetching; claims
      // make a duplicate harmless; the count keeps a long backlog from being sent twice)
      const waiting = await boss.getQueueSize(RUN_QUEUE, { before: "active" });
      const unsent = (await countQueuedRuns()) - waiting;
      if (unsent > 0) await send(await staleQueuedRuns(new Date(Date.now() - UNCLAIMED_AFTER_MS), unsent), 1);
    } catch (error) {
      console.error("[jobs] recovery sweep failed:", error);
    }
  };

  return {
    kind: "pg-boss",
    get workerIds() {
      return workerIds;
    },
    enqueue: (runIds) => send(runIds),
    async startWorkers(options) {
      if (workerIds.length > 0) return;
      for (let index = 1; index <= options.concurrency; index++) {
        const workerId = `${workerIdPrefix()}:${index}`;
        workerIds.push(workerId);
        let bossWorkerId: string | undefined;
        bossWorkerId = await boss.work<{ runId: string }>(RUN_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
          // `busy`: a live worker holds the run (this job is a duplicate, or a retry after an expiry): that worker
          // owns it now, and should it die, the sweep re-queues the run and sends a new job — this one is complete
          await runJob({ runId: job.data.runId, workerId });
          // fetch the next job at once: pg-boss otherwise sleeps out the rest of its polling interval after any job
          // shorter than it (a 0.1 s replay left the worker idle for 0.4 s: a sweep of short replays ran at a fifth
          // of its speed). An empty fetch then waits the interval as before.
          if (bossWorkerId !== undefined) boss.notifyWorker(bossWorkerId);
        });
      }
      sweeper = setInterval(() => void sweep(), SWEEP_MS);
      sweeper.unref?.();
      void sweep();
    },
    async stop() {
      clearInterval(sweeper);
      await boss.stop({ graceful: false, wait: true, close: true }).catch(() => undefined);
    },
  };
}
