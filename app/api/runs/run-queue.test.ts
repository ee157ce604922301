import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QueuedLine, RunStreamLine } from "@/lib/api/contracts/run-schemas";
import { generateSession } from "@/lib/generator/generate-session";
import { storeSession } from "@/lib/store/sessions";
import { useTestDatabase } from "@/lib/testing/use-test-database";

/**
 * The embedded job queue through the real route handlers on a fresh SQLite file: ten runs of one large generated
 * session requested at once with a worker concurrency of 2 (LAB_MAX_CONCURRENT_RUNS, the fallback of
 * WORKER_CONCURRENCY) — the eight over it say they are queued, with their positions, only two workers ever replay,
 * every run ends `done` with its result stored, and the server still answers its health check.
 */
const LIMIT = 2;
const RUNS = 10;
const savedLimit = process.env.LAB_MAX_CONCURRENT_RUNS;
process.env.LAB_MAX_CONCURRENT_RUNS = String(LIMIT);
const params = (id: string) => ({ params: Promise.resolve({ id }) });

describe("concurrent runs over the process's budget wait in a queue", () => {
  useTestDatabase("sqlite");
  afterAll(() => {
    if (savedLimit === undefined) delete process.env.LAB_MAX_CONCURRENT_RUNS;
    else process.env.LAB_MAX_CONCURRENT_RUNS = savedLimit;
  });
  let sessionId: string;
  beforeAll(async () => {
    sessionId = (await storeSession({ session: generateSession({ seed: 13, messages: 4_000 }), sessionCount: 1, pick: 0 })).id;
  });

  it(`${RUNS} runs at once with LAB_MAX_CONCURRENT_RUNS=${LIMIT}: positions reported, all done, the server healthy`, async () => {
    const { POST: startRun } = await import("../sessions/[id]/runs/route");
    const { GET: getRun } = await import("./[id]/route");
    const { GET: health } = await import("../health/route");
    const { workerConcurrency } = await import("@/lib/jobs/job-queue");
    expect(workerConcurrency()).toBe(LIMIT);

    const strategies = ["nous", "pi", "evidence", "opencode", "codex"];
    const responses = await Promise.all(
      Array.from({ length: RUNS }, (_, index) =>
        startRun(
          new Request(`http://lab.test/api/sessions/${sessionId}/runs`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ strategy: strategies[index % strategies.length], window: 60_000 }),
          }),
          params(sessionId),
        ),
      ),
    );
    const streams = await Promise.all(responses.map(async (response) => (await response.text()).split("\n").filter(Boolean).map((line) => JSON.parse(line) as RunStreamLine)));

    const queued = streams.map((lines) => lines.filter((line): line is QueuedLine => line.type === "queued"));
    // at most LIMIT replay at once: every other run is told its place, which only ever moves up
    expect(queued.filter((lines) => lines.length > 0).length).toBeGreaterThanOrEqual(RUNS - LIMIT);
    for (const lines of queued.filter((list) => list.length > 0)) {
      const positions = lines.map((line) => line.position);
      expect(positions).toEqual([...positions].sort((a, b) => b - a));
      expect(positions[0]).toBeLessThanOrEqual(RUNS);
      expect(lines.every((line) => line.limit === LIMIT)).toBe(true);
    }
    // the run's id comes first; a queued line never follows its progress
    for (const lines of streams) {
      expect(lines[0].type).toBe("started");
      const firstProgress = lines.findIndex((line) => line.type === "progress");
      if (firstProgress >= 0) expect(lines.slice(firstProgress).some((line) => line.type === "queued")).toBe(false);
    }
    const { runsByWorker } = await import("@/lib/store/run-jobs");
    const ids = streams.map((lines) => (lines[0] as Extract<RunStreamLine, { type: "started" }>).runId);
    const byWorker = await runsByWorker(ids);
    console.log(`${RUNS} runs by worker: ${JSON.stringify(byWorker)}`);
    expect(Object.keys(byWorker).length).toBeLessThanOrEqual(LIMIT);

    for (const lines of streams) {
      const done = lines[lines.length - 1];
      expect(done.type, JSON.stringify(done).slice(0, 300)).toBe("done");
      if (done.type !== "done") continue;
      expect(done.run.status).toBe("done");
      const stored = await (await getRun(new Request(`http://lab.test/api/runs/${done.run.id}`), params(done.run.id))).json();
      expect(stored.result.steps.length).toBeGreaterThan(0);
    }
    expect((await health(new Request("http://lab.test/api/health"), { params: Promise.resolve({}) })).status).toBe(200);
  }, 180_000);
});
