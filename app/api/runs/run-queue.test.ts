import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QueuedLine, RunStreamLine } from "@/lib/api/run-schemas";
import { generateSession } from "@/lib/generator/generate-session";
import { storeSession } from "@/lib/store/sessions";
import { useTestDatabase } from "@/lib/store/use-test-database";

/**
 * LAB_MAX_CONCURRENT_RUNS through the real route handlers on a fresh SQLite file: ten runs of one large generated
 * session requested at once with a limit of 2 — the eight over the budget say they are queued, with their positions,
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
    const { runSlots } = await import("@/lib/runs/run-slots");
    expect(runSlots.limit).toBe(LIMIT);

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
    // the first LIMIT start at once; every other one is told its place, and it only ever moves up to 1
    expect(queued.filter((lines) => lines.length === 0)).toHaveLength(LIMIT);
    const firstPositions = queued.filter((lines) => lines.length > 0).map((lines) => lines[0].position).sort((a, b) => a - b);
    expect(firstPositions).toEqual(Array.from({ length: RUNS - LIMIT }, (_, index) => index + 1));
    for (const lines of queued.filter((list) => list.length > 0)) {
      const positions = lines.map((line) => line.position);
      expect(positions).toEqual([...positions].sort((a, b) => b - a));
      expect(positions[positions.length - 1]).toBe(1);
      expect(lines.every((line) => line.limit === LIMIT)).toBe(true);
    }
    // a queued run says so before it starts
    for (const lines of streams) {
      const started = lines.findIndex((line) => line.type === "started");
      expect(lines.slice(started).some((line) => line.type === "queued")).toBe(false);
    }

    for (const lines of streams) {
      const done = lines[lines.length - 1];
      expect(done.type, JSON.stringify(done).slice(0, 300)).toBe("done");
      if (done.type !== "done") continue;
      expect(done.run.status).toBe("done");
      const stored = await (await getRun(new Request(`http://lab.test/api/runs/${done.run.id}`), params(done.run.id))).json();
      expect(stored.result.steps.length).toBeGreaterThan(0);
    }
    expect([runSlots.running, runSlots.waiting]).toEqual([0, 0]);
    expect((await health(new Request("http://lab.test/api/health"), { params: Promise.resolve({}) })).status).toBe(200);
  }, 180_000);
});
