import { afterEach, describe, expect, it } from "vitest";
import { buildSession } from "../engine/testing/build-session";
import { CHECKPOINT_SUMMARY_FORMAT, NARRATIVE_SUMMARY_FORMAT } from "../engine/summarize/summary-formats";
import type { SummarizeRequest } from "../engine/summarize/summarizer";
import { createAnthropicSummarizer, type AnthropicSummarizerOptions } from "./anthropic-summarizer";
import { AnthropicSummarizerError, type AnthropicSummarizerErrorCode } from "./anthropic-summarizer-error";
import { startFakeAnthropicServer, type FakeAnthropicServer, type FakeAnthropicServerOptions } from "../testing/fake-llm/fake-anthropic-server";
import { FAKE_SUMMARY_MARKER } from "../testing/fake-llm/fake-summary";

// a neutral model id: deprecated ids make the SDK warn
const MODEL = "lab-test-model";
const KEY = "sk-lab-test-per-request-key-0123456789";

const session = buildSession([
  { user: "Fix the failing date test in src/lib/dates.ts" },
  { assistant: "Running the tests.", tools: [{ name: "bash", input: { command: "npm test -- dates" }, output: "FAIL src/lib/dates.test.ts\nExpected 2 got 3", isError: true }] },
  { assistant: "Reading the file.", tools: [{ name: "read", input: { path: "src/lib/dates.ts" }, output: "export function addDays() {}" }] },
  { user: "Also keep the public API unchanged." },
]);

const checkpointRequest: SummarizeRequest = {
  system: "You are a conversation summarizer.\n\n## Goal\n## Progress\n## Critical Context",
  instructions: "Summarize the conversation above.",
  format: CHECKPOINT_SUMMARY_FORMAT,
  messages: session.messages,
};

let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(serverOptions: FakeAnthropicServerOptions = {}, summarizerOptions: Partial<AnthropicSummarizerOptions> = {}) {
  server = await startFakeAnthropicServer(serverOptions);
  const summarize = createAnthropicSummarizer({ model: MODEL, apiKey: KEY, baseURL: server.url, maxRetries: 0, timeoutMs: 5_000, ...summarizerOptions });
  return { server, summarize };
}

async function failureOf(promise: Promise<unknown>): Promise<AnthropicSummarizerError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AnthropicSummarizerError);
  return error as AnthropicSummarizerError;
}

/** The one user turn the fake server received for request `index`. */
function sentUserText(fake: FakeAnthropicServer, index = 0): string {
  const body = fake.requests[index].body as { messages: { role: string; content: string }[] };
  expect(body.messages).toHaveLength(1);
  expect(body.messages[0].role).toBe("user");
  return body.messages[0].content;
}

