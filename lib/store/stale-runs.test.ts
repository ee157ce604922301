import { describe, expect, it } from "vitest";
import { db } from "./db";
import { cancelRequestedAmong, createRun, heartbeatRuns, finishRun, getRunRecord, requestRunCancel } from "./runs";
import { claimRun, MAX_RUN_ATTEMPTS, PINNED_RUN_LOST_ERROR, recoverStaleRuns } from "./run-jobs";
import { storeSession } from "./sessions";
import { buildSession } from "../testing/store-contract";
import { PG_TEST_URL, useTestDatabase, type TestDatabaseKind } from "../testing/use-test-database";

const OPTIONS = { window: 1_000, outputReserve: 0, estimator: "chars4", summarizer: "extractive", model: null, instructions: null, compactAtStep: null, promptOverrides: null } as const;
const LONG_AGO = new Date("2020-01-01T00:00:00Z");

function staleRunsSuite(kind: TestDatabaseKind) {
  useTestDatabase(kind);

  it("the recovery sweep re-queues a run whose worker stopped heartbeating, fails it after its attempts, interrupts a pinned one, and leaves live ones alone", async () => {
    const prisma = await db();
    const { id: sessionId } = await storeSession({ session: buildSession(4), sessionCount: 1, pick: 0 });
    const newRun = async (data: { heartbeatAt?: Date; attempts?: number; claimedBy?: string } = {}) => {
      const run = await createRun({ sessionId, strategyId: "none", settings: {}, options: OPTIONS, status: "running", claimedBy: data.claimedBy ?? "host:1:1" });
      await prisma.run.update({ where: { id: run.id }, data: { heartbeatAt: data.heartbeatAt ?? new Date(), attempts: data.attempts ?? 1 } });
      return run.id;
    };
    const orphan = await newRun({ heartbeatAt: LONG_AGO });
    const exhausted = await newRun({ heartbeatAt: LONG_AGO, attempts: MAX_RUN_ATTEMPTS });
    const pinned = await newRun({ heartbeatAt: LONG_AGO, claimedBy: "pinned:host:1" });
    const live = await newRun();
    const finished = await newRun({ heartbeatAt: LONG_AGO });
    await finishRun(finished, { status: "done", error: null, result: null, figures: null });

    const recovered = await recoverStaleRuns();
    expect(recovered).toEqual({ requeued: [orphan], interrupted: 1, failed: 1 });
    expect(await getRunRecord(orphan)).toMatchObject({ status: "queued", error: null, finishedAt: null });
    expect(await getRunRecord(exhausted)).toMatchObject({ status: "failed", error: expect.stringContaining(`stopped ${MAX_RUN_ATTEMPTS} times`) });
    expect(await getRunRecord(pinned)).toMatchObject({ status: "interrupted", error: PINNED_RUN_LOST_ERROR });
    expect((await getRunRecord(live)).status).toBe("running");
    expect((await getRunRecord(finished)).status).toBe("done");

    // a re-queued run is claimed by exactly one of two workers; a live one by none; its attempts count
    const claims = await Promise.all([claimRun(orphan, "a:1:1"), claimRun(orphan, "b:2:1")]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(claims.find(Boolean)).toEqual({ attempt: 2 });
    expect(await claimRun(live, "b:2:1")).toBeNull();
    // ended once: the second end of the same run is refused (a retried job's result is written exactly once)
    expect(await finishRun(orphan, { status: "done", error: null, result: null, figures: null })).not.toBeNull();
    expect(await finishRun(orphan, { status: "failed", error: "late", result: null, figures: null })).toBeNull();
    expect((await getRunRecord(orphan)).status).toBe("done");
  });

  it("a cancel request is recorded on a running run's row (for the instance replaying it), never on an ended one", async () => {
    const { id: sessionId } = await storeSession({ session: buildSession(4), sessionCount: 1, pick: 0 });
    const running = (await createRun({ sessionId, strategyId: "none", settings: {}, options: OPTIONS, status: "running" })).id;
    const other = (await createRun({ sessionId, strategyId: "none", settings: {}, options: OPTIONS, status: "running" })).id;
    const ended = (await createRun({ sessionId, strategyId: "none", settings: {}, options: OPTIONS, status: "running" })).id;
    const queued = (await createRun({ sessionId, strategyId: "none", settings: {}, options: OPTIONS })).id;
    await finishRun(ended, { status: "done", error: null, result: null, figures: null });
    expect(await cancelRequestedAmong([running, other, ended])).toEqual([]);
    expect(await requestRunCancel(running)).toBe(true);
    expect(await requestRunCancel(ended)).toBe(false);
    expect(await cancelRequestedAmong([running, other, ended])).toEqual([running]);
    expect(await cancelRequestedAmong([])).toEqual([]);
    // a run no worker has claimed ends at once
    expect(await requestRunCancel(queued)).toBe(true);
    expect(await getRunRecord(queued)).toMatchObject({ status: "cancelled", finishedAt: expect.any(Date) });

    const prisma = await db();
    await prisma.run.updateMany({ where: { id: { in: [running, ended] } }, data: { heartbeatAt: LONG_AGO } });
    await heartbeatRuns([running, ended]);
    const beats = new Map((await prisma.run.findMany({ where: { id: { in: [running, ended] } } })).map((row) => [row.id, row.heartbeatAt!.getTime()]));
    expect(beats.get(running)).toBeGreaterThan(Date.now() - 60_000);
    expect(beats.get(ended), "an ended run keeps its last heartbeat").toBe(LONG_AGO.getTime());
  });
}

describe("stale runs on SQLite", () => staleRunsSuite("sqlite"));
if (PG_TEST_URL) describe("stale runs on PostgreSQL", () => staleRunsSuite("postgresql"));
else describe.skip("stale runs on PostgreSQL (skipped: set PG_TEST_URL)", () => it("needs PG_TEST_URL", () => {}));
