// `npm run worker`: a job worker process (issue #11). On any machine with DATABASE_URL (PostgreSQL: pg-boss; SQLite:
// the embedded queue on the same file) it replays queued runs, comparisons and sweeps — WORKER_CONCURRENCY jobs at
// once (default from cores and heap) — until SIGINT/SIGTERM, which stop it after the jobs in hand (a second signal
// exits at once; a job left behind is retried by another worker once it expires, see lib/jobs/job-queue.ts).
import { exitOnBadEnv } from "../lib/env/exit-on-bad-env";
import { databaseUrl, db, closeDatabases } from "../lib/store/db";
import { jobQueue, stopJobQueues, workerConcurrency } from "../lib/jobs/job-queue";
import { surviveConnectionLoss } from "../lib/store/survive-connection-loss";

exitOnBadEnv("worker");
surviveConnectionLoss("worker");

const redacted = databaseUrl().replace(/\/\/[^@/]*@/, "//***@");
await db();
const queue = await jobQueue();
const concurrency = workerConcurrency();
await queue.startWorkers({ concurrency });
console.log(`[worker] ${queue.kind} on ${redacted}: ${concurrency} job(s) at once as ${queue.workerIds.join(", ")}`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) process.exit(130);
  stopping = true;
  console.log(`[worker] ${signal}: stopping`);
  await stopJobQueues();
  await closeDatabases();
  process.exit(0);
};
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
// keep the process alive: the queue's timers are unref'd so tests and servers can exit freely
setInterval(() => undefined, 1 << 30);
