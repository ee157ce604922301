import { describe, expect, it } from "vitest";
import { db } from "./db";
import { cancelRequestedAmong, createRun, failStaleRuns, heartbeatRuns, finishRun, getRunSummary, listRuns, PROCESS_STARTED_AT, requestRunCancel, STALE_RUN_ERROR } from "./runs";
import { storeSession } from "./sessions";
import { buildSession } from "./store-contract";
import { PG_TEST_URL, useTestDatabase, type TestDatabaseKind } from "./use-test-database";

const OPTIONS = { window: 1_000, outputReserve: 0, estimator: "chars4", summarizer: "extractive", model: null, instructions: null, compactAtStep: null, promptOverrides: null } as const;
const LONG_AGO = new Date("2020-01-01T00:00:00Z");

function staleRunsSuite(kind: TestDatabaseKind) {
  useTestDatabase(kind);

  it("the first list of runs in a process fails the runs a dead server left `running`, and only those, once", async () => {
    const prisma = await db();
    const { id: sessionId } = await storeSession({ session: buildSession(4), sessionCount: 1, pick: 0 });
    const newRun = async (createdAt?: Date) => {
      const run = await createRun({ sessionId, strategyId: "none", settings: {}, options: OPTIONS });
      if (createdAt) await prisma.run.update({ where: { id: run.id }, data: { createdAt, heartbeatAt: createdAt } });
      return run.id;
    };
    const orphan = await newRun(LONG_AGO);
    const finishedLongAgo = await newRun();
    await finishRun(finishedLongAgo, { status: "done", error: null, result: null, figures: null });
    await prisma.run.update({ where: { id: finishedLongAgo }, data: { createdAt: LONG_AGO } });
    const live = await newRun();
    // created before this process started, but its instance (another web server on this database) is alive
    const otherInstance = await newRun(LONG_AGO);
    await prisma.run.update({ where: { id: otherInstance }, data: { heartbeatAt: new Date() } });
    expect(PROCESS_STARTED_AT.getTime()).toBeLessThanOrEqual(Date.now());

    const { runs } = await listRuns(sessionId);
    const byId = new Map(runs.map((run) => [run.id, run]));
    expect(byId.get(orphan)).toMatchObject({ status: "interrupted", error: STALE_RUN_ERROR, finishedAt: expect.any(String) });
    expect(byId.get(finishedLongAgo)).toMatchObject({ status: "done", error: null });
    expect(byId.get(live)).toMatchObject({ status: "running", error: null, finishedAt: null });
    expect(byId.get(otherInstance), "a run with a fresh heartbeat belongs to a live instance").toMatchObject({ status: "running", error: null });

    // once per process: a later orphan waits for the next start (or an explicit sweep)
    const later = await newRun(LONG_AGO);
    await listRuns(sessionId);
    expect((await getRunSummary(later)).status).toBe("running");
    expect(await failStaleRuns()).toBe(1);
    expect(await getRunSummary(later)).toMatchObject({ status: "interrupted", error: STALE_RUN_ERROR });
    expect((await getRunSummary(live)).status).toBe("running");
  });

  it("a cancel request is recorded on a running run's row (for the instance replaying it), never on an ended one", async () => {
    const { id: sessionId } = await storeSession({ session: buildSession(4), sessionCount: 1, pick: 0 });
    const running = (await createRun({ sessionId, strategyId: "none", settings: {}, options: OPTIONS })).id;
    const other = (await createRun({ sessionId, strategyId: "none", settings: {}, options: OPTIONS })).id;
    const ended = (await createRun({ sessionId, strategyId: "none", settings: {}, options: OPTIONS })).id;
    await finishRun(ended, { status: "done", error: null, result: null, figures: null });
    expect(await cancelRequestedAmong([running, other, ended])).toEqual([]);
    expect(await requestRunCancel(running)).toBe(true);
    expect(await requestRunCancel(ended)).toBe(false);
    expect(await cancelRequestedAmong([running, other, ended])).toEqual([running]);
    expect(await cancelRequestedAmong([])).toEqual([]);

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
