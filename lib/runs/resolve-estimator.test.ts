import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BadRequestError, UpstreamError } from "../api/contracts/errors";
import { EstimatorIdSchema } from "../api/contracts/run-schemas";
import { replaySession } from "../engine/simulate/replay-session";
import { noneStrategy } from "../engine/strategies/none";
import { buildSession } from "../engine/testing/build-session";
import { MESSAGE_OVERHEAD_TOKENS } from "../engine/tokens/chars4";
import { COUNT_TOKENS_ESTIMATOR_ID } from "../llm/count-tokens-estimator";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "../testing/fake-llm/fake-anthropic-server";
import { checkReplayEstimator, COUNT_TOKENS_ESTIMATOR, offlineEstimatorId, resolveReplayEstimator } from "./resolve-estimator";

const KEY = "sk-ant-resolve-estimator-test-1234";
const USER_TEXT = 'Fix "parse()" in parser.ts:\n\tit fails on "quoted" input';
const session = buildSession([
  { user: USER_TEXT },
  {
    assistant: "Reading the parser.",
    tools: [{ name: "read", input: { path: "lib/parser.ts" }, output: 'export function parse(input: string) {\n\treturn JSON.parse("\\"" + input + "\\"");\n}\n'.repeat(8) }],
  },
  { assistant: "Fixed: the input is escaped now." },
]);

const saved = { key: process.env.ANTHROPIC_API_KEY, url: process.env.ANTHROPIC_BASE_URL };
let fake: FakeAnthropicServer;
beforeAll(async () => {
  fake = await startFakeAnthropicServer({ expectedApiKey: KEY, retryAfterMs: 5 });
  process.env.ANTHROPIC_BASE_URL = fake.url;
});
afterEach(() => {
  delete process.env.ANTHROPIC_API_KEY;
});
afterAll(async () => {
  await fake.close();
  process.env.ANTHROPIC_BASE_URL = saved.url;
  if (saved.key !== undefined) process.env.ANTHROPIC_API_KEY = saved.key;
});

const countRequests = () => fake.requests.filter((request) => request.path === "/v1/messages/count_tokens");

describe("resolveReplayEstimator", () => {
  it.each(["chars4", "calibrated", "bpe"])("passes the offline estimator %s through without a key or a request", async (id) => {
    const before = fake.requests.length;
    await expect(resolveReplayEstimator({ estimator: id, session })).resolves.toBe(id);
    expect(fake.requests.length).toBe(before);
  });

  it("names the estimator field for an unknown id and for count-tokens without a key, before any request", async () => {
    const before = fake.requests.length;
    await expect(resolveReplayEstimator({ estimator: "tiktoken", session })).rejects.toMatchObject({ code: "unknown_estimator", path: "estimator" });
    const missing = resolveReplayEstimator({ estimator: "count-tokens", session });
    await expect(missing).rejects.toBeInstanceOf(BadRequestError);
    await expect(missing).rejects.toMatchObject({ code: "missing_api_key", path: "estimator", message: expect.stringContaining("ANTHROPIC_API_KEY") });
    process.env.ANTHROPIC_API_KEY = "";
    expect(() => checkReplayEstimator({ estimator: "count-tokens" })).toThrow(/needs an API key/);
    expect(fake.requests.length).toBe(before);
  });

  it("count-tokens: precounts through the SDK, then replays with the fake server's counts (pinned) — not chars/4's", async () => {
    const before = countRequests().length;
    let precounted: { parts: number; counted: number } | undefined;
    const estimator = await resolveReplayEstimator({ estimator: "count-tokens", session, apiKey: KEY, model: "lab-test-model", onPrecounted: (figures) => (precounted = figures) });
    expect(typeof estimator).toBe("function");
    // 5 parts (user text, assistant text ×2, tool call, tool result), each distinct: 5 counts + the framing probe
    expect(precounted).toEqual({ parts: 5, counted: 6 });
    const sent = countRequests().slice(before);
    expect(sent).toHaveLength(6);
    expect(sent.every((request) => request.status === 200 && (request.body as { model: string }).model === "lab-test-model")).toBe(true);
    expect(JSON.stringify(fake.requests)).not.toContain(KEY);

    const exact = await replaySession({ session, strategy: noneStrategy, estimator });
    const chars4 = await replaySession({ session, strategy: noneStrategy, estimator: "chars4" });
    expect(exact.estimatorId).toBe("count-tokens");
    // the fake counts ceil(JSON.stringify(["", [{role:"user",content:text}]]).length / 4); the framing probe "x" counts
    // ceil(36/4) = 9, so 8 is taken off each count. Step 0 sends the user message: 4 (message overhead) + its count.
    const userCount = Math.ceil(JSON.stringify(["", [{ role: "user", content: USER_TEXT }]]).length / 4) - 8;
    expect(exact.steps[0].contextTokens).toBe(MESSAGE_OVERHEAD_TOKENS + userCount);
    expect(exact.steps.map((step) => step.contextTokens)).toEqual([20, 243]);
    expect(exact.final.contextTokens).toBe(256);
    expect(chars4.steps.map((step) => step.contextTokens)).toEqual([18, 202]);

    // the replay itself calls nothing: a second replay (a fresh estimator from the same factory) makes no request
    const requestsAfterPrecount = fake.requests.length;
    const again = await replaySession({ session, strategy: noneStrategy, estimator });
    expect(again.steps.map((step) => step.contextTokens)).toEqual([20, 243]);
    expect(fake.requests.length).toBe(requestsAfterPrecount);
  });

  it("a failing count_tokens rejects with UpstreamError count_tokens_failed saying why, never the key", async () => {
    const failing = resolveReplayEstimator({ estimator: "count-tokens", session, apiKey: KEY, model: "fake-server-error" });
    await expect(failing).rejects.toBeInstanceOf(UpstreamError);
    await expect(failing).rejects.toMatchObject({ code: "count_tokens_failed", message: expect.stringContaining("server_error") });
    await expect(failing).rejects.toSatisfy((error: Error) => !error.message.includes(KEY));

    const refused = resolveReplayEstimator({ estimator: "count-tokens", session, apiKey: "sk-ant-wrong-key", model: "lab-test-model" });
    await expect(refused).rejects.toMatchObject({ code: "count_tokens_failed", message: expect.stringContaining("auth") });
  });

  it("an aborted signal rejects with the abort, not as a count_tokens failure", async () => {
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    const aborted = resolveReplayEstimator({ estimator: "count-tokens", session, apiKey: KEY, signal: controller.signal });
    await expect(aborted).rejects.not.toBeInstanceOf(UpstreamError);
  });

  it("agrees with the wire schema and the llm estimator on ids; the preview's offline stand-in", () => {
    expect(COUNT_TOKENS_ESTIMATOR).toBe(COUNT_TOKENS_ESTIMATOR_ID);
    expect(EstimatorIdSchema.options).toContain(COUNT_TOKENS_ESTIMATOR);
    expect(offlineEstimatorId("count-tokens")).toBe("chars4");
    expect(offlineEstimatorId("bpe")).toBe("bpe");
  });
});
