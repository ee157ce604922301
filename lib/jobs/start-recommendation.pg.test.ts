import { afterEach, describe, expect, it } from "vitest";
import type { RecommendationView, RecommendRequest } from "../api/contracts/recommend-schemas";
import { readRecommendation } from "../compare/recommend/read-recommendation";
import { generateSession } from "../generator/generate-session";
import { cancelComparison } from "../runs/cancel-run";
import { importUpload } from "../sessions/import-upload";
import { getComparison } from "../store/comparisons";
import { db } from "../store/db";
import { PG_TEST_URL, useTestDatabase } from "../testing/use-test-database";
import { exportOpenAI } from "../transcripts/export-openai";
import { jobQueue, stopJobQueues } from "./job-queue";
import { startRecommendation } from "./start-recommendation";

// A recommendation's sweep as jobs on pg-boss (issue #27), against a real PostgreSQL server when PG_TEST_URL names one
// and a role with CREATEDB. The same request runs first on SQLite (the embedded queue) for reference: both stores
// replay the same deterministic runs, so they must choose the same setting with the same figures.

const LONG_AGO = new Date("2020-01-01T00:00:00Z");

/** two generated sessions, two strategies, two shares at a 30K window: 2 × (default + 2 shares) × 2 = 12 replays */
function request(sessionIds: string[], shares = [0.3, 0.6]): RecommendRequest {
  return { sessionIds, strategies: ["pi", "codex"], windows: [30_000], shares, floor: 0.5, costModel: "claude-sonnet-4-5", cacheProvider: "auto", cacheTtl: "5m", recordedRewrites: true };
}

async function importGenerated(seeds: number[], messages = 160): Promise<string[]> {
  const ids: string[] = [];
  for (const seed of seeds) {
    const bytes = Buffer.from(JSON.stringify(exportOpenAI(generateSession({ seed, messages }))));
    ids.push((await importUpload({ bytes, sourceName: `generated-${seed}-${messages}.json`, refuseDuplicate: false })).id);
  }
  return ids;
}

