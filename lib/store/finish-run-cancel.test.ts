import { describe, expect, it } from "vitest";
import { releaseRun } from "./release-run";
import { replaySession } from "../engine/simulate/replay-session";
import { piStrategy } from "../engine/strategies/pi";
import { CANCELLED_BEFORE_END_ERROR, createRun, finishRun, getRun, getRunRecord, requestRunCancel } from "./runs";
import { claimRun } from "./run-jobs";
import { storeSession } from "./sessions";
import { buildSession } from "../testing/store-contract";
import { PG_TEST_URL, useTestDatabase, type TestDatabaseKind } from "../testing/use-test-database";
import { generateSession } from "../generator/generate-session";
import { databaseUrl, db, providerOf } from "./db";
import { PACKED_RESULT_FORMAT } from "./pack-run-result";
import { writeRunResult } from "./write-run-result";

const OPTIONS = { window: 1_000, outputReserve: 0, estimator: "chars4", summarizer: "extractive", model: null, instructions: null, compactAtStep: null, promptOverrides: null } as const;

function finishRunCancelSuite(kind: TestDatabaseKind) {
  useTestDatabase(kind);

  it("a cancel recorded before a run's final write wins: the run ends cancelled, a comparison's row says so", async () => {
    const { id: sessionId } = await storeSession({ session: buildSession(4), sessionCount: 1, pick: 0 });
    const single = await createRun({ sessionId, strategyId: "none", settings: {}, options: OPTIONS, status: "running", claimedBy: "host:1:1" });
    expect(await requestRunCancel(single.id)).toBe(true);
    const ended = await finishRun(single.id, { status: "done", error: null, result: null, figures: null });
    expect(ended).toMatchObject({ status: "cancelled", error: CANCELLED_BEFORE_END_ERROR });

    const configuration = await createRun({ sessionId, strategyId: "none", settings: {}, options: OPTIONS, status: "running", claimedBy: "host:1:2" });
    await requestRunCancel(configuration.id);
    await finishRun(configuration.id, { status: "done", error: null, result: null, figures: null, row: { row: { config: "none" } } });
    expect(await getRunRecord(configuration.id)).toMatchObject({ status: "cancelled" });

    // without a cancel the end is written as asked; a cancelled end is never overruled
    const plain = await createRun({ sessionId, strategyId: "none", settings: {}, options: OPTIONS, status: "running", claimedBy: "host:1:3" });
    expect(await finishRun(plain.id, { status: "done", error: null, result: null, figures: null })).toMatchObject({ status: "done", error: null });
  });

  it("a finished run's result reads back exactly as replayed, quotes, backslashes and non-ASCII text included; it is written with the end, never after it", async () => {
    const session = buildSession(60);
    session.messages[3].parts = [{ type: "text", text: 'a "quoted" C:\\path, tab\t, newline\n, ünïcödé ✓ and \u2028' }];
    const { id: sessionId } = await storeSession({ session, sessionCount: 1, pick: 0 });
    const result = await replaySession({ session, strategy: piStrategy, settings: { reserveTokens: 200, keepRecentTokens: 400 }, window: 1_500 });
    expect(result.events.some((event) => event.type === "compaction-end")).toBe(true);
    const run = await createRun({ sessionId, strategyId: "pi", settings: {}, options: OPTIONS, status: "running", claimedBy: "host:1:4" });
    await finishRun(run.id, { status: "done", error: null, result, figures: null });
    expect((await getRun(run.id)).result).toEqual(JSON.parse(JSON.stringify(result)));

    // a second end is refused whole: the first result stays
    const other = await replaySession({ session, strategy: piStrategy, settings: { reserveTokens: 200, keepRecentTokens: 400 }, window: 3_000 });
    expect(await finishRun(run.id, { status: "done", error: null, result: other, figures: null })).toBeNull();
    expect((await getRun(run.id)).result).toEqual(JSON.parse(JSON.stringify(result)));
  });

  it("a result is stored packed (each summary once) and reads back whole; a result stored whole by older code reads back as it was", async () => {
    const session = generateSession({ seed: 41, messages: 700 });
    const { id: sessionId } = await storeSession({ session, sessionCount: 1, pick: 0 });
    const result = await replaySession({ session, strategy: piStrategy, settings: { reserveTokens: 180_000 }, window: 200_000 });
    const summaries = result.events.flatMap((event) => (event.type === "compaction-end" && event.summary !== null ? [event.summary] : []));
    expect(summaries.length).toBeGreaterThan(20);
    const run = await createRun({ sessionId, strategyId: "pi", settings: {}, options: OPTIONS, status: "running", claimedBy: "host:1:5" });
    await finishRun(run.id, { status: "done", error: null, result, figures: null });
    const prisma = await db();
    const stored = (await prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { result: true } })).result as Record<string, unknown>;
    expect(stored.storedAs).toBe(PACKED_RESULT_FORMAT);
    const storedJson = JSON.stringify(stored);
    expect(storedJson.length).toBeLessThan(JSON.stringify(result).length / 5);
    expect(summaries.filter((summary) => summary.length > 1_000 && storedJson.split(JSON.stringify(summary).slice(1, -1)).length > 2)).toEqual([]);
    expect((await getRun(run.id)).result).toEqual(JSON.parse(JSON.stringify(result)));

    // a row written by the code before packing: the result's JSON as it was
    const old = await createRun({ sessionId, strategyId: "pi", settings: {}, options: OPTIONS, status: "running", claimedBy: "host:1:6" });
    await finishRun(old.id, { status: "done", error: null, result: null, figures: null });
    await writeRunResult(prisma, providerOf(databaseUrl()), old.id, JSON.stringify(result));
    expect((await getRun(old.id)).result).toEqual(JSON.parse(JSON.stringify(result)));
  });

  it("a run released by its worker (the database went away under it) is queued again without counting the attempt; another worker's run is left alone", async () => {
    const { id: sessionId } = await storeSession({ session: buildSession(4), sessionCount: 1, pick: 0 });
    const run = await createRun({ sessionId, strategyId: "none", settings: {}, options: OPTIONS, status: "queued" });
    expect(await claimRun(run.id, "a:1:1")).toEqual({ attempt: 1 });
    expect(await releaseRun(run.id, "b:2:1")).toBe(false);
    expect(await releaseRun(run.id, "a:1:1")).toBe(true);
    expect((await getRunRecord(run.id)).status).toBe("queued");
    expect(await claimRun(run.id, "b:2:1")).toEqual({ attempt: 1 });
  });
}

describe("finishRun and releaseRun (SQLite)", () => finishRunCancelSuite("sqlite"));
if (PG_TEST_URL) describe("finishRun and releaseRun (PostgreSQL)", () => finishRunCancelSuite("postgresql"));
else describe.skip("finishRun and releaseRun (PostgreSQL, skipped: set PG_TEST_URL)", () => it("needs PG_TEST_URL", () => {}));
