import { afterEach, describe, expect, it } from "vitest";
import { buildSession } from "../engine/testing/build-session";
import { messageTokensWith, type Estimator } from "../engine/tokens/estimator";
import { estimatePartTokens } from "../engine/tokens/chars4";
import { AnthropicSummarizerError } from "./anthropic-summarizer-error";
import { createCountTokensEstimator, createTokenCounter, precountSession, type TokenCounter } from "./count-tokens-estimator";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "../testing/fake-llm/fake-anthropic-server";

const session = buildSession([
  { user: "Add a --json flag to the export command" },
  { assistant: "Looking at the command.", tools: [{ name: "read", input: { path: "lib/cli/export.ts" }, output: "export function run() {}\n".repeat(20) }] },
  { assistant: "", tools: [{ name: "screenshot", input: {}, output: "captured", images: 1 }] },
  { user: "Add a --json flag to the export command" },
]);

let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(): Promise<{ server: FakeAnthropicServer; counter: TokenCounter }> {
  server = await startFakeAnthropicServer();
  const counter = createTokenCounter({ model: "lab-test-model", apiKey: "test-key", baseURL: server.url, maxRetries: 0 });
  return { server, counter: counter! };
}

const countRequests = (fake: FakeAnthropicServer) => fake.requests.filter((request) => request.path === "/v1/messages/count_tokens").length;

describe("count_tokens counter", () => {
  it("is absent without a key", () => {
    const saved = process.env.ANTHROPIC_API_KEY;
    delete process.env.ANTHROPIC_API_KEY;
    try {
      expect(createTokenCounter({ model: "lab-test-model" })).toBeNull();
    } finally {
      if (saved !== undefined) process.env.ANTHROPIC_API_KEY = saved;
    }
  });

  it("counts each distinct message once; a second count of the same messages makes no new request", async () => {
    const { server, counter } = await setup();
    const first = await counter.countMessages(session.messages);
    const requestsAfterFirst = countRequests(server);
    // 1 framing probe + one per distinct message (messages 0 and the last have the same content)
    expect(requestsAfterFirst).toBe(1 + session.messages.length - 1);
    expect(first[0]).toBe(first.at(-1));
    expect(first.every((tokens) => tokens > 0)).toBe(true);

    const second = await counter.countMessages(session.messages);
    expect(second).toEqual(first);
    expect(countRequests(server)).toBe(requestsAfterFirst);
    expect(counter.requests).toBe(requestsAfterFirst);
    expect(server.requests.every((request) => request.headers.authorization === "Bearer [redacted]")).toBe(true);
  });

  it("pre-counts a session's parts so a synchronous estimator answers from the cache, falling back for the rest", async () => {
    const { server, counter } = await setup();
    const { parts, counted } = await precountSession(counter, session);
    expect(parts).toBe(6); // every part except the tool result carrying an image
    expect(counted).toBe(1 + 5); // the framing probe + the distinct parts (the repeated user text once)
    expect((await precountSession(counter, session)).counted).toBe(0);
    expect(countRequests(server)).toBe(6);

    const estimator = createCountTokensEstimator({ cache: counter.cache });
    const readResult = session.messages[2].parts[0];
    expect([...counter.cache.values()]).toContain(estimator.partTokens(readResult));
    expect(estimator.partTokens(readResult)).not.toBe(estimatePartTokens(readResult));

    const imageResult = session.messages[4].parts[0];
    expect(estimator.partTokens(imageResult)).toBe(estimatePartTokens(imageResult));
    const placeholder = { type: "text" as const, text: "[Old tool result content cleared]" };
    expect(estimator.partTokens(placeholder)).toBe(estimatePartTokens(placeholder));
    expect(messageTokensWith({ ...estimator, id: "chars4" } as Estimator, session.messages[0])).toBeGreaterThan(0);
  });

  it("fails with a specific error when the endpoint fails", async () => {
    server = await startFakeAnthropicServer({ behaviour: "server-error", retryAfterMs: 5 });
    const counter = createTokenCounter({ model: "lab-test-model", apiKey: "test-key", baseURL: server.url, maxRetries: 0 })!;
    await expect(counter.countMessages(session.messages)).rejects.toBeInstanceOf(AnthropicSummarizerError);
    await expect(counter.countMessages(session.messages)).rejects.toMatchObject({ code: "server_error" });
  });
});