describe("createAnthropicSummarizer against the fake server (real SDK, real HTTP)", () => {
  it("returns the server's summary and usage; temperature 0, no tools, the strategy's prompts, transcript as text", async () => {
    const { server, summarize } = await setup();
    const result = await summarize(checkpointRequest);

    expect(result.text.startsWith(FAKE_SUMMARY_MARKER)).toBe(true);
    expect(result.text).toContain("## Goal");
    expect(result.text).toContain("src/lib/dates.ts");
    expect(result.text).toContain("`npm test -- dates`");
    expect(result.usage.input).toBeGreaterThan(0);
    expect(result.usage.output).toBe(Math.ceil(result.text.length / 4));

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request.path).toBe("/v1/messages");
    const body = request.body as Record<string, unknown>;
    expect(body).toMatchObject({ model: MODEL, temperature: 0, max_tokens: 4_096, system: checkpointRequest.system });
    expect(body).not.toHaveProperty("tools");
    expect(body).not.toHaveProperty("tool_choice");
    expect(body.stream).toBeUndefined();
    const user = sentUserText(server);
    expect(user).toMatch(/^<transcript>\n\[1\] USER:\nFix the failing date test/);
    expect(user).toContain('→ tool call bash (c0): {"command":"npm test -- dates"}');
    expect(user).toContain("← tool result bash (c0), error:\nFAIL src/lib/dates.test.ts");
    expect(user.endsWith("</transcript>\n\nSummarize the conversation above.")).toBe(true);
  });

  it("streams when asked and returns the same text", async () => {
    const { server, summarize } = await setup({}, { stream: true });
    const streamed = await summarize(checkpointRequest);
    expect((server.requests[0].body as { stream?: boolean }).stream).toBe(true);
    const plain = await createAnthropicSummarizer({ model: MODEL, apiKey: KEY, baseURL: server.url, maxRetries: 0 })(checkpointRequest);
    expect(streamed).toEqual(plain);
  });

  it("sends the per-request key as Bearer and never lets it reach the server's record or an error", async () => {
    const { server, summarize } = await setup({ expectedApiKey: KEY });
    await summarize(checkpointRequest);
    expect(server.requests[0].headers.authorization).toBe("Bearer [redacted]");
    expect(server.requests[0].headers).not.toHaveProperty("x-api-key");
    expect(server.requests[0].headers["anthropic-version"]).toBeTruthy();

    const wrongKey = createAnthropicSummarizer({ model: MODEL, apiKey: `${KEY}-wrong`, baseURL: server.url, maxRetries: 0 });
    const error = await failureOf(wrongKey(checkpointRequest));
    expect(error.code).toBe("auth");
    expect(error.status).toBe(401);
    const everything = JSON.stringify(server.requests) + error.message + String(error.stack);
    expect(everything).not.toContain(KEY);
  });

  it("appends the run's custom instructions after the strategy's", async () => {
    const { server, summarize } = await setup({}, { customInstructions: "focus on the API changes" });
    await summarize(checkpointRequest);
    expect(sentUserText(server).endsWith("Summarize the conversation above.\n\nAdditional instructions for this summary: focus on the API changes")).toBe(true);
  });

  it("renders previousSummary as seed 004's UPDATE layout (existing summary, then the new conversation)", async () => {
    const { server, summarize } = await setup();
    const previousSummary = "## Goal\nFix the date test\n\n## Critical Context\n- src/lib/dates.ts";
    const result = await summarize({ ...checkpointRequest, system: "You are updating a conversation summary.", previousSummary, messages: session.messages.slice(3) });
    const user = sentUserText(server);
    expect(user.startsWith(`## Existing Summary\n\n${previousSummary}\n\n## New Conversation\n\n<transcript>\n[1] ASSISTANT:\nReading the file.`)).toBe(true);
    expect(result.text).toContain("updating an existing summary");
  });

  it("takes the run's output cap over the strategy's", async () => {
    const { server, summarize } = await setup({}, { maxOutputTokens: 1_000 });
    await summarize({ ...checkpointRequest, maxOutputTokens: 8_000 });
    await createAnthropicSummarizer({ model: MODEL, apiKey: KEY, baseURL: server.url })({ ...checkpointRequest, maxOutputTokens: 8_000 });
    expect(server.requests.map((request) => (request.body as { max_tokens: number }).max_tokens)).toEqual([1_000, 8_000]);
  });

  it("retries a 429 after the server's retry-after and then succeeds", async () => {
    const { server, summarize } = await setup({ behaviour: "rate-limit-then-ok", retryAfterMs: 1_500 }, { maxRetries: 2 });
    const started = performance.now();
    const result = await summarize(checkpointRequest);
    const elapsed = performance.now() - started;
    expect(result.text.startsWith(FAKE_SUMMARY_MARKER)).toBe(true);
    expect(server.requests.map((request) => request.status)).toEqual([429, 200]);
    expect(server.requests.map((request) => request.headers["x-stainless-retry-count"])).toEqual(["0", "1"]);
    // waited what retry-after-ms asked (1.5 s), not the SDK's default backoff (375–500 ms on the first retry): only a
    // lower bound, which a busy machine cannot break (an upper bound failed CI at 476 ms on a machine at load 20)
    expect(elapsed).toBeGreaterThanOrEqual(1_450);
  });

  it("gives up on a 429 when retries are exhausted: rate_limited", async () => {
    const { server, summarize } = await setup({ behaviour: "rate-limit-then-ok" }, { maxRetries: 0 });
    const error = await failureOf(summarize(checkpointRequest));
    expect(error.code).toBe("rate_limited");
    expect(server.requests).toHaveLength(1);
  });

  it("retries a 500 and then fails with server_error", async () => {
    const { server, summarize } = await setup({ behaviour: "server-error", retryAfterMs: 10 }, { maxRetries: 2 });
    const error = await failureOf(summarize(checkpointRequest));
    expect(error).toMatchObject({ code: "server_error", status: 500 });
    expect(error.message).toContain("fake internal server error");
    expect(server.requests).toHaveLength(3);
  });

  it("times out on a slow server: timeout", async () => {
    const { summarize } = await setup({ behaviour: "slow", slowMs: 3_000 }, { timeoutMs: 200 });
    const started = performance.now();
    const error = await failureOf(summarize(checkpointRequest));
    expect(error.code).toBe("timeout");
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it.each([
    ["malformed", false, "malformed_response"],
    ["malformed", true, "malformed_response"],
    ["empty", false, "empty_summary"],
    ["empty", true, "empty_summary"],
  ] as const)("%s (stream %s) → %s", async (behaviour, stream, code) => {
    const { summarize } = await setup({ behaviour }, { stream });
    const error = await failureOf(summarize(checkpointRequest));
    expect(error.code).toBe(code satisfies AnthropicSummarizerErrorCode);
  });

  it("picks the behaviour per request from the model name", async () => {
    const { server } = await setup();
    const summarize = createAnthropicSummarizer({ model: "fake-429-then-ok", apiKey: KEY, baseURL: server.url, maxRetries: 1 });
    await summarize(checkpointRequest);
    expect(server.requests.map((request) => [request.behaviour, request.status])).toEqual([
      ["rate-limit-then-ok", 429],
      ["rate-limit-then-ok", 200],
    ]);
  });

  it("aborts: an aborted signal rejects with aborted and no text, before or during the call", async () => {
    const { server, summarize } = await setup({ behaviour: "slow", slowMs: 3_000 }, { stream: true });
    const before = new AbortController();
    before.abort();
    expect((await failureOf(summarize({ ...checkpointRequest, signal: before.signal }))).code).toBe("aborted");
    expect(server.requests).toHaveLength(0);

    const during = new AbortController();
    const pending = summarize({ ...checkpointRequest, signal: during.signal });
    setTimeout(() => during.abort(), 100);
    expect((await failureOf(pending)).code).toBe("aborted");
  });

  it("fails at creation without a key: auth", () => {
    const saved = process.env.ANTHROPIC_API_KEY;
    delete process.env.ANTHROPIC_API_KEY;
    try {
      expect(() => createAnthropicSummarizer({ model: MODEL })).toThrow(/auth: no API key/);
    } finally {
      if (saved !== undefined) process.env.ANTHROPIC_API_KEY = saved;
    }
  });

  it("summarizes a narrative request without a system prompt when the strategy gives none", async () => {
    const { server, summarize } = await setup();
    const result = await summarize({ system: "", instructions: "Format as a concise narrative summary.", format: NARRATIVE_SUMMARY_FORMAT, messages: session.messages });
    expect(server.requests[0].body).not.toHaveProperty("system");
    expect(result.text).toContain("Files: src/lib/dates.ts");
  });
});