async function untilEnded(id: string, timeoutMs = 150_000): Promise<RecommendationView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = await readRecommendation(id);
    if (view.state !== "running") return view;
    if (Date.now() > deadline) throw new Error(`recommendation ${id} still running: ${view.runs.ended}/${view.runs.total} ended`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** what must not depend on the store: every setting's figures and the verdict */
function verdict(view: RecommendationView) {
  return {
    points: view.points.map((point) => ({ label: point.label, usd: point.usd, worstRecall: point.worstRecall, meetsFloor: point.meetsFloor, compactions: point.cells.map((cell) => cell.compactions) })),
    frontier: view.frontier.map((entry) => entry.configIndex),
    recommended: view.recommended?.point.label ?? null,
    runnerUp: view.runnerUp?.point.label ?? null,
  };
}

function expectComplete(view: RecommendationView) {
  expect(view.state).toBe("done");
  expect(view.runs).toEqual({ total: 12, ended: 12, failed: 0 });
  expect(view.points).toHaveLength(6);
  for (const point of view.points) {
    expect(point.cells.map((cell) => cell.status)).toEqual(["done", "done"]);
    for (const cell of point.cells) {
      expect(cell.usd).toBeGreaterThan(0);
      expect(cell.recall).not.toBeNull();
    }
  }
  // the small window makes every setting compact on both sessions
  expect(view.points.every((point) => point.cells.every((cell) => (cell.compactions ?? 0) > 0))).toBe(true);
  expect(view.recommended).not.toBeNull();
  const meeting = view.points.filter((point) => point.meetsFloor).sort((a, b) => a.usd! - b.usd! || b.worstRecall! - a.worstRecall!);
  expect(view.recommended!.point.configIndex).toBe(meeting[0].configIndex);
  expect(view.recommended!.snippets.length).toBeGreaterThan(0);
}

if (PG_TEST_URL) {
  let reference: ReturnType<typeof verdict> | null = null;

  describe("a recommendation on SQLite (the embedded queue): the reference", () => {
    useTestDatabase("sqlite");

    it("ends with every cell done and a recommended setting", async () => {
      const { id } = await startRecommendation(request(await importGenerated([1, 2])));
      const view = await untilEnded(id);
      expectComplete(view);
      reference = verdict(view);
    }, 180_000);
  });

  describe("a recommendation on PostgreSQL (pg-boss jobs, this process's workers)", () => {
    useTestDatabase("postgresql");
    const workers = process.env.LAB_WORKERS;
    afterEach(() => {
      if (workers === undefined) delete process.env.LAB_WORKERS;
      else process.env.LAB_WORKERS = workers;
    });

    it("ends with every cell done and the same choice, with the same figures, as on SQLite", async () => {
      expect((await jobQueue()).kind).toBe("pg-boss");
      const { id } = await startRecommendation(request(await importGenerated([1, 2])));
      const view = await untilEnded(id);
      expectComplete(view);
      expect(reference, "the SQLite reference ran first").not.toBeNull();
      expect(verdict(view)).toEqual(reference);
    }, 180_000);

    it("cancel: the runs that had not ended end cancelled, finished cells keep their figures, and it reads as cancelled", async () => {
      // larger sessions and more shares, so most runs are still waiting when the cancel comes
      const { id } = await startRecommendation(request(await importGenerated([3, 4], 400), [0.3, 0.5, 0.7, 0.9]));
      const { cancelling } = await cancelComparison(id);
      expect(cancelling).toBeGreaterThan(0);
      const view = await untilEnded(id, 60_000);
      expect(view.state).toBe("cancelled");
      const cells = view.points.flatMap((point) => point.cells);
      expect(cells).toHaveLength(20);
      expect(cells.filter((cell) => cell.status === "cancelled").length).toBe(cancelling);
      for (const cell of cells) {
        expect(["done", "cancelled"]).toContain(cell.status);
        if (cell.status === "done") expect(cell.usd).toBeGreaterThan(0);
        else expect(cell.usd).toBeNull();
      }
      // nothing is replayed after the cancel: the statuses stay as they are
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await readRecommendation(id)).points.flatMap((point) => point.cells.map((cell) => cell.status))).toEqual(cells.map((cell) => cell.status));
    }, 120_000);

    it("resume after a restart: jobs stored by a process with no workers, and a run whose worker died, are replayed by the next process's workers", async () => {
      // the process that starts the recommendation runs no workers (LAB_WORKERS=0): its runs stay queued with their pg-boss jobs
      await stopJobQueues();
      process.env.LAB_WORKERS = "0";
      const { id } = await startRecommendation(request(await importGenerated([5, 6])));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await readRecommendation(id)).runs.ended).toBe(0);
      // it stops; one run had been taken by a worker that died holding it (heartbeat long gone)
      await stopJobQueues();
      const runs = (await getComparison(id)).runs;
      expect(runs.every((run) => run.status === "queued")).toBe(true);
      const prisma = await db();
      await prisma.run.update({ where: { id: runs[0].id }, data: { status: "running", claimedBy: "gone:1:1", heartbeatAt: LONG_AGO, attempts: 1 } });

      // the next process starts its workers: they fetch the waiting jobs, and the sweep re-queues the dead worker's run
      process.env.LAB_WORKERS = "1";
      const { ensureWebWorkers } = await import("./job-queue");
      expect((await ensureWebWorkers()).kind).toBe("pg-boss");
      const view = await untilEnded(id);
      expectComplete(view);
      expect((await prisma.run.findUnique({ where: { id: runs[0].id } }))?.attempts, "the orphaned run was claimed again").toBe(2);
    }, 180_000);
  });
} else {
  describe.skip("a recommendation on PostgreSQL (skipped: set PG_TEST_URL)", () => it("needs PG_TEST_URL", () => {}));
}
