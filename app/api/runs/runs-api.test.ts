import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "@/lib/api/contracts/schemas";
import { RunSummarySchema, StrategyInfoSchema, type CompactionPreviewView, type RunDetail, type RunStreamLine } from "@/lib/api/contracts/run-schemas";
import type { ContextSnapshot } from "@/lib/engine/simulate/context-at";
import { generateSession } from "@/lib/generator/generate-session";
import { FAKE_SUMMARY_MARKER } from "@/lib/testing/fake-llm/fake-summary";
import { DEFAULT_SUMMARY_MAX_RETRIES } from "@/lib/llm/anthropic-summarizer";
import { CIRCUIT_BREAKER_THRESHOLD } from "@/lib/runs/summarizer-circuit-breaker";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "@/lib/testing/fake-llm/fake-anthropic-server";
import { db } from "@/lib/store/db";
import { requestRunCancel } from "@/lib/store/runs";
import { loadSession, storeSession } from "@/lib/store/sessions";
import { planCompaction } from "@/lib/engine/simulate/plan-compaction";
import { strategiesById } from "@/lib/engine/strategies";
import { runSessionCache } from "@/lib/runs/price-run";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { GET as listStrategies } from "../strategies/route";
import { POST as preview } from "../sessions/[id]/preview/route";
import { GET as listRuns, POST as startRun } from "../sessions/[id]/runs/route";
import { POST as cancelRun } from "./[id]/cancel/route";
import { GET as runContext } from "./[id]/context/route";
import { DELETE as deleteRun, GET as getRun } from "./[id]/route";
import { GET as followRunRoute } from "./[id]/stream/route";

const BASE = "http://lab.test/api";
const SECRET_KEY = "sk-ant-test-per-request-SECRET-4242";
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const json = (body: unknown, init: RequestInit = {}) => ({ method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" }, ...init });

async function errorOf(response: Response) {
  return ApiErrorSchema.parse(await response.json()).error;
}

async function readLines(response: Response): Promise<RunStreamLine[]> {
  const text = await response.text();
  return text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as RunStreamLine);
}

/** Reads the stream until a line matches, returning the lines so far and the reader (to read on or cancel). */
async function readUntil(response: Response, predicate: (line: RunStreamLine) => boolean) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const lines: RunStreamLine[] = [];
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { lines, reader, done: true };
    buffer += decoder.decode(value, { stream: true });
    const parts = buffer.split("\n");
    buffer = parts.pop() ?? "";
    for (const part of parts) if (part) lines.push(JSON.parse(part));
    if (lines.some(predicate)) return { lines, reader, done: false };
  }
}

async function storeGenerated(messages: number, seed = 7): Promise<string> {
  const stored = await storeSession({ session: generateSession({ seed, messages }), sessionCount: 1, pick: 0 });
  return stored.id;
}

async function run(sessionId: string, body: Record<string, unknown>, init: RequestInit = {}) {
  return startRun(new Request(`${BASE}/sessions/${sessionId}/runs`, json(body, init)), params(sessionId));
}

async function rawRunRow(id: string) {
  return (await db()).run.findUnique({ where: { id } });
}

