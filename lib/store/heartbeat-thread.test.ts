import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSession } from "../generator/generate-session";
import { observeHeartbeats } from "../testing/observe-heartbeats";
import { PG_TEST_URL, useTestDatabase, type TestDatabaseKind } from "../testing/use-test-database";
import { heartbeatThread, stopHeartbeatThreads } from "./heartbeat-thread";
import { claimRun } from "./run-jobs";
import { createRun, heartbeatIntervalMs } from "./runs";
import { storeSession } from "./sessions";

/**
 * The heartbeat thread keeps a claimed run's heartbeat fresh while the main thread cannot turn at all: the test
 * holds the event loop with real synchronous work (generating and serializing sessions) for three stale bounds,
 * while an observer thread reads the heartbeat every 25 ms. Only the claimant's runs are beaten: a run claimed by
 * another worker, or not claimed yet, keeps its heartbeat.
 */
const HEARTBEAT_MS = 200;
const STALE_MS = 1_500;
const RUN_OPTIONS = { window: 50_000, outputReserve: 0, estimator: "chars4", summarizer: "extractive", model: null, instructions: null, compactAtStep: null, promptOverrides: null } as const;
const saved = { heartbeat: process.env.LAB_HEARTBEAT_MS, stale: process.env.LAB_STALE_HEARTBEAT_MS };
process.env.LAB_HEARTBEAT_MS = String(HEARTBEAT_MS);
process.env.LAB_STALE_HEARTBEAT_MS = String(STALE_MS);

/** Holds the event loop for at least `ms` with work a worker really does (no sleep: nothing else may run). */
function holdEventLoop(ms: number): number {
  const start = performance.now();
  let rounds = 0;
  while (performance.now() - start < ms) {
    JSON.parse(JSON.stringify(generateSession({ seed: rounds, messages: 400 })));
    rounds++;
  }
  return performance.now() - start;
}

afterAll(() => {
  for (const [name, value] of [["LAB_HEARTBEAT_MS", saved.heartbeat], ["LAB_STALE_HEARTBEAT_MS", saved.stale]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe.each<TestDatabaseKind>(PG_TEST_URL ? ["sqlite", "postgresql"] : ["sqlite"])("the heartbeat thread on %s", (kind) => {
  const database = useTestDatabase(kind);
  let sessionId: string;
  beforeAll(async () => {
    sessionId = (await storeSession({ session: generateSession({ seed: 1, messages: 20 }), sessionCount: 1, pick: 0 })).id;
  });
  const newRun = () => createRun({ sessionId, strategyId: "pi", settings: {}, options: RUN_OPTIONS });

  it(`beats every ${HEARTBEAT_MS} ms through a ${3 * STALE_MS} ms block of the event loop, for its own claims only`, async () => {
    expect(heartbeatIntervalMs()).toBe(HEARTBEAT_MS);
    const [mine, theirs, unclaimed] = [await newRun(), await newRun(), await newRun()];
    const thread = heartbeatThread();
    expect(thread).not.toBeNull();
    const unwatch = thread!.watch({ runIds: [mine.id, theirs.id, unclaimed.id], claimedBy: "here:1:1" });
    expect(await claimRun(mine.id, "here:1:1")).toEqual({ attempt: 1 });
    expect(await claimRun(theirs.id, "there:2:1")).toEqual({ attempt: 1 });
    const { db } = await import("./db");
    const heartbeatOf = async (id: string) => (await (await db()).run.findUniqueOrThrow({ where: { id }, select: { heartbeatAt: true } })).heartbeatAt?.getTime();
    const before = { theirs: await heartbeatOf(theirs.id), unclaimed: await heartbeatOf(unclaimed.id) };

    const observer = await observeHeartbeats({ url: database.url(), runIds: [mine.id] });
    const held = holdEventLoop(3 * STALE_MS);
    await new Promise((resolve) => setTimeout(resolve, 2 * HEARTBEAT_MS));
    const seen = await observer.stop();
    console.log(`[${kind}] event loop held ${Math.round(held)} ms; heartbeats seen: ${JSON.stringify(seen)}`);
    unwatch();

    expect(held).toBeGreaterThanOrEqual(3 * STALE_MS);
    expect(seen.maxPollGapMs).toBeLessThan(STALE_MS / 2);
    // the claimed run's heartbeat never went stale, though nothing ran on the main thread
    expect(seen.maxStalenessMs).toBeLessThan(STALE_MS);
    expect(seen.beats).toBeGreaterThanOrEqual(Math.floor(held / (STALE_MS / 2)));
    // another worker's run and a queued one were left alone
    expect({ theirs: await heartbeatOf(theirs.id), unclaimed: await heartbeatOf(unclaimed.id) }).toEqual(before);
  }, 60_000);

  it("stops beating once unwatched, and closes its connection when stopped", async () => {
    const run = await newRun();
    const thread = heartbeatThread()!;
    const unwatch = thread.watch({ runIds: [run.id], claimedBy: "here:1:1" });
    await claimRun(run.id, "here:1:1");
    const reports: number[] = [];
    const stopListening = thread.onReport((report) => report.type === "beat" && reports.push(report.written ?? 0));
    await new Promise((resolve) => setTimeout(resolve, 3 * HEARTBEAT_MS));
    expect(reports.some((written) => written === 1)).toBe(true);
    unwatch();
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS));
    reports.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 3 * HEARTBEAT_MS));
    expect(reports).toEqual([]);
    stopListening();
    await stopHeartbeatThreads();
    expect(thread.healthy()).toBe(false);
  });
});
