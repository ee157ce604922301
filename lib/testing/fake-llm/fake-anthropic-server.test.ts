import { afterEach, describe, expect, it } from "vitest";
import { FAKE_BEHAVIOUR_HEADER, startFakeAnthropicServer, type FakeAnthropicServer } from "./fake-anthropic-server";
import { buildFakeSummary, FAKE_SUMMARY_MARKER } from "./fake-summary";

let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const body = (model = "lab-test-model", extra: object = {}) =>
  JSON.stringify({ model, max_tokens: 100, messages: [{ role: "user", content: "hello" }], ...extra });

async function post(path: string, options: { body?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${server!.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer secret-key-123", ...options.headers },
    body: options.body ?? body(),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe("fake Anthropic server (plain fetch)", () => {
  it("listens on an ephemeral 127.0.0.1 port and records requests with credentials redacted", async () => {
    server = await startFakeAnthropicServer();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await post("/v1/messages", { headers: { "x-api-key": "other-secret" } });
    expect(server.requests[0].headers.authorization).toBe("Bearer [redacted]");
    expect(server.requests[0].headers["x-api-key"]).toBe("[redacted]");
    expect(JSON.stringify(server.requests)).not.toMatch(/secret-key-123|other-secret/);
  });

  it.each([
    ["no credentials", "/v1/messages", { authorization: "" }, body(), 401],
    ["unknown path", "/v1/complete", {}, body(), 404],
    ["no max_tokens", "/v1/messages", {}, JSON.stringify({ model: "m", messages: [{ role: "user", content: "x" }] }), 400],
    ["not JSON", "/v1/messages", {}, "{", 400],
  ])("%s → %i-style error body", async (_name, path, headers, requestBody, status) => {
    server = await startFakeAnthropicServer();
    const response = await post(path, { headers, body: requestBody });
    expect(response.status).toBe(status);
    expect(JSON.parse(response.text)).toMatchObject({ type: "error", error: { type: expect.any(String), message: expect.any(String) } });
  });

  it("selects the behaviour by header over model name over the server default", async () => {
    server = await startFakeAnthropicServer({ behaviour: "empty", retryAfterMs: 1_500 });
    expect((await post("/v1/messages", { headers: { [FAKE_BEHAVIOUR_HEADER]: "server-error" }, body: body("fake-malformed") })).status).toBe(500);
    const limited = await post("/v1/messages", { body: body("fake-429-then-ok") });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after-ms")).toBe("1500");
    expect(limited.headers.get("retry-after")).toBe("2");
    // without the SDK's retry-count header, every other request is limited
    expect((await post("/v1/messages", { body: body("fake-429-then-ok") })).status).toBe(200);
    expect(JSON.parse((await post("/v1/messages")).text).content).toEqual([{ type: "text", text: "" }]);
    expect(server.requests.map((request) => request.behaviour)).toEqual(["server-error", "rate-limit-then-ok", "rate-limit-then-ok", "empty"]);
  });

  it("streams SSE frames in the Messages API order", async () => {
    server = await startFakeAnthropicServer();
    const response = await post("/v1/messages", { body: body("lab-test-model", { stream: true }) });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const events = [...response.text.matchAll(/^event: (\w+)$/gm)].map((match) => match[1]);
    expect(events[0]).toBe("message_start");
    expect(events.slice(-3)).toEqual(["content_block_stop", "message_delta", "message_stop"]);
    const text = [...response.text.matchAll(/"text_delta","text":("(?:[^"\\]|\\.)*")/g)].map((match) => JSON.parse(match[1]) as string).join("");
    expect(text.startsWith(FAKE_SUMMARY_MARKER)).toBe(true);
  });

  it("answers count_tokens deterministically", async () => {
    server = await startFakeAnthropicServer();
    const first = JSON.parse((await post("/v1/messages/count_tokens")).text) as { input_tokens: number };
    const second = JSON.parse((await post("/v1/messages/count_tokens")).text) as { input_tokens: number };
    expect(first.input_tokens).toBeGreaterThan(0);
    expect(second).toEqual(first);
  });

  it("closes promptly with a slow response still pending", async () => {
    server = await startFakeAnthropicServer({ behaviour: "slow", slowMs: 10_000 });
    const pending = post("/v1/messages").catch(() => "closed");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await server.close();
    server = undefined;
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await pending).toBe("closed");
  });
});

describe("buildFakeSummary", () => {
  it("echoes the prompt's headings, not the transcript's, and lists paths and commands from text and tool inputs", () => {
    const summary = buildFakeSummary({
      system: "Use this format:\n## Format\n## Goal\n## Critical Context",
      messages: [
        { role: "user", content: '<transcript>\n## Not a heading\n→ tool call bash (c1): {"command":"git status"}\nsee lib/a/b.ts\n</transcript>\n\n1. Immediate Next Step' },
        { role: "assistant", content: [{ type: "tool_use", id: "t", name: "bash", input: { command: "npm run build" } }] },
      ],
    });
    expect(summary.split("\n").filter((line) => /^(##|\d+\.) /.test(line))).toEqual(["## Goal", "## Critical Context", "1. Immediate Next Step"]);
    expect(summary).toContain("Files: lib/a/b.ts");
    expect(summary).toContain("`git status`; `npm run build`");
    expect(buildFakeSummary({ system: "## Goal", messages: [{ role: "user", content: "x" }] })).toBe(buildFakeSummary({ system: "## Goal", messages: [{ role: "user", content: "x" }] }));
  });
});
