import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { FAKE_BEHAVIOUR_HEADER, FAKE_BEHAVIOURS, FAKE_GARBLED_TEXT, type FakeBehaviour, type FakeRequest } from "./fake-anthropic-server";
import { buildFakeSummary, FAKE_SUMMARY_MARKER } from "./fake-summary";
import { buildFakeJudgeAnswer } from "./judge-retention-fake-answer";

/** Marks every summary this server writes (the Anthropic fake's text, re-marked), so a test can tell them apart. */
export const FAKE_OPENAI_SUMMARY_MARKER = "[fake-openai summary]";
/** The models GET /v1/models lists by default. */
export const FAKE_OPENAI_MODELS = ["fake-gpt-mini", "fake-qwen-local"] as const;

export interface FakeOpenAIServerOptions {
  behaviour?: FakeBehaviour;
  port?: number;
  slowMs?: number;
  retryAfterMs?: number;
  /** when set, any other key gets 401 (compared, never recorded) */
  expectedApiKey?: string;
  /** what GET /v1/models lists; default {@link FAKE_OPENAI_MODELS} */
  models?: readonly string[];
  /** false: GET /v1/models answers 404, as some compatible servers do */
  listModels?: boolean;
}

export interface FakeOpenAIServer {
  /** the base URL for the SDK / OPENAI_BASE_URL, with its `/v1`, e.g. http://127.0.0.1:41234/v1 */
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

const ROUTES = ["/v1/chat/completions", "/v1/responses", "/v1/responses/compact"];
const ALIASES: Readonly<Record<string, FakeBehaviour>> = { "429-then-ok": "rate-limit-then-ok", "429": "rate-limit-then-ok", "500": "server-error", timeout: "slow" };

/**
 * The project's own fake OpenAI-compatible API: a real `node:http` server on 127.0.0.1 the real `openai` SDK talks
 * to. Serves `POST /v1/chat/completions`, `POST /v1/responses` (with `context_management: [{type: "compaction",
 * compact_threshold}]`: past the threshold the output starts with an opaque `compaction` item),
 * `POST /v1/responses/compact` (the input's user messages, then one `compaction` item with `encrypted_content`) and
 * `GET /v1/models`. Needs `Authorization: Bearer <key>` (any key unless `expectedApiKey`).
 *
 * The behaviours are the Anthropic fake's (`summary`, `rate-limit-then-ok`, `server-error`, `slow`, `malformed`,
 * `empty`, `garbled`), chosen the same way: header `x-fake-behaviour`, else a model named `fake-<behaviour>`, else
 * the server's default. A retention-judge request is answered honestly, like the Anthropic fake does.
 */
export async function startFakeOpenAIServer(options: FakeOpenAIServerOptions = {}): Promise<FakeOpenAIServer> {
  const requests: FakeRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const fallback = options.behaviour ?? "summary";
  const slowMs = options.slowMs ?? 5_000;
  const retryAfterMs = options.retryAfterMs ?? 50;
  let unnumbered = 0;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = parseJson(Buffer.concat(chunks).toString("utf8"));
      const path = (request.url ?? "").split("?")[0];
      const behaviour = selectBehaviour(request.headers, body, fallback);
      const record: FakeRequest = { method: request.method ?? "", path, headers: redact(request.headers), body, behaviour, status: 0 };
      requests.push(record);
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        record.status = status;
        if (response.destroyed) return;
        response.writeHead(status, { "content-type": "application/json", "x-request-id": `req_fake_${requests.length}`, ...headers });
        response.end(JSON.stringify(payload));
      };
      const key = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      if (!key) return send(401, apiError("invalid_request_error", "missing credentials: send Authorization: Bearer <key>"));
      if (options.expectedApiKey !== undefined && key !== options.expectedApiKey) return send(401, apiError("invalid_request_error", "Incorrect API key provided"));
      if (request.method === "GET" && path === "/v1/models") {
        if (options.listModels === false) return send(404, apiError("invalid_request_error", "no route for GET /v1/models"));
        return send(200, { object: "list", data: (options.models ?? FAKE_OPENAI_MODELS).map((id) => ({ id, object: "model", created: 1_764_000_000, owned_by: "fake" })) });
      }
      if (request.method !== "POST" || !ROUTES.includes(path)) return send(404, apiError("invalid_request_error", `no route for ${request.method} ${path}`));
      const invalid = validate(body, path);
      if (invalid) return send(400, apiError("invalid_request_error", invalid));
      const payload = body as Record<string, unknown>;

