import { describe, expect, it } from "vitest";
import { buildSession } from "../engine/testing/build-session";
import { useFakeModelServers } from "../testing/use-fake-model-servers";
import { ANTHROPIC_COMPACTION_BETA, ANTHROPIC_ON_DEMAND_COMPACTION_BETA, createAnthropicCompaction } from "./anthropic-compaction";
import { AnthropicSummarizerError } from "./anthropic-summarizer-error";
import { FAKE_COMPACTION_MARKER } from "../testing/fake-llm/fake-anthropic-server";
import { createOpenAICompaction, responsesInputOf } from "./openai-compaction";
import { resolveOpenAIEndpoint } from "./openai-endpoint";
import { OpenAISummarizerError } from "./openai-summarizer-error";

const KEY = "sk-lab-compaction-key-0011223344";
const session = buildSession([
  { user: "Fix the failing date test in src/lib/dates.ts" },
  { assistant: "Running the tests.", tools: [{ name: "bash", input: { command: "npm test -- dates" }, output: "FAIL ".repeat(300) }] },
  { user: "Keep the public API unchanged." },
]);

const fakes = useFakeModelServers();

describe("Anthropic server-side compaction (compact_20260112) against the fake", () => {
  it("sends the documented edit and beta, and reads the compaction block's readable summary", async () => {
    const anthropic = await fakes.startAnthropic();
    const compact = createAnthropicCompaction({ model: "lab-test-model", apiKey: KEY, baseURL: anthropic.url, triggerTokens: 100, instructions: "Keep file paths.", maxRetries: 0 });
    const result = await compact({ messages: session.messages });
    expect(result.summary).toContain(FAKE_COMPACTION_MARKER);
    expect(result.itemTokens).toBeGreaterThan(0);
    expect(result.usage.input).toBeGreaterThan(100);
    const request = anthropic.requests[0];
    expect(request.headers["anthropic-beta"]).toContain(ANTHROPIC_COMPACTION_BETA);
    const body = request.body as { context_management: unknown; messages: { role: string }[] };
    expect(body.context_management).toEqual({ edits: [{ type: "compact_20260112", trigger: { type: "input_tokens", value: 100 }, instructions: "Keep file paths.", pause_after_compaction: true }] });
    expect(body.messages[0].role).toBe("user");
    expect(JSON.stringify(anthropic.requests)).not.toContain(KEY);
  });

  it("on demand (compact-2026-09-04): sends the compaction parameter with its instructions, no edit, and reads the block", async () => {
    const anthropic = await fakes.startAnthropic();
    const compact = createAnthropicCompaction({ model: "lab-test-model", apiKey: KEY, baseURL: anthropic.url, mode: "on-demand", instructions: "Keep file paths.", maxRetries: 0 });
    const result = await compact({ messages: session.messages });
    expect(result.summary).toContain(FAKE_COMPACTION_MARKER);
    const request = anthropic.requests[0];
    expect(request.headers["anthropic-beta"]).toContain(ANTHROPIC_ON_DEMAND_COMPACTION_BETA);
    expect(request.headers["anthropic-beta"]).not.toContain(ANTHROPIC_COMPACTION_BETA);
    const body = request.body as { compaction: unknown; context_management?: unknown };
    expect(body.compaction).toEqual({ type: "summarize", instructions: "Keep file paths." });
    expect(body.context_management).toBeUndefined();
  });

  it("under the trigger the server does not compact: empty_summary, not a silent no-op", async () => {
    const anthropic = await fakes.startAnthropic();
    const compact = createAnthropicCompaction({ model: "lab-test-model", apiKey: KEY, baseURL: anthropic.url, triggerTokens: 10_000_000, maxRetries: 0 });
    const error = await compact({ messages: session.messages }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AnthropicSummarizerError);
    expect((error as AnthropicSummarizerError).code).toBe("empty_summary");
  });

  it("server-error → server_error after the SDK's retries, a bounded number of calls", async () => {
    const anthropic = await fakes.startAnthropic({ behaviour: "server-error", retryAfterMs: 1 });
    const compact = createAnthropicCompaction({ model: "lab-test-model", apiKey: KEY, baseURL: anthropic.url, triggerTokens: 100, maxRetries: 2 });
    const error = await compact({ messages: session.messages }).catch((reason: unknown) => reason);
    expect((error as AnthropicSummarizerError).code).toBe("server_error");
    expect(anthropic.requests).toHaveLength(3);
  });
});

describe("OpenAI Responses compaction (POST /responses/compact) against the fake", () => {
  it("sends the messages as Responses input items and counts the opaque item without reading it", async () => {
    const openai = await fakes.startOpenAI();
    const compact = createOpenAICompaction({ model: "fake-gpt-mini", endpoint: resolveOpenAIEndpoint({ baseUrl: openai.url, apiKey: KEY, trusted: true }), maxRetries: 0 });
    const result = await compact({ messages: session.messages });
    expect(result.summary).toBeNull();
    expect(result.itemTokens).toBeGreaterThan(0);
    expect(openai.requests[0].path).toBe("/v1/responses/compact");
    const body = openai.requests[0].body as { model: string; input: { type?: string; role?: string }[] };
    expect(body.input.map((item) => item.type ?? item.role)).toEqual(["user", "assistant", "function_call", "function_call_output", "user"]);
  });

  it.each([
    ["malformed", "malformed_response"],
    ["server-error", "server_error"],
  ] as const)("%s → %s", async (behaviour, code) => {
    const openai = await fakes.startOpenAI({ behaviour, retryAfterMs: 1 });
    const compact = createOpenAICompaction({ model: "fake-gpt-mini", endpoint: resolveOpenAIEndpoint({ baseUrl: openai.url, apiKey: KEY, trusted: true }), maxRetries: 1 });
    const error = await compact({ messages: session.messages }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(OpenAISummarizerError);
    expect((error as OpenAISummarizerError).code).toBe(code);
  });

  it("responsesInputOf keeps every tool call beside its output", () => {
    const items = responsesInputOf(session.messages);
    const call = items.find((item) => "type" in item && item.type === "function_call") as { call_id: string };
    const output = items.find((item) => "type" in item && item.type === "function_call_output") as { call_id: string };
    expect(call.call_id).toBe(output.call_id);
  });
});

describe("the fake OpenAI server's Responses API with context_management", () => {
  it("past compact_threshold the output starts with an opaque compaction item", async () => {
    const openai = await fakes.startOpenAI();
    const post = (threshold: number) =>
      fetch(`${openai.url}/responses`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer k" },
        body: JSON.stringify({ model: "m", input: "hello ".repeat(200), context_management: [{ type: "compaction", compact_threshold: threshold }] }),
      }).then((response) => response.json() as Promise<{ output: { type: string }[] }>);
    expect((await post(10)).output.map((item) => item.type)).toEqual(["compaction", "message"]);
    expect((await post(1_000_000)).output.map((item) => item.type)).toEqual(["message"]);
  });
});
