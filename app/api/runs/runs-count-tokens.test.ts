import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "@/lib/api/contracts/schemas";
import { RunSummarySchema, type CompactionPreviewView, type RunDetail, type RunStreamLine } from "@/lib/api/contracts/run-schemas";
import { replaySession } from "@/lib/engine/simulate/replay-session";
import { noneStrategy } from "@/lib/engine/strategies/none";
import { generateSession } from "@/lib/generator/generate-session";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "@/lib/testing/fake-llm/fake-anthropic-server";
import { resolveReplayEstimator } from "@/lib/runs/resolve-estimator";
import { db } from "@/lib/store/db";
import { storeSession } from "@/lib/store/sessions";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { POST as preview } from "../sessions/[id]/preview/route";
import { POST as startRun } from "../sessions/[id]/runs/route";
import { GET as getRun } from "./[id]/route";

const BASE = "http://lab.test/api";
const SECRET_KEY = "sk-ant-test-count-tokens-SECRET-5151";
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });

async function readLines(response: Response): Promise<{ text: string; lines: RunStreamLine[] }> {
  const text = await response.text();
  return { text, lines: text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as RunStreamLine) };
}

describe("runs API with the count-tokens estimator (real Requests, fresh SQLite database, the fake Anthropic server)", () => {
  useTestDatabase("sqlite");
  const generated = generateSession({ seed: 7, messages: 160 });
  let fake: FakeAnthropicServer;
  let sessionId: string;
  const savedEnv = { key: process.env.ANTHROPIC_API_KEY, url: process.env.ANTHROPIC_BASE_URL };
  const run = (body: Record<string, unknown>) => startRun(new Request(`${BASE}/sessions/${sessionId}/runs`, json(body)), params(sessionId));
  const countCalls = () => fake.requests.filter((request) => request.path === "/v1/messages/count_tokens");

  beforeAll(async () => {
    fake = await startFakeAnthropicServer({ expectedApiKey: SECRET_KEY, retryAfterMs: 5 });
    process.env.ANTHROPIC_BASE_URL = fake.url;
    delete process.env.ANTHROPIC_API_KEY;
    sessionId = (await storeSession({ session: generated, sessionCount: 1, pick: 0 })).id;
  });
  afterAll(async () => {
    await fake.close();
    process.env.ANTHROPIC_BASE_URL = savedEnv.url;
    if (savedEnv.key !== undefined) process.env.ANTHROPIC_API_KEY = savedEnv.key;
  });
  afterEach(() => {
    delete process.env.ANTHROPIC_API_KEY;
  });

  it("a count-tokens run precounts through the fake server, replays and baselines with its counts; the key is nowhere", async () => {
    const before = countCalls().length;
    const { text, lines } = await readLines(await run({ strategy: "opencode", window: 60_000, estimator: "count-tokens", apiKey: SECRET_KEY, model: "lab-test-model" }));
    const done = lines.at(-1) as Extract<RunStreamLine, { type: "done" }>;
    expect(done.type, JSON.stringify(lines.at(-1))).toBe("done");
    const precount = lines.flatMap((line) => (line.type === "event" && line.event.type === "precount" ? [String(line.event.message)] : []));
    expect(precount).toHaveLength(2);
    expect(precount[1]).toMatch(/^count_tokens: \d+ parts, \d+ requests$/);
    // every count comes before the replay's first step
    expect(lines.findIndex((line) => line.type === "event" && line.event.type === "precount" && String(line.event.message).startsWith("count_tokens:"))).toBeLessThan(
      lines.findIndex((line) => line.type === "progress"),
    );
    const counted = countCalls().slice(before);
    expect(counted.length).toBeGreaterThan(100);
    expect(counted.every((request) => request.status === 200 && (request.body as { model: string }).model === "lab-test-model")).toBe(true);

    const summary = RunSummarySchema.parse(done.run);
    expect(summary.options.estimator).toBe("count-tokens");
    const detail = (await (await getRun(new Request(`${BASE}/runs/${summary.id}`), params(summary.id))).json()) as RunDetail;
    expect(detail.result!.estimatorId).toBe("count-tokens");

    // the `none` baseline used the same counts: the same peak as a none replay over a fresh precount (without
    // compaction the context only grows: its peak is the context after the last message)
    const estimator = await resolveReplayEstimator({ estimator: "count-tokens", session: generated, apiKey: SECRET_KEY, model: "lab-test-model" });
    const baseline = await replaySession({ session: generated, strategy: noneStrategy, estimator });
    const chars4Baseline = await replaySession({ session: generated, strategy: noneStrategy, estimator: "chars4" });
    const peak = (replay: typeof baseline) => Math.max(...replay.steps.map((step) => step.contextTokens), replay.final.contextTokens);
    expect(summary.tokensBefore).toBe(peak(baseline));
    expect(summary.tokensBefore).toBe(baseline.final.contextTokens);
    expect(summary.tokensBefore).not.toBe(peak(chars4Baseline));
    console.log(`160-message generated session, none peak: count-tokens ${summary.tokensBefore} vs chars4 ${peak(chars4Baseline)}; opencode peak ${summary.tokensAfter}; ${counted.length} count_tokens requests`);

    const row = await (await db()).run.findUnique({ where: { id: summary.id } });
    expect(JSON.stringify(row)).not.toContain(SECRET_KEY);
    expect(text).not.toContain(SECRET_KEY);
    expect(JSON.stringify(fake.requests)).not.toContain(SECRET_KEY);
  });

  it("a failing count_tokens ends the run with a count_tokens_failed line and a failed row without a result", async () => {
    const { lines } = await readLines(await run({ strategy: "opencode", estimator: "count-tokens", apiKey: SECRET_KEY, model: "fake-server-error" }));
    const end = lines.at(-1) as Extract<RunStreamLine, { type: "error" }>;
    expect(end).toMatchObject({ type: "error", error: { code: "count_tokens_failed", message: expect.stringContaining("server_error") } });
    expect(lines.some((line) => line.type === "progress")).toBe(false);
    expect(end.run).toMatchObject({ status: "failed", error: end.error.message, tokensBefore: null, tokensAfter: null });
    const row = await (await db()).run.findUnique({ where: { id: end.run!.id } });
    expect(row).toMatchObject({ status: "failed", result: null });
    expect(JSON.stringify(row)).not.toContain(SECRET_KEY);
  });

  it("count-tokens without a key is refused with missing_api_key on the estimator field before a row is stored", async () => {
    const rows = await (await db()).run.count();
    const response = await run({ strategy: "opencode", estimator: "count-tokens" });
    expect(response.status).toBe(400);
    const { error } = ApiErrorSchema.parse(await response.json());
    expect(error).toMatchObject({ code: "missing_api_key", issues: [{ path: "estimator" }], message: expect.stringContaining("ANTHROPIC_API_KEY") });
    expect(await (await db()).run.count()).toBe(rows);
  });

  it("ANTHROPIC_API_KEY on the server serves a count-tokens run; the preview stays offline (chars/4)", async () => {
    process.env.ANTHROPIC_API_KEY = SECRET_KEY;
    const { lines } = await readLines(await run({ strategy: "none", estimator: "count-tokens" }));
    expect(lines.at(-1)!.type).toBe("done");

    const before = fake.requests.length;
    const ask = async (estimator: string) =>
      (await (await preview(new Request(`${BASE}/sessions/${sessionId}/preview`, json({ strategy: "opencode", window: 60_000, estimator })), params(sessionId))).json()) as CompactionPreviewView;
    const [exact, chars4] = [await ask("count-tokens"), await ask("chars4")];
    expect(exact.tokensBefore).toBeGreaterThan(0);
    expect(exact).toEqual(chars4);
    expect(fake.requests.length).toBe(before);
  });
});