      switch (behaviour) {
        case "rate-limit-then-ok": {
          const retry = request.headers["x-stainless-retry-count"];
          const first = retry === undefined ? unnumbered++ % 2 === 0 : retry === "0";
          if (first) return send(429, apiError("rate_limit_exceeded", "fake rate limit: retry after the given delay"), retryAfter(retryAfterMs));
          break;
        }
        case "server-error":
          return send(500, apiError("server_error", "fake internal server error"), retryAfter(retryAfterMs));
        case "malformed":
          return send(200, { id: "fake_malformed", object: "chat.completion", choices: "not a list", output: "not a list" });
        case "slow": {
          const timer = setTimeout(() => {
            timers.delete(timer);
            send(200, answer(path, payload, undefined));
          }, slowMs);
          timers.add(timer);
          response.on("close", () => {
            clearTimeout(timer);
            timers.delete(timer);
          });
          return;
        }
        default:
          break;
      }
      send(200, answer(path, payload, behaviour === "empty" ? "" : behaviour === "garbled" ? FAKE_GARBLED_TEXT : undefined));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The body of a successful answer on `path`. */
function answer(path: string, body: Record<string, unknown>, textOverride: string | undefined): unknown {
  const model = String(body.model);
  if (path === "/v1/chat/completions") {
    const messages = Array.isArray(body.messages) ? (body.messages as { role?: unknown; content?: unknown }[]) : [];
    const system = messages.find((message) => message.role === "system")?.content;
    const asAnthropic = { system, messages: messages.filter((message) => message.role !== "system") };
    const text = textOverride ?? buildFakeJudgeAnswer(asAnthropic) ?? remark(buildFakeSummary(asAnthropic));
    const input = tokens(JSON.stringify(messages));
    const output = tokens(text);
    return {
      id: `chatcmpl-fake-${input}`,
      object: "chat.completion",
      created: 1_764_000_000,
      model,
      choices: [{ index: 0, message: { role: "assistant", content: text, refusal: null }, finish_reason: "stop", logprobs: null }],
      usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
    };
  }
  const items = inputItems(body.input);
  const input = tokens(JSON.stringify([body.instructions ?? "", items]));
  const compaction = compactionItem(items, input);
  if (path === "/v1/responses/compact") {
    const users = items.filter((item) => item.role === "user");
    const output = tokens(compaction.encrypted_content);
    return { id: `resp_cmp_fake_${input}`, object: "response.compaction", created_at: 1_764_000_000, output: [...users, compaction], usage: usage(input, output) };
  }
  const threshold = compactThreshold(body.context_management);
  const compacted = threshold !== null && input >= threshold;
  const text = textOverride ?? remark(buildFakeSummary({ system: body.instructions, messages: items }));
  const message = { type: "message", id: `msg_fake_${input}`, status: "completed", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] };
  return {
    id: `resp_fake_${input}`,
    object: "response",
    created_at: 1_764_000_000,
    status: "completed",
    model,
    output: compacted ? [compaction, message] : [message],
    usage: usage(input, tokens(text) + (compacted ? tokens(compaction.encrypted_content) : 0)),
  };
}

/** An opaque compaction item: deterministic "encrypted" content whose size grows with the input, as a real one's does. */
function compactionItem(items: readonly { role?: unknown }[], inputTokens: number) {
  const digest = createHash("sha256").update(JSON.stringify(items)).digest("base64");
  const size = Math.max(1, Math.min(64, Math.ceil(inputTokens / 200)));
  return { type: "compaction" as const, id: `cmp_fake_${inputTokens}`, encrypted_content: `gAAAAfake${digest.repeat(size)}` };
}

function compactThreshold(value: unknown): number | null {
  if (!Array.isArray(value)) return null;
  const entry = value.find((item): item is { type: string; compact_threshold?: unknown } => typeof item === "object" && item !== null && (item as { type?: unknown }).type === "compaction");
  if (!entry) return null;
  return typeof entry.compact_threshold === "number" ? entry.compact_threshold : 0;
}

function inputItems(input: unknown): { role?: unknown; content?: unknown; type?: unknown }[] {
  if (typeof input === "string") return [{ role: "user", content: input, type: "message" }];
  return Array.isArray(input) ? (input as { role?: unknown }[]) : [];
}

function usage(input: number, output: number) {
  return { input_tokens: input, input_tokens_details: { cached_tokens: 0 }, output_tokens: output, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: input + output };
}

function remark(summary: string): string {
  return summary.replace(FAKE_SUMMARY_MARKER, FAKE_OPENAI_SUMMARY_MARKER).replace("the fake Anthropic server", "the fake OpenAI-compatible server");
}

function tokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function validate(body: unknown, path: string): string | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "the body must be a JSON object";
  const record = body as Record<string, unknown>;
  if (typeof record.model !== "string" || record.model.length === 0) return "model: field required";
  if (path === "/v1/chat/completions" && (!Array.isArray(record.messages) || record.messages.length === 0)) return "messages: at least one message is required";
  if (path !== "/v1/chat/completions" && record.input === undefined) return "input: field required";
  return null;
}

function selectBehaviour(headers: http.IncomingHttpHeaders, body: unknown, fallback: FakeBehaviour): FakeBehaviour {
  const header = headers[FAKE_BEHAVIOUR_HEADER];
  const fromHeader = typeof header === "string" ? toBehaviour(header) : undefined;
  if (fromHeader) return fromHeader;
  const model = typeof body === "object" && body !== null && typeof (body as { model?: unknown }).model === "string" ? (body as { model: string }).model : "";
  return (model.startsWith("fake-") ? toBehaviour(model.slice("fake-".length)) : undefined) ?? fallback;
}

function toBehaviour(name: string): FakeBehaviour | undefined {
  const lower = name.trim().toLowerCase();
  return (FAKE_BEHAVIOURS as readonly string[]).includes(lower) ? (lower as FakeBehaviour) : ALIASES[lower];
}

function redact(headers: http.IncomingHttpHeaders): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(", ") : value;
    result[name] = name === "authorization" ? "Bearer [redacted]" : name === "api-key" || name === "proxy-authorization" ? "[redacted]" : text;
  }
  return result;
}

function retryAfter(ms: number): Record<string, string> {
  return { "retry-after-ms": String(ms), "retry-after": String(Math.max(1, Math.ceil(ms / 1000))) };
}

function apiError(type: string, message: string) {
  return { error: { message, type, param: null, code: null } };
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