describe("runs API route handlers (real Requests, fresh SQLite database, the fake Anthropic server)", () => {
  useTestDatabase("sqlite");
  let fake: FakeAnthropicServer;
  let sessionId: string;
  const savedEnv = { key: process.env.ANTHROPIC_API_KEY, url: process.env.ANTHROPIC_BASE_URL };

  beforeAll(async () => {
    fake = await startFakeAnthropicServer({ expectedApiKey: SECRET_KEY, slowMs: 10_000, retryAfterMs: 10 });
    process.env.ANTHROPIC_BASE_URL = fake.url;
    delete process.env.ANTHROPIC_API_KEY;
    sessionId = await storeGenerated(160);
  });
  afterAll(async () => {
    await fake.close();
    process.env.ANTHROPIC_BASE_URL = savedEnv.url;
    if (savedEnv.key !== undefined) process.env.ANTHROPIC_API_KEY = savedEnv.key;
  });
  afterEach(() => {
    delete process.env.ANTHROPIC_API_KEY;
  });

  it("GET /api/strategies lists every strategy with its settings' JSON Schema and prompt presets", async () => {
    const body = (await (await listStrategies(new Request(`${BASE}/strategies`), undefined)).json()) as { strategies: unknown[] };
    const strategies = body.strategies.map((strategy) => StrategyInfoSchema.parse(strategy));
    const byId = new Map(strategies.map((strategy) => [strategy.id, strategy]));
    expect(byId.get("none")).toMatchObject({ prompt: null, prompts: [] });
    const opencode = byId.get("opencode")!;
    expect(opencode.settingsJsonSchema).toMatchObject({ type: "object", properties: { pruneProtect: { type: "integer" } } });
    expect(opencode.prompt?.system).toContain("summarizing conversations");
    expect(opencode.prompts.map((prompt) => prompt.name)).toEqual(["summary"]);
    expect(opencode.defaults).toMatchObject({ auto: true, prune: true });
  });

  it("POST /preview answers from the pure plan, changes with a setting, and names a bad setting", async () => {
    const ask = (body: Record<string, unknown>) => preview(new Request(`${BASE}/sessions/${sessionId}/preview`, json(body)), params(sessionId));
    const started = performance.now();
    const keep50 = (await (await ask({ strategy: "trim-messages" })).json()) as CompactionPreviewView;
    const keep10 = (await (await ask({ strategy: "trim-messages", settings: { maxConversationMessages: 10 } })).json()) as CompactionPreviewView;
    console.log(`preview ×2 on a 160-message session: ${(performance.now() - started).toFixed(0)} ms`);
    // trim-messages trims before every call: the setting shows in the context the preview starts from and ends with
    expect(keep10.tokensAfter).toBeLessThan(keep50.tokensAfter);
    expect(keep10.messagesAfter).toBeLessThan(keep50.messagesAfter);

    const pruning = (await (await ask({ strategy: "opencode", settings: { pruneProtect: 2_000, pruneMinimum: 1_000 } })).json()) as CompactionPreviewView;
    const noPrune = (await (await ask({ strategy: "opencode", settings: { prune: false } })).json()) as CompactionPreviewView;
    expect(pruning.tokensBefore).toBeLessThan(noPrune.tokensBefore);

    const opencode = (await (await ask({ strategy: "opencode", window: 60_000 })).json()) as CompactionPreviewView;
    expect(opencode.summaryPreview).toBeTruthy();
    expect(opencode.plan?.summaries).toBe(1);
    expect(opencode.tokensAfter).toBeLessThan(opencode.tokensBefore);

    const atStep = (await (await ask({ strategy: "trim-messages", settings: { maxConversationMessages: 10 }, atStep: 20 })).json()) as CompactionPreviewView;
    expect(atStep).toMatchObject({ atStep: 20, totalSteps: 20 });
    expect(keep10.totalSteps).toBeGreaterThan(20);

    const bad = await ask({ strategy: "trim-messages", settings: { maxConversationMessages: 0 } });
    expect(bad.status).toBe(400);
    const error = await errorOf(bad);
    expect(error).toMatchObject({ code: "invalid_settings", issues: [{ path: "settings.maxConversationMessages" }] });
    expect((await errorOf(await ask({ strategy: "nope" }))).code).toBe("unknown_strategy");

    // keeper previews what it would plan for the cache the run will be priced under, as the run plans it
    const keeperOwn = (await (await ask({ strategy: "keeper", window: 16_000 })).json()) as CompactionPreviewView;
    const keeperGpt = (await (await ask({ strategy: "keeper", window: 16_000, costModel: "gpt-5.5" })).json()) as CompactionPreviewView;
    const session = await loadSession(sessionId);
    const planned = (sessionCache?: ReturnType<typeof runSessionCache>) => planCompaction({ session, strategy: strategiesById.keeper, window: 16_000, sessionCache });
    expect(keeperGpt.tokensBefore).toBe(planned(runSessionCache(session, { costModel: "gpt-5.5" })).tokensBefore);
    expect(keeperOwn.tokensBefore).toBe(planned().tokensBefore);
    expect(keeperGpt.tokensBefore).not.toBe(keeperOwn.tokensBefore);
  });

  it("an extractive run streams started → events → done, is stored with figures, and serves its detail, context and list", async () => {
    const response = await run(sessionId, { strategy: "opencode", window: 60_000 });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/x-ndjson");
    const lines = await readLines(response);
    expect(lines[0]).toMatchObject({ type: "started" });
    expect(lines.at(-1)!.type).toBe("done");
    expect(lines.some((line) => line.type === "event" && line.event.type === "compaction-end")).toBe(true);
    expect(lines.some((line) => line.type === "progress")).toBe(true);
    const started = lines[0] as Extract<RunStreamLine, { type: "started" }>;
    const done = RunSummarySchema.parse((lines.at(-1) as Extract<RunStreamLine, { type: "done" }>).run);
    expect(done).toMatchObject({ id: started.runId, status: "done", strategyId: "opencode", summarizerUsage: null, estimatedCostUsd: null, error: null });
    expect(done.options).toMatchObject({ window: 60_000, summarizer: "extractive", model: null, compactAtStep: null });
    expect(done.compactions).toBeGreaterThan(0);
    expect(done.tokensAfter!).toBeLessThan(done.tokensBefore!);
    expect(done.finishedAt).not.toBeNull();

    const detail = (await (await getRun(new Request(`${BASE}/runs/${done.id}`), params(done.id))).json()) as RunDetail;
    expect(detail).toMatchObject({ ...done, session: { id: sessionId, messageCount: 160 } });
    expect(detail.result!.steps.length).toBe(started.totalSteps);
    expect(detail.result!.events.length).toBe(lines.filter((line) => line.type === "event").length);

    const final = (await (await runContext(new Request(`${BASE}/runs/${done.id}/context?step=final`), params(done.id))).json()) as ContextSnapshot;
    expect(final).toMatchObject({ step: "final", contextTokens: detail.result!.final.contextTokens });
    expect(final.messages.some((entry) => entry.purpose === "summary")).toBe(true);
    const last = started.totalSteps - 1;
    const atLast = (await (await runContext(new Request(`${BASE}/runs/${done.id}/context?step=${last}`), params(done.id))).json()) as ContextSnapshot;
    expect(atLast).toMatchObject({ step: last, contextTokens: detail.result!.steps[last].contextTokens });
    expect((await runContext(new Request(`${BASE}/runs/${done.id}/context?step=99999`), params(done.id))).status).toBe(400);

    const list = (await (await listRuns(new Request(`${BASE}/sessions/${sessionId}/runs`), params(sessionId))).json()) as { runs: unknown[] };
    expect(list.runs.map((row) => RunSummarySchema.parse(row).id)).toContain(done.id);
  });

  it("a keeper run plans for the cache it is priced under: its cost model's provider, or none", async () => {
    const trims = async (body: Record<string, unknown>) => {
      const lines = await readLines(await run(sessionId, { strategy: "keeper", window: 16_000, ...body }));
      expect(lines.at(-1)!.type).toBe("done");
      return lines.flatMap((line) => (line.type === "event" && line.event.type === "trim" ? [String(line.event.reason ?? "")] : []));
    };
    const own = await trims({ costModel: "claude-sonnet-4-5" });
    expect(own.some((reason) => reason.includes("(anthropic's 5m cache;"))).toBe(true);
    const gpt = await trims({ costModel: "gpt-5.5" });
    expect(gpt.some((reason) => reason.includes("(openai's 5m cache;"))).toBe(true);
    expect(gpt.every((reason) => !reason.includes("anthropic's"))).toBe(true);
    const uncached = await trims({ costModel: "claude-sonnet-4-5", cacheProvider: "none" });
    expect(uncached.some((reason) => reason.includes("(no prompt cache;"))).toBe(true);
  });

  it("manual compaction: compactAtStep forces a compaction before that call", async () => {
    const lines = await readLines(await run(sessionId, { strategy: "opencode", compactAtStep: 30 }));
    const ends = lines.flatMap((line) => (line.type === "event" && line.event.type === "compaction-end" ? [line.event.step] : []));
    expect(ends).toEqual([30]);
    expect(lines.at(-1)).toMatchObject({ type: "done", run: { options: { compactAtStep: 30 }, compactions: 1 } });
    const tooFar = await run(sessionId, { strategy: "opencode", compactAtStep: 100_000 });
    expect((await errorOf(tooFar)).code).toBe("invalid_step");
  });

  it("an anthropic run against the fake server stores the server's summary, usage and cost; the key is nowhere", async () => {
    const response = await run(sessionId, { strategy: "opencode", window: 60_000, summarizer: "anthropic", model: "claude-sonnet-4-5", apiKey: SECRET_KEY, instructions: "focus on the API" });
    const text = await response.clone().text();
    const lines = await readLines(response);
    const done = lines.at(-1) as Extract<RunStreamLine, { type: "done" }>;
    expect(done.type).toBe("done");
    expect(done.run.summarizerUsage!.input).toBeGreaterThan(0);
    expect(done.run.summarizerUsage!.output).toBeGreaterThan(0);
    expect(done.run.estimatedCostUsd).toBeGreaterThan(0);
    expect(done.run.options).toMatchObject({ summarizer: "anthropic", model: "claude-sonnet-4-5", instructions: "focus on the API" });
    const messagesCalls = fake.requests.filter((request) => request.path === "/v1/messages");
    expect(messagesCalls.length).toBeGreaterThan(0);

    const detail = (await (await getRun(new Request(`${BASE}/runs/${done.run.id}`), params(done.run.id))).json()) as RunDetail;
    const summaries = detail.result!.events.flatMap((event) => (event.type === "compaction-end" && event.summary ? [event.summary] : []));
    expect(summaries.length).toBe(done.run.compactions);
    const served = JSON.stringify(messagesCalls.map((call) => call.body));
    expect(served).toContain("focus on the API");
    expect(summaries.every((summary) => summary.includes(FAKE_SUMMARY_MARKER))).toBe(true);

    const row = await rawRunRow(done.run.id);
    expect(JSON.stringify(row)).not.toContain(SECRET_KEY);
    expect(text).not.toContain(SECRET_KEY);
    expect(JSON.stringify(detail)).not.toContain(SECRET_KEY);
  });

  it.each([
    // the SDK retries a 500 twice (DEFAULT_SUMMARY_MAX_RETRIES): 3 attempts per failed summary
    { behaviour: "server-error", callsPerFailure: 1 + DEFAULT_SUMMARY_MAX_RETRIES, last: /HTTP 500: anthropic summarizer: server_error: server error 500 after retries/ },
    // a 200 that is not a message, or a message without text, is not retried: one call per failed summary
    { behaviour: "malformed", callsPerFailure: 1, last: /anthropic summarizer: malformed_response: the response is not a message/ },
    { behaviour: "empty", callsPerFailure: 1, last: /anthropic summarizer: empty_summary: the model returned no summary text/ },
  ])("a summarizer that keeps failing ($behaviour): the breaker stops after 3 failures, the run is `degraded` with the upstream error, figures count no compaction", async ({ behaviour, callsPerFailure, last }) => {
    const before = fake.requests.length;
    // openclaw falls back to its fallback summary; at a 20,000 window this session asks for many more than 3 summaries
    const lines = await readLines(await run(sessionId, { strategy: "openclaw", window: 20_000, summarizer: "anthropic", model: `fake-${behaviour}`, apiKey: SECRET_KEY }));
    const calls = fake.requests.slice(before).filter((request) => request.path === "/v1/messages");
    expect(calls.length).toBe(CIRCUIT_BREAKER_THRESHOLD * callsPerFailure);
    const end = lines.at(-1) as Extract<RunStreamLine, { type: "done" }>;
    expect(end, JSON.stringify(end).slice(0, 400)).toMatchObject({ type: "done" });
    expect(end.run).toMatchObject({ status: "degraded", compactions: 0, summarizerFailures: CIRCUIT_BREAKER_THRESHOLD, summarizerUsage: { input: 0, output: 0 } });
    expect(end.run.error).toMatch(/^The summarizer failed 3 times \(last: /);
    expect(end.run.error).toMatch(last);
    // the breaker did stop something: more compactions fell back than the 3 that were attempted
    expect(end.run.fallbacks).toBeGreaterThan(CIRCUIT_BREAKER_THRESHOLD);
    expect(end.run.error).toContain(`${end.run.fallbacks - CIRCUIT_BREAKER_THRESHOLD} later compactions did not call it`);
    const fallbacks = lines.flatMap((line) => (line.type === "event" && line.event.type === "fallback" ? [line.event] : []));
    expect(fallbacks.length).toBe(end.run.fallbacks);
    expect(fallbacks.every((event) => event.outcome === "fallback-layout")).toBe(true);
    expect(String(fallbacks.at(-1)!.reason)).toMatch(/not called: the summarizer failed 3 times in a row/);
    const row = await rawRunRow(end.run.id);
    expect(row).toMatchObject({ status: "degraded", compactions: 0, error: end.run.error });
    expect(row!.result).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(SECRET_KEY);
    // the history lists it as degraded, with the same error
    const history = (await (await listRuns(new Request(`${BASE}/sessions/${sessionId}/runs`), params(sessionId))).json()) as { runs: { id: string; status: string; error: string | null }[] };
    expect(history.runs.find((listed) => listed.id === end.run.id)).toMatchObject({ status: "degraded", error: end.run.error });
  });

  it("a strategy without a fallback (opencode) against a failing summarizer: 3 failures, then `failed` with the upstream error; the replay is kept", async () => {
    const before = fake.requests.length;
    const lines = await readLines(await run(sessionId, { strategy: "opencode", window: 20_000, summarizer: "anthropic", model: "fake-server-error", apiKey: SECRET_KEY }));
    expect(fake.requests.slice(before).filter((request) => request.path === "/v1/messages").length).toBe(CIRCUIT_BREAKER_THRESHOLD * (1 + DEFAULT_SUMMARY_MAX_RETRIES));
    const end = lines.at(-1) as Extract<RunStreamLine, { type: "error" }>;
    expect(end).toMatchObject({ type: "error", error: { code: "summarizer_circuit_open" }, run: { status: "failed", compactions: 0, summarizerFailures: 3 } });
    expect(end.error.message).toMatch(/HTTP 500: .*server_error.* The strategy has no fallback: those compactions left the context unchanged\.$/);
    expect(end.run!.error).toBe(end.error.message);
    const row = await rawRunRow(end.run!.id);
    expect(row).toMatchObject({ status: "failed", compactions: 0 });
    expect(row!.result).not.toBeNull();
  });

  it("POST /api/runs/:id/cancel aborts a run mid-summary → stored `cancelled`, no result", async () => {
    const response = await run(sessionId, { strategy: "opencode", window: 60_000, summarizer: "anthropic", model: "fake-slow", apiKey: SECRET_KEY });
    const { lines, reader } = await readUntil(response, (line) => line.type === "event" && line.event.type === "compaction-start");
    const runId = (lines[0] as Extract<RunStreamLine, { type: "started" }>).runId;
    const cancelled = await cancelRun(new Request(`${BASE}/runs/${runId}/cancel`, { method: "POST" }), params(runId));
    expect(await cancelled.json()).toEqual({ runId, cancelling: true, status: "running" });
    const rest: RunStreamLine[] = [];
    const decoder = new TextDecoder();
    let buffer = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) buffer += decoder.decode(chunk.value, { stream: true });
    for (const line of buffer.split("\n").filter(Boolean)) rest.push(JSON.parse(line));
    expect(rest.at(-1)).toMatchObject({ type: "error", error: { code: "cancelled" }, run: { id: runId, status: "cancelled" } });
    const row = await rawRunRow(runId);
    expect(row).toMatchObject({ status: "cancelled", result: null, tokensAfter: null });
    expect(row!.finishedAt).not.toBeNull();
    const again = await cancelRun(new Request(`${BASE}/runs/${runId}/cancel`, { method: "POST" }), params(runId));
    expect(await again.json()).toEqual({ runId, cancelling: false, status: "cancelled" });
  });

  it("a cancel recorded by another server instance (only the row's flag, not this process's registry) ends the run `cancelled` within 2 s", async () => {
    const response = await run(sessionId, { strategy: "opencode", window: 60_000, summarizer: "anthropic", model: "fake-slow", apiKey: SECRET_KEY });
    const { lines, reader } = await readUntil(response, (line) => line.type === "event" && line.event.type === "compaction-start");
    const runId = (lines[0] as Extract<RunStreamLine, { type: "started" }>).runId;
    // what cancelRun does on an instance that does not replay the run: it can only write the flag
    const requestedAt = performance.now();
    expect(await requestRunCancel(runId)).toBe(true);
    const decoder = new TextDecoder();
    let buffer = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) buffer += decoder.decode(chunk.value, { stream: true });
    const elapsedMs = performance.now() - requestedAt;
    const last = JSON.parse(buffer.split("\n").filter(Boolean).at(-1)!) as RunStreamLine;
    expect(last).toMatchObject({ type: "error", error: { code: "cancelled" }, run: { id: runId, status: "cancelled" } });
    // the fake summary takes 10 s: only the flag's poll can end it this soon
    expect(elapsedMs).toBeLessThan(2_000);
    expect(await rawRunRow(runId)).toMatchObject({ status: "cancelled", result: null });
    expect(await requestRunCancel(runId), "an ended run takes no cancel request").toBe(false);
  });

  it("a run is a job: the client closing its stream does not cancel it, and GET /api/runs/:id/stream follows it to the end", async () => {
    const client = new AbortController();
    const response = await run(sessionId, { strategy: "opencode", window: 60_000, settings: { prune: false } }, { signal: client.signal });
    const { lines } = await readUntil(response, (line) => line.type === "started");
    const runId = (lines[0] as Extract<RunStreamLine, { type: "started" }>).runId;
    client.abort();
    const followed = await readLines(await followRunRoute(new Request(`${BASE}/runs/${runId}/stream`), params(runId)));
    expect(followed[0]).toMatchObject({ type: "started", runId });
    expect(followed.at(-1)).toMatchObject({ type: "done", run: { id: runId, status: "done" } });
    expect((await rawRunRow(runId))?.status).toBe("done");
    // an ended run's stream answers its last line at once
    const again = await readLines(await followRunRoute(new Request(`${BASE}/runs/${runId}/stream`), params(runId)));
    expect(again.map((line) => line.type)).toEqual(expect.arrayContaining(["started", "done"]));
    expect((await followRunRoute(new Request(`${BASE}/runs/missing/stream`), params("missing"))).status).toBe(404);
  });

  it("an anthropic run without a key is refused before anything runs", async () => {
    const before = (await (await db()).run.count());
    const response = await run(sessionId, { strategy: "opencode", summarizer: "anthropic" });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: "missing_api_key", message: expect.stringContaining("ANTHROPIC_API_KEY") });
    expect(await (await db()).run.count()).toBe(before);
  });

  it("404s and DELETE", async () => {
    expect((await errorOf(await run("missing", { strategy: "none" }))).code).toBe("not_found:session");
    expect((await errorOf(await preview(new Request(`${BASE}/sessions/missing/preview`, json({ strategy: "none" })), params("missing")))).code).toBe("not_found:session");
    expect((await errorOf(await listRuns(new Request(`${BASE}/sessions/missing/runs`), params("missing")))).code).toBe("not_found:session");
    expect((await errorOf(await getRun(new Request(`${BASE}/runs/missing`), params("missing")))).code).toBe("not_found:run");
    expect((await errorOf(await runContext(new Request(`${BASE}/runs/missing/context`), params("missing")))).code).toBe("not_found:run");
    expect((await errorOf(await cancelRun(new Request(`${BASE}/runs/missing/cancel`, { method: "POST" }), params("missing")))).code).toBe("not_found:run");
    expect((await deleteRun(new Request(`${BASE}/runs/missing`, { method: "DELETE" }), params("missing"))).status).toBe(404);

    const lines = await readLines(await run(sessionId, { strategy: "none" }));
    const id = (lines[0] as Extract<RunStreamLine, { type: "started" }>).runId;
    expect((await deleteRun(new Request(`${BASE}/runs/${id}`, { method: "DELETE" }), params(id))).status).toBe(204);
    expect((await getRun(new Request(`${BASE}/runs/${id}`), params(id))).status).toBe(404);
  });

  it("a 2,000-message generated session runs to the end", async () => {
    const bigId = await storeGenerated(2_000, 11);
    const started = performance.now();
    const lines = await readLines(await run(bigId, { strategy: "opencode", window: 60_000 }));
    const elapsed = performance.now() - started;
    const done = lines.at(-1) as Extract<RunStreamLine, { type: "done" }>;
    expect(done.type).toBe("done");
    console.log(
      `2,000-message run (opencode, 60K window, extractive): ${elapsed.toFixed(0)} ms, ${(lines[0] as { totalSteps: number }).totalSteps} steps, ` +
        `${done.run.compactions} compactions, ${done.run.prunes} prunes, peak ${done.run.tokensBefore} → ${done.run.tokensAfter} tokens`,
    );
  });
});
