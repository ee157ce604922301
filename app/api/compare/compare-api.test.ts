import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompareRow, CompareStreamLine } from "@/lib/api/contracts/compare-schemas";
import { ApiErrorSchema } from "@/lib/api/contracts/schemas";
import { RunSummarySchema } from "@/lib/api/contracts/run-schemas";
import { presentRunSummary } from "@/lib/present/present-run";
import { buildCompareRow, totalTokensSent } from "@/lib/compare/compare-row";
import { extractProbes } from "@/lib/engine/evaluate/extract-probes";
import { replaySession } from "@/lib/engine/simulate/replay-session";
import { strategiesById } from "@/lib/engine/strategies";
import { generateSession } from "@/lib/generator/generate-session";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "@/lib/testing/fake-llm/fake-anthropic-server";
import { computeRunFigures } from "@/lib/runs/run-figures";
import { priceRun, runSessionCache } from "@/lib/runs/price-run";
import { db } from "@/lib/store/db";
import { getRun } from "@/lib/store/runs";
import { loadSession, storeSession } from "@/lib/store/sessions";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { POST as cancelComparison } from "../comparisons/[id]/cancel/route";
import { POST as cancelRun } from "../runs/[id]/cancel/route";
import { GET as followComparison } from "../comparisons/[id]/stream/route";
import { POST as compare } from "../sessions/[id]/compare/route";
import { POST as sweep } from "../sessions/[id]/sweep/route";
import { POST as multi } from "./multi/route";

const BASE = "http://lab.test/api";
const SECRET_KEY = "sk-ant-test-compare-SECRET-9191";
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const post = (url: string, body: unknown, init: RequestInit = {}) =>
  new Request(url, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" }, ...init });
type Line<T extends CompareStreamLine["type"]> = Extract<CompareStreamLine, { type: T }>;

async function readLines(response: Response): Promise<CompareStreamLine[]> {
  expect(response.status).toBe(200);
  return (await response.text()).split("\n").filter(Boolean).map((line) => JSON.parse(line) as CompareStreamLine);
}
const linesOf = <T extends CompareStreamLine["type"]>(lines: CompareStreamLine[], type: T) => lines.filter((line): line is Line<T> => line.type === type);

/** Reads the stream until a line matches; returns the lines so far and a function reading the rest. */
async function readUntil(response: Response, predicate: (line: CompareStreamLine) => boolean) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const lines: CompareStreamLine[] = [];
  let buffer = "";
  const pump = async (stopAt?: (line: CompareStreamLine) => boolean) => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const parts = buffer.split("\n");
      buffer = parts.pop() ?? "";
      for (const part of parts) if (part) lines.push(JSON.parse(part));
      if (stopAt && lines.some(stopAt)) return;
    }
  };
  await pump(predicate);
  return { lines, readRest: async () => (await pump(), lines) };
}

async function errorOf(response: Response) {
  return ApiErrorSchema.parse(await response.json()).error;
}

async function storeGenerated(messages: number, seed: number): Promise<string> {
  return (await storeSession({ session: generateSession({ seed, messages }), sessionCount: 1, pick: 0 })).id;
}

/** The row a direct replay gives: what the comparison's row must equal. */
async function directRow(options: { sessionId: string; strategy: string; settings: Record<string, unknown>; window: number; label: string }): Promise<CompareRow> {
  const session = await loadSession(options.sessionId);
  const result = await replaySession({ session, strategy: strategiesById[options.strategy], settings: options.settings, window: options.window });
  const none = await replaySession({ session, strategy: strategiesById.none, window: options.window });
  return buildCompareRow({ label: options.label, session, result, probes: extractProbes(session), baseline: none, noneTotal: totalTokensSent(none), summarizer: "extractive", model: null });
}

