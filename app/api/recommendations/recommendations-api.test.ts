import { describe, expect, it } from "vitest";
import type { RecommendationView } from "@/lib/api/contracts/recommend-schemas";
import { ApiErrorSchema } from "@/lib/api/contracts/schemas";
import { generateSession } from "@/lib/generator/generate-session";
import { getRunRecord } from "@/lib/store/runs";
import { readRunState } from "@/lib/store/run-jobs";
import type { StoredCompareRow } from "@/lib/compare/replay-config";
import { storeSession } from "@/lib/store/sessions";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { POST as cancel } from "../comparisons/[id]/cancel/route";
import { GET as read } from "./[id]/route";
import { POST as start } from "./route";

const BASE = "http://lab.test/api";
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const post = (url: string, body: unknown) => new Request(url, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });

async function view(id: string): Promise<RecommendationView> {
  const response = await read(new Request(`${BASE}/recommendations/${id}`), params(id));
  expect(response.status).toBe(200);
  return (await response.json()) as RecommendationView;
}

async function until(id: string, done: (value: RecommendationView) => boolean, timeoutMs = 120_000): Promise<RecommendationView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await view(id);
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`recommendation ${id} still ${value.state}: ${value.runs.ended}/${value.runs.total}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("recommendation routes (real Requests, a fresh SQLite database, the embedded queue)", () => {
  useTestDatabase("sqlite");

  it("sweeps the trigger as jobs, then recommends the cheapest setting meeting the floor on both sessions, with snippets", async () => {
    const ids = [];
    for (const seed of [1, 2]) ids.push((await storeSession({ session: generateSession({ seed, messages: 160 }), sessionCount: 1, pick: 0 })).id);
    const response = await start(post(`${BASE}/recommendations`, { sessionIds: ids, strategies: ["pi", "codex"], windows: [30_000], shares: [0.3, 0.6, 0.9], floor: 0.5, costModel: "claude-sonnet-4-5" }), undefined);
    expect(response.status).toBe(202);
    const { id, url } = (await response.json()) as { id: string; url: string };
    expect(url).toBe(`/recommend?id=${id}`);
    const result = await until(id, (value) => value.state !== "running");
    expect(result.state).toBe("done");
    // 2 strategies × (default + 3 shares) × 2 sessions
    expect(result.runs).toEqual({ total: 16, ended: 16, failed: 0 });
    expect(result.points).toHaveLength(8);
    for (const point of result.points) {
      expect(point.window).toBe(30_000);
      expect(point.usd).toBeGreaterThan(0);
      expect(point.worstRecall).not.toBeNull();
      expect(point.worstRecall).toBe(Math.min(...point.cells.map((cell) => cell.recall!)));
    }
    // each run replayed at the configuration's own window, with its share's setting
    const pi30 = result.points.find((point) => point.strategy === "pi" && point.share === 0.3)!;
    expect(pi30.settings).toEqual({ reserveTokens: 21_000 });
    expect((await getRunRecord(pi30.cells[0].runId)).settings).toMatchObject({ reserveTokens: 21_000 });
    const meeting = result.points.filter((point) => point.worstRecall! >= 0.5).sort((a, b) => a.usd! - b.usd!);
    expect(result.recommended?.point.configIndex).toBe(meeting[0]?.configIndex);
    expect(result.runnerUp?.point.configIndex).toBe(meeting[1]?.configIndex);
    expect(result.recommended?.againstDefault?.label).toMatch(new RegExp(`^${result.recommended!.point.strategy} default`));
    expect(result.recommended?.snippets.map((snippet) => snippet.agent)).toContain("Codex CLI");
    expect(result.frontier.length).toBeGreaterThan(0);
  }, 180_000);

  it("an unreachable floor still gets a verdict: a setting, by how much it misses, and the best recall reached", async () => {
    const id = (await storeSession({ session: generateSession({ seed: 3, messages: 160 }), sessionCount: 1, pick: 0 })).id;
    const response = await start(post(`${BASE}/recommendations`, { sessionIds: [id], strategies: ["codex"], windows: [20_000], shares: [0.2], floor: 1 }), undefined);
    const { id: recommendation } = (await response.json()) as { id: string };
    const result = await until(recommendation, (value) => value.state !== "running");
    // a 20K window on a ~50K-token session: every setting compacts and loses something, so 100% is out of reach
    expect(result.points.every((point) => point.worstRecall! < 1)).toBe(true);
    expect(result.recommended).not.toBeNull();
    expect(result.runnerUp).toBeNull();
    expect(result.bestReachable?.worstRecall).toBe(Math.max(...result.points.map((point) => point.worstRecall!)));
    // codex's default is one of the two settings: the recommendation is at least as good as it
    expect(result.verdict).toMatchObject({ floorMet: false, rule: "best-value-vs-default", floor: { kind: "absolute", value: 1 } });
    const fallback = result.points.find((point) => point.isDefault)!;
    expect(result.recommended!.point.worstRecall!).toBeGreaterThanOrEqual(fallback.worstRecall!);
    expect(result.verdict!.shortBy).toBeCloseTo((1 - result.recommended!.point.worstRecall!) * 100, 0);
    // every setting is scored on the same exam: its interval brackets the figure
    for (const point of result.points) expect(point.low! <= point.worstRecall! && point.worstRecall! <= point.high!).toBe(true);
  }, 120_000);

  it("scores every setting on one exam, even at different windows: the same checkpoints from the smallest window", async () => {
    const id = (await storeSession({ session: generateSession({ seed: 5, messages: 160 }), sessionCount: 1, pick: 0 })).id;
    const response = await start(post(`${BASE}/recommendations`, { sessionIds: [id], strategies: ["pi"], windows: [20_000, 60_000], shares: [0.5] }), undefined);
    const { id: recommendation } = (await response.json()) as { id: string };
    const result = await until(recommendation, (value) => value.state !== "running");
    const runs = result.points.flatMap((point) => point.cells.map((cell) => cell.runId));
    const states = await readRunState(runs);
    const recalls = runs.map((runId) => (states.get(runId)!.row as StoredCompareRow).row!.continuationRecall!);
    expect(recalls).toHaveLength(4);
    for (const recall of recalls) {
      expect(recall.exam).toEqual(recalls[0].exam);
      expect(recall.counted).toBe(recalls[0].counted);
    }
    expect(recalls[0].exam!.window).toBe(20_000);
    expect(recalls[0].exam!.startTokens).toBe(2_000);
  }, 120_000);

  it("refuses a strategy with no trigger and an unknown session, naming the field, storing nothing", async () => {
    const id = (await storeSession({ session: generateSession({ seed: 4, messages: 40 }), sessionCount: 1, pick: 0 })).id;
    const noTrigger = await start(post(`${BASE}/recommendations`, { sessionIds: [id], strategies: ["pi", "none"] }), undefined);
    expect(noTrigger.status).toBe(400);
    const error = ApiErrorSchema.parse(await noTrigger.json()).error;
    expect(error.code).toBe("invalid_strategy");
    expect(error.issues?.[0]?.path).toBe("strategies.1");
    const missing = await start(post(`${BASE}/recommendations`, { sessionIds: ["nope"], strategies: ["pi"], windows: [200_000] }), undefined);
    expect(missing.status).toBe(404);
    const badFloor = await start(post(`${BASE}/recommendations`, { sessionIds: [id], strategies: ["pi"], floor: 2 }), undefined);
    expect(badFloor.status).toBe(400);
    const unknown = await read(new Request(`${BASE}/recommendations/nope`), params("nope"));
    expect(unknown.status).toBe(404);
  });

  it("cancels through the comparison's cancel route", async () => {
    const id = (await storeSession({ session: generateSession({ seed: 5, messages: 400 }), sessionCount: 1, pick: 0 })).id;
    const response = await start(post(`${BASE}/recommendations`, { sessionIds: [id], strategies: ["pi", "codex", "gemini-cli"], windows: [30_000] }), undefined);
    const { id: recommendation } = (await response.json()) as { id: string };
    const cancelled = await cancel(new Request(`${BASE}/comparisons/${recommendation}/cancel`, { method: "POST" }), params(recommendation));
    expect(cancelled.status).toBe(200);
    const result = await until(recommendation, (value) => value.state !== "running", 60_000);
    expect(result.state).toBe("cancelled");
    expect(result.recommended === null || result.recommended.point.cells.every((cell) => cell.status === "done")).toBe(true);
  }, 90_000);
});