describe("compare / sweep / multi route handlers (real Requests, fresh SQLite database, the fake Anthropic server)", () => {
  useTestDatabase("sqlite");
  let fake: FakeAnthropicServer;
  let sessionId: string;
  let otherSessionId: string;
  const savedEnv = { key: process.env.ANTHROPIC_API_KEY, url: process.env.ANTHROPIC_BASE_URL };

  beforeAll(async () => {
    fake = await startFakeAnthropicServer({ expectedApiKey: SECRET_KEY, slowMs: 10_000, retryAfterMs: 10 });
    process.env.ANTHROPIC_BASE_URL = fake.url;
    delete process.env.ANTHROPIC_API_KEY;
    sessionId = await storeGenerated(160, 7);
    otherSessionId = await storeGenerated(120, 8);
  });
  afterAll(async () => {
    await fake.close();
    process.env.ANTHROPIC_BASE_URL = savedEnv.url;
    if (savedEnv.key !== undefined) process.env.ANTHROPIC_API_KEY = savedEnv.key;
  });

  it("compares 2 configurations: rows equal a direct replay's buildCompareRow, each stored as an ordinary finished run", async () => {
    const started = performance.now();
    const lines = await readLines(
      await compare(
        post(`${BASE}/sessions/${sessionId}/compare`, {
          window: 60_000,
          configs: [{ strategy: "opencode" }, { strategy: "trim-messages", settings: { maxConversationMessages: 10 } }],
        }),
        params(sessionId),
      ),
    );
    console.log(`compare, 2 configurations on a 160-message session: ${(performance.now() - started).toFixed(0)} ms`);
    expect(lines[0]).toMatchObject({ type: "started", configs: 2, sessions: 1 });
    // what it was asked comes back to a follower (a reload fills the builder from it), with the options' defaults
    expect((lines[0] as Line<"started">).setup).toEqual({
      sessionIds: [sessionId],
      configs: [{ strategy: "opencode", settings: {} }, { strategy: "trim-messages", settings: { maxConversationMessages: 10 } }],
      options: { window: 60_000, outputReserve: 0, estimator: "chars4", summarizer: "extractive", judge: false, cacheProvider: "auto", cacheTtl: "auto", recordedRewrites: true },
    });
    expect(lines.at(-1)).toEqual({ type: "done", rows: 2, failed: 0 });
    expect(linesOf(lines, "aggregate")).toEqual([]);
    // one job per configuration: rows come in the order their jobs end (two workers may finish the second first)
    const rows = linesOf(lines, "row").sort((a, b) => a.index - b.index);
    expect(rows.map((line) => line.index)).toEqual([0, 1]);
    const startedLabels = linesOf(lines, "config-started").sort((a, b) => a.index - b.index).map((line) => line.label);
    expect(startedLabels).toEqual(["opencode", "trim-messages maxConversationMessages=10"]);

    const expected = [
      await directRow({ sessionId, strategy: "opencode", settings: {}, window: 60_000, label: "opencode" }),
      await directRow({ sessionId, strategy: "trim-messages", settings: { maxConversationMessages: 10 }, window: 60_000, label: "trim-messages maxConversationMessages=10" }),
    ];
    expect(rows.map((line) => line.row)).toEqual(expected);
    expect(expected[0].compactions).toBeGreaterThan(0);
    expect(expected[1].tokensSavedVsNone).toBeGreaterThan(0);
    expect((lines[0] as Line<"started">).totalSteps).toBe(2 * rows[0].curve.length);

    const session = await loadSession(sessionId);
    for (const line of rows) {
      expect(line.sessionId).toBe(sessionId);
      const run = await getRun(line.runId);
      expect(run.status).toBe("done");
      expect(run.result!.steps.map((step) => step.contextTokens)).toEqual(line.curve);
      const { cost } = priceRun({ session, result: run.result!, cost: {}, summarizerModel: null });
      const figures = await computeRunFigures({ session, result: run.result!, estimator: "chars4", model: null, summarizerFailures: 0, cost });
      expect(RunSummarySchema.parse(presentRunSummary(run))).toMatchObject({ ...figures, options: { window: 60_000, summarizer: "extractive", estimator: "chars4" } });
    }
    // progress is throttled (at most ten lines a second over the whole stream)
    expect(linesOf(lines, "progress").length).toBeLessThanOrEqual(Math.ceil((performance.now() - started) / 100) + 1);
  });

  it.each([
    [{ configs: [{ strategy: "none" }, { strategy: "trim-messages", settings: { maxConversationMessages: 0 } }] }, "invalid_settings", "configs.1.settings.maxConversationMessages", /Configuration 1 .*maxConversationMessages/],
    [{ configs: [{ strategy: "none" }, { strategy: "trim-messages", settings: { bogus: 1 } }] }, "invalid_settings", "configs.1.settings.bogus", /bogus/],
    [{ configs: [{ strategy: "nope" }, { strategy: "none" }] }, "unknown_strategy", "configs.0.strategy", /"nope"/],
    [{ configs: [{ strategy: "none" }, { strategy: "pi" }], summarizer: "anthropic" }, "missing_api_key", "apiKey", /ANTHROPIC_API_KEY/],
    [{ configs: [{ strategy: "none" }, { strategy: "pi" }], judge: true }, "missing_api_key", "judge", /ANTHROPIC_API_KEY/],
    [{ configs: [{ strategy: "none" }] }, "invalid_request", "configs", /configs/],
  ])("a bad request %j → 400 %s naming %s, nothing stored", async (body, code, path, message) => {
    const prisma = await db();
    const before = await prisma.run.count();
    const response = await compare(post(`${BASE}/sessions/${sessionId}/compare`, body), params(sessionId));
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(error.issues?.map((issue) => issue.path)).toContain(path);
    expect(await prisma.run.count()).toBe(before);
  });

  it("a comparison priced at another model: keeper's rows plan for that model's cache, as a direct replay told it does", async () => {
    const lines = await readLines(
      await compare(post(`${BASE}/sessions/${sessionId}/compare`, { window: 16_000, costModel: "gpt-5.5", configs: [{ strategy: "none" }, { strategy: "keeper" }] }), params(sessionId)),
    );
    expect(lines.at(-1)).toEqual({ type: "done", rows: 2, failed: 0 });
    const keeper = linesOf(lines, "row").find((line) => line.index === 1)!;
    const session = await loadSession(sessionId);
    const planned = await replaySession({ session, strategy: strategiesById.keeper, window: 16_000, sessionCache: runSessionCache(session, { costModel: "gpt-5.5" }) });
    const own = await replaySession({ session, strategy: strategiesById.keeper, window: 16_000 });
    expect(keeper.curve).toEqual(planned.steps.map((step) => step.contextTokens));
    expect(keeper.curve).not.toEqual(own.steps.map((step) => step.contextTokens));
    expect(keeper.row.cost?.provider).toBe("openai");
  });

  it("an unknown session → 404 naming it", async () => {
    const response = await compare(post(`${BASE}/sessions/missing-one/compare`, { configs: [{ strategy: "none" }, { strategy: "pi" }] }), params("missing-one"));
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: "not_found:session", message: expect.stringContaining("missing-one") });
  });

  it("a 2×2 sweep → 4 rows with their cells, labels and settings, in x-major order", async () => {
    const lines = await readLines(
      await sweep(
        post(`${BASE}/sessions/${sessionId}/sweep`, {
          strategy: "opencode",
          window: 60_000,
          settings: { prune: false },
          x: { key: "contextLimit", values: [40_000, 60_000] },
          y: { key: "auto", values: [true, false] },
        }),
        params(sessionId),
      ),
    );
    // rows stream in the order their runs end (workers replay them at once); their indices are x-major
    const rows = linesOf(lines, "row").sort((a, b) => a.index - b.index);
    expect(rows.map((line) => line.cell)).toEqual([
      { x: 40_000, y: true },
      { x: 40_000, y: false },
      { x: 60_000, y: true },
      { x: 60_000, y: false },
    ]);
    expect(rows.map((line) => line.row.config)).toEqual(["contextLimit=40000, auto=true", "contextLimit=40000, auto=false", "contextLimit=60000, auto=true", "contextLimit=60000, auto=false"]);
    for (const line of rows) expect(line.row.settings).toMatchObject({ prune: false, contextLimit: line.cell!.x, auto: line.cell!.y });
    // auto off never compacts; the cells differ where the setting matters
    expect(rows[1].row.compactions).toBe(0);
    expect(rows[0].row.compactions).toBeGreaterThan(0);
    expect(lines.at(-1)).toEqual({ type: "done", rows: 4, failed: 0 });
    // what the sweep was asked travels with `started` (the stream's and a later follower's), never as a compare setup
    const asked = { strategy: "opencode", settings: { prune: false }, x: { key: "contextLimit", values: [40_000, 60_000] }, y: { key: "auto", values: [true, false] } };
    const started = lines[0] as Line<"started">;
    expect(started.setup).toBeUndefined();
    expect(started.sweep).toMatchObject({ ...asked, options: { window: 60_000, estimator: "chars4", summarizer: "extractive", judge: false } });
    expect(started.sweep!.options).not.toHaveProperty("sweep");
    const followed = await readLines(await followComparison(new Request(`${BASE}/comparisons/${started.comparisonId}/stream`), params(started.comparisonId!)));
    expect((followed[0] as Line<"started">).sweep).toEqual(started.sweep);

    const oneAxis = linesOf(await readLines(await sweep(post(`${BASE}/sessions/${sessionId}/sweep`, { strategy: "trim-messages", x: { key: "maxConversationMessages", values: [5, 40] } }), params(sessionId))), "row").sort((a, b) => a.index - b.index);
    expect(oneAxis.map((line) => [line.row.config, line.cell])).toEqual([
      ["maxConversationMessages=5", { x: 5 }],
      ["maxConversationMessages=40", { x: 40 }],
    ]);

    const bad = await sweep(post(`${BASE}/sessions/${sessionId}/sweep`, { strategy: "trim-messages", x: { key: "maxConversationMessages", values: [5, "lots"] } }), params(sessionId));
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toMatchObject({ code: "invalid_settings", issues: [{ path: "configs.1.settings.maxConversationMessages" }], message: expect.stringContaining("maxConversationMessages=lots") });
  });

  it("multi over 2 sessions: rows per session, then the aggregate's mean and worst per configuration", async () => {
    const lines = await readLines(
      await multi(
        post(`${BASE}/compare/multi`, {
          sessionIds: [sessionId, otherSessionId],
          window: 60_000,
          configs: [{ strategy: "trim-messages", settings: { maxConversationMessages: 8 } }, { strategy: "observation-masking" }],
        }),
        undefined,
      ),
    );
    expect(lines[0]).toMatchObject({ type: "started", configs: 2, sessions: 2 });
    // rows stream in the order their jobs end: put them in the request's order (sessions, then configurations)
    const sessionOrder = [sessionId, otherSessionId];
    const rows = linesOf(lines, "row").sort((a, b) => sessionOrder.indexOf(a.sessionId!) - sessionOrder.indexOf(b.sessionId!) || a.index - b.index);
    expect(rows.map((line) => [line.sessionId, line.index])).toEqual([
      [sessionId, 0],
      [sessionId, 1],
      [otherSessionId, 0],
      [otherSessionId, 1],
    ]);
    const [aggregate] = linesOf(lines, "aggregate");
    expect(lines.at(-1)).toEqual({ type: "done", rows: 4, failed: 0 });
    expect(lines.at(-2)).toBe(aggregate);
    for (const index of [0, 1]) {
      const [a, b] = rows.filter((line) => line.index === index).map((line) => line.row);
      expect(a.totalTokensSent).not.toBe(b.totalTokensSent);
      expect(aggregate.rows[index]).toEqual({
        config: a.config,
        strategy: a.strategy,
        sessions: 2,
        mean: {
          peakContextTokens: (a.peakContextTokens + b.peakContextTokens) / 2,
          totalTokensSent: (a.totalTokensSent + b.totalTokensSent) / 2,
          tokensSavedVsNone: (a.tokensSavedVsNone + b.tokensSavedVsNone) / 2,
          compactions: (a.compactions + b.compactions) / 2,
          retention: (a.retention.overall! + b.retention.overall!) / 2,
          // scored on one exam per session: the mean recall with its 95% interval over the sessions
          recall: { figure: (a.continuationRecall!.overall! + b.continuationRecall!.overall!) / 2, low: expect.any(Number), high: expect.any(Number) },
        },
        worst: {
          peakContextTokens: Math.max(a.peakContextTokens, b.peakContextTokens),
          totalTokensSent: Math.max(a.totalTokensSent, b.totalTokensSent),
          tokensSavedVsNone: Math.min(a.tokensSavedVsNone, b.tokensSavedVsNone),
          compactions: Math.max(a.compactions, b.compactions),
          retention: Math.min(a.retention.overall!, b.retention.overall!),
          recall: { figure: Math.min(a.continuationRecall!.overall!, b.continuationRecall!.overall!), low: expect.any(Number), high: expect.any(Number) },
        },
      });
      const { mean, worst } = aggregate.rows[index] as { mean: { recall: { figure: number; low: number; high: number } }; worst: { recall: { figure: number; low: number; high: number } } };
      for (const recall of [mean.recall, worst.recall]) expect(recall.low <= recall.figure && recall.figure <= recall.high).toBe(true);
    }

    const missing = await multi(post(`${BASE}/compare/multi`, { sessionIds: [sessionId, "no-such-session"], configs: [{ strategy: "none" }] }), undefined);
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toMatchObject({ code: "not_found:session", message: expect.stringContaining("no-such-session") });
  });

  it("judge mode asks the fake server about each configuration's final context; a garbled judge is that configuration's error", async () => {
    const body = { window: 60_000, judge: true, apiKey: SECRET_KEY, configs: [{ strategy: "none" }, { strategy: "trim-messages", settings: { maxConversationMessages: 6 } }] };
    const response = await compare(post(`${BASE}/sessions/${sessionId}/compare`, body), params(sessionId));
    const text = await response.clone().text();
    const lines = await readLines(response);
    const [none, trim] = linesOf(lines, "row").map((line) => line.row);
    expect(none.judged).toMatchObject({ asked: expect.any(Number), model: expect.any(String) });
    expect(none.judged!.asked).toBeGreaterThan(0);
    // the fake judge answers honestly: `none` keeps everything, a tight trim loses some
    expect(none.judged!.overall).toBe(1);
    expect(trim.judged!.overall).toBeLessThan(1);
    expect(fake.requests.some((request) => request.path === "/v1/messages")).toBe(true);
    expect(text).not.toContain(SECRET_KEY);

    const garbled = await readLines(await compare(post(`${BASE}/sessions/${sessionId}/compare`, { ...body, model: "fake-garbled" }), params(sessionId)));
    const errors = linesOf(garbled, "config-error");
    expect(errors.map((line) => [line.index, line.error.code])).toEqual([
      [0, "judge_failed"],
      [1, "judge_failed"],
    ]);
    expect(garbled.at(-1)).toEqual({ type: "done", rows: 0, failed: 2 });
    // the replay itself succeeded: the run is stored and opens in the playground
    expect((await getRun(errors[0].runId!)).status).toBe("done");
  });

  it("count-tokens counts each session once for all its configurations; a failing count_tokens fails them all, reported", async () => {
    const countCalls = () => fake.requests.filter((request) => request.path === "/v1/messages/count_tokens").length;
    const before = countCalls();
    const body = { window: 60_000, estimator: "count-tokens", apiKey: SECRET_KEY, model: "lab-test-model", configs: [{ strategy: "none" }, { strategy: "trim-messages", settings: { maxConversationMessages: 6 } }] };
    const lines = await readLines(await compare(post(`${BASE}/sessions/${otherSessionId}/compare`, body), params(otherSessionId)));
    const rows = linesOf(lines, "row").map((line) => line.row);
    expect(rows.map((row) => row.estimator)).toEqual(["count-tokens", "count-tokens"]);
    expect(rows[1].tokensSavedVsNone).toBe(rows[0].totalTokensSent - rows[1].totalTokensSent);
    const counted = countCalls() - before;
    expect(counted).toBeGreaterThan(0);
    // twice the configurations, no more count_tokens requests: a session is counted once per worker and options
    // (the worker keeps the counts of the same session, window and model for the next comparison)
    const again = countCalls();
    const four = [...body.configs, { strategy: "trim-messages", settings: { maxConversationMessages: 10 } }, { strategy: "observation-masking" }];
    expect(linesOf(await readLines(await compare(post(`${BASE}/sessions/${otherSessionId}/compare`, { ...body, configs: four }), params(otherSessionId))), "row")).toHaveLength(4);
    expect(countCalls() - again).toBeLessThanOrEqual(counted);

    const failing = await readLines(await compare(post(`${BASE}/sessions/${otherSessionId}/compare`, { ...body, model: "fake-server-error" }), params(otherSessionId)));
    const errors = linesOf(failing, "config-error");
    expect(errors.map((line) => line.error.code)).toEqual(["count_tokens_failed", "count_tokens_failed"]);
    expect(errors[0].error.message).toMatch(/server_error/);
    expect(failing.at(-1)).toEqual({ type: "done", rows: 0, failed: 2 });
    for (const line of errors) expect(await getRun(line.runId!)).toMatchObject({ status: "failed", result: null });
    expect(JSON.stringify(failing)).not.toContain(SECRET_KEY);
  });

  it("cancelling the comparison stops it: the running run and every later one are stored `cancelled`, finished rows stay", async () => {
    const response = await compare(
      post(`${BASE}/sessions/${sessionId}/compare`, {
        window: 60_000,
        summarizer: "anthropic",
        model: "fake-slow",
        apiKey: SECRET_KEY,
        configs: [{ strategy: "trim-messages" }, { strategy: "opencode" }, { strategy: "pi" }, { strategy: "none" }],
      }),
      params(sessionId),
    );
    const stream = await readUntil(response, (line) => line.type === "config-started" && line.index === 1);
    const runIds = linesOf(stream.lines, "config-started").map((line) => line.runId);
    // opencode now waits on the slow fake server for its first summary
    await expect.poll(() => fake.requests.filter((request) => request.behaviour === "slow").length).toBeGreaterThan(0);
    const comparisonId = (stream.lines[0] as Line<"started">).comparisonId!;
    expect(comparisonId).toBeTruthy();
    const cancelled = await cancelComparison(new Request(`${BASE}/comparisons/${comparisonId}/cancel`, { method: "POST" }), params(comparisonId));
    expect(await cancelled.json()).toEqual({ comparisonId, cancelling: 3 });
    const lines = await stream.readRest();
    // the finished row stays: the stream ends done, with the three cancelled counted apart from failures
    expect(lines.at(-1)).toEqual({ type: "done", rows: 1, failed: 0, cancelled: 3 });
    expect(linesOf(lines, "row").map((line) => line.index)).toEqual([0]);
    expect(linesOf(lines, "config-error").map((line) => [line.index, line.error.code])).toEqual([
      [1, "cancelled"],
      [2, "cancelled"],
      [3, "cancelled"],
    ]);
    const stored = await (await db()).run.findMany({ where: { id: { in: linesOf(lines, "config-error").map((line) => line.runId!) } } });
    expect(stored.map((run) => run.status)).toEqual(["cancelled", "cancelled", "cancelled"]);
    expect((await getRun(runIds[0])).status).toBe("done");
  });

  it("one configuration's run cancelled while the others finish: the stream ends done with the count cancelled, not an error", async () => {
    const response = await compare(
      post(`${BASE}/sessions/${sessionId}/compare`, {
        window: 60_000,
        summarizer: "anthropic",
        model: "fake-slow",
        apiKey: SECRET_KEY,
        configs: [{ strategy: "trim-messages" }, { strategy: "opencode" }, { strategy: "none" }],
      }),
      params(sessionId),
    );
    const stream = await readUntil(response, (line) => line.type === "config-started" && line.index === 1);
    const slowRunId = linesOf(stream.lines, "config-started").find((line) => line.index === 1)!.runId;
    await expect.poll(() => fake.requests.filter((request) => request.behaviour === "slow").length).toBeGreaterThan(0);
    expect((await cancelRun(new Request(`${BASE}/runs/${slowRunId}/cancel`, { method: "POST" }), params(slowRunId))).status).toBeLessThan(300);
    const lines = [...stream.lines, ...(await stream.readRest())];
    expect(linesOf(lines, "row").map((line) => line.index).sort()).toEqual([0, 2]);
    expect(linesOf(lines, "config-error").map((line) => [line.index, line.error.code])).toEqual([[1, "cancelled"]]);
    expect(lines.filter((line) => line.type === "error")).toEqual([]);
    expect(lines.at(-1)).toEqual({ type: "done", rows: 2, failed: 0, cancelled: 1 });
  });

  it("a comparison is jobs: the client going away stops following only; GET /api/comparisons/:id/stream replays its rows and follows it to the end", async () => {
    const client = new AbortController();
    const response = await compare(
      post(`${BASE}/sessions/${sessionId}/compare`, { window: 60_000, configs: [{ strategy: "opencode" }, { strategy: "pi" }, { strategy: "trim-messages" }] }, { signal: client.signal }),
      params(sessionId),
    );
    const { lines } = await readUntil(response, (line) => line.type === "started");
    client.abort();
    const comparisonId = (lines[0] as Line<"started">).comparisonId!;
    const followed = await readLines(await followComparison(new Request(`${BASE}/comparisons/${comparisonId}/stream`), params(comparisonId)));
    expect(followed[0]).toMatchObject({ type: "started", configs: 3, sessions: 1, comparisonId });
    expect(linesOf(followed, "row").map((line) => line.index).sort()).toEqual([0, 1, 2]);
    expect(followed.at(-1)).toEqual({ type: "done", rows: 3, failed: 0 });
    // a late follower (a reload, another instance) gets the same rows at once
    const again = await readLines(await followComparison(new Request(`${BASE}/comparisons/${comparisonId}/stream`), params(comparisonId)));
    expect(linesOf(again, "row").map((line) => line.row)).toEqual(expect.arrayContaining(linesOf(followed, "row").map((line) => line.row)));
    expect((await followComparison(new Request(`${BASE}/comparisons/missing/stream`), params("missing"))).status).toBe(404);
  });
});
