import http from "node:http";
import type { AddressInfo } from "node:net";
import { buildFakeSummary } from "./fake-summary";
import { buildFakeJudgeAnswer } from "./judge-retention-fake-answer";

export const FAKE_BEHAVIOURS = ["summary", "rate-limit-then-ok", "server-error", "slow", "malformed", "empty", "garbled"] as const;
/**
 * What the fake server does with a request:
 * - `summary`: 200 with {@link buildFakeSummary}'s text (JSON, or SSE when the body says `stream: true`);
 * - `rate-limit-then-ok`: 429 with `retry-after` on a call's first attempt, then the summary on its retry;
 * - `server-error`: 500 every time;
 * - `slow`: the summary, after `slowMs` (longer than a client's time limit);
 * - `malformed`: 200 with JSON that is not a message (no content list, no usage);
 * - `empty`: a valid message whose only text block is empty;
 * - `garbled`: a valid message whose text is prose, not the JSON list a retention-judge request asks for
 *   (a summarizer accepts it as a summary).
 *
 * A retention-judge request (`lib/llm/judge-retention-prompt.ts`) is answered by `buildFakeJudgeAnswer` instead
 * of a summary: "yes" exactly when the probe's text occurs in the context sent.
 */
export type FakeBehaviour = (typeof FAKE_BEHAVIOURS)[number];

/** Per-request selection: this header, else a model named `fake-<behaviour>` (or an alias), else the server's. */
export const FAKE_BEHAVIOUR_HEADER = "x-fake-behaviour";
const BEHAVIOUR_ALIASES: Readonly<Record<string, FakeBehaviour>> = {
  "429-then-ok": "rate-limit-then-ok",
  "429": "rate-limit-then-ok",
  "500": "server-error",
  timeout: "slow",
};
const REDACTED = "[redacted]";
const STREAM_CHUNK_CHARS = 40;
/** What `garbled` answers: a reply in words where a JSON list was asked for. */
export const FAKE_GARBLED_TEXT = "Most of those items are still in the context, I think.";

export interface FakeRequest {
  method: string;
  path: string;
  /** request headers, with `authorization` / `x-api-key` values replaced by "[redacted]" */
  headers: Record<string, string>;
  /** the parsed JSON body (null when it was not JSON) */
  body: unknown;
  behaviour: FakeBehaviour;
  status: number;
}

export interface FakeAnthropicServerOptions {
  /** the server's default behaviour (default `summary`) */
  behaviour?: FakeBehaviour;
  /** 0 (default) = an ephemeral port */
  port?: number;
  /** how long `slow` waits before answering (default 5,000 ms) */
  slowMs?: number;
  /** what 429 and 500 responses ask the client to wait, as retry-after-ms / retry-after (default 50 ms) */
  retryAfterMs?: number;
  /** when set, any other key gets 401 (the key is compared, never recorded) */
  expectedApiKey?: string;
}

export interface FakeAnthropicServer {
  /** the base URL to give the SDK / ANTHROPIC_BASE_URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /** every request received, in order, secrets redacted */
  requests: FakeRequest[];
  close(): Promise<void>;
}

/**
 * The project's own fake Anthropic Messages API: a real HTTP server on 127.0.0.1 that the real SDK talks to.
 * Serves `POST /v1/messages` (JSON, or SSE with `stream: true`) and `POST /v1/messages/count_tokens`.
 * Accepts `Authorization: Bearer <key>` (SDK 1.12) and `x-api-key`; without either it answers 401.
 * Behaviours are chosen per server, or per request by header or model name (see {@link FakeBehaviour}).
 */
export async function startFakeAnthropicServer(options: FakeAnthropicServerOptions = {}): Promise<FakeAnthropicServer> {
  const requests: FakeRequest[] = [];
  const pendingTimers = new Set<NodeJS.Timeout>();
  const settings = {
    behaviour: options.behaviour ?? "summary",
    slowMs: options.slowMs ?? 5_000,
    retryAfterMs: options.retryAfterMs ?? 50,
    expectedApiKey: options.expectedApiKey,
  };
  let unnumberedAttempts = 0;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const body = parseJson(raw);
      const behaviour = selectBehaviour(request.headers, body, settings.behaviour);
      const record: FakeRequest = { method: request.method ?? "", path: (request.url ?? "").split("?")[0], headers: redactHeaders(request.headers), body, behaviour, status: 0 };
      requests.push(record);
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        record.status = status;
        if (response.destroyed) return;
        response.writeHead(status, { "content-type": "application/json", "request-id": `req_fake_${requests.length}`, ...headers });
        response.end(JSON.stringify(payload));
      };

      const authError = checkAuth(request.headers, settings.expectedApiKey);
      if (authError) return send(401, apiError("authentication_error", authError));
      if (request.method !== "POST" || !["/v1/messages", "/v1/messages/count_tokens"].includes(record.path)) {
        return send(404, apiError("not_found_error", `no route for ${request.method} ${record.path}`));
      }
      const invalid = validateBody(body, record.path);
      if (invalid) return send(400, apiError("invalid_request_error", invalid));
      const message = body as MessagesBody;

      switch (behaviour) {
        case "rate-limit-then-ok": {
          // the SDK numbers its attempts; without that header (curl) every other request is limited
          const retryHeader = request.headers["x-stainless-retry-count"];
          const firstAttempt = retryHeader === undefined ? unnumberedAttempts++ % 2 === 0 : retryHeader === "0";
          if (firstAttempt) return send(429, apiError("rate_limit_error", "fake rate limit: retry after the given delay"), retryAfter(settings.retryAfterMs));
          break;
        }
        case "server-error":
          return send(500, apiError("api_error", "fake internal server error"), retryAfter(settings.retryAfterMs));
        case "malformed":
          record.status = 200;
          if (message.stream === true) return sendMalformedStream(response);
          return send(200, { id: "msg_fake_malformed", type: "message", content: "this is not a list of content blocks" });
        case "slow": {
          const timer = setTimeout(() => {
            pendingTimers.delete(timer);
            respond(record, message, response, send);
          }, settings.slowMs);
          pendingTimers.add(timer);
          response.on("close", () => {
            clearTimeout(timer);
            pendingTimers.delete(timer);
          });
          return;
        }
        default:
          break;
      }
      respond(record, message, response, send, behaviour === "empty" ? "" : behaviour === "garbled" ? FAKE_GARBLED_TEXT : undefined);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of pendingTimers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface MessagesBody {
  model: string;
  max_tokens?: number;
  system?: unknown;
  messages: unknown[];
  stream?: boolean;
  context_management?: { edits?: unknown[] };
  /** on-demand compaction (beta compact-2026-09-04): `{type: "summarize", instructions?}` */
  compaction?: unknown;
}

/** Marks the summary of a server-side compaction the fake writes. */
export const FAKE_COMPACTION_MARKER = "[fake-anthropic compaction]";

/** The request's `compact_20260112` edit: its trigger (default 150,000 input tokens), instructions and pause flag. */
function compactionEdit(body: MessagesBody): { trigger: number; instructions?: string; pause: boolean } | null {
  // on-demand: compact now, whatever the size, and answer with the compaction block instead of a reply
  if (isRecord(body.compaction) && body.compaction.type === "summarize") {
    return { trigger: 0, instructions: typeof body.compaction.instructions === "string" ? body.compaction.instructions : undefined, pause: true };
  }
  const edit = body.context_management?.edits?.find((entry): entry is Record<string, unknown> => isRecord(entry) && entry.type === "compact_20260112");
  if (!edit) return null;
  const trigger = isRecord(edit.trigger) && typeof edit.trigger.value === "number" ? edit.trigger.value : 150_000;
  return { trigger, instructions: typeof edit.instructions === "string" ? edit.instructions : undefined, pause: edit.pause_after_compaction === true };
}

type Send = (status: number, payload: unknown, headers?: Record<string, string>) => void;

function respond(record: FakeRequest, body: MessagesBody, response: http.ServerResponse, send: Send, textOverride?: string): void {
  const inputTokens = Math.ceil(JSON.stringify([body.system ?? "", body.messages]).length / 4);
  if (record.path === "/v1/messages/count_tokens") return send(200, { input_tokens: inputTokens });
  const id = `msg_fake_${record.headers["x-stainless-retry-count"] ?? "0"}_${inputTokens}`;
  const compaction = compactionEdit(body);
  if (compaction && inputTokens >= compaction.trigger && body.stream !== true) {
    // server-side compaction: a readable summary in a `compaction` block; paused, nothing else is sampled
    const summary = textOverride ?? `${FAKE_COMPACTION_MARKER}\n${buildFakeSummary({ system: compaction.instructions ?? "", messages: body.messages })}`;
    const block = { type: "compaction", content: summary || null, encrypted_content: `fake-opaque-${inputTokens}`, signature: `fake-signature-${inputTokens}` };
    const answer = compaction.pause ? [block] : [block, { type: "text", text: buildFakeSummary(body) }];
    const usage = { input_tokens: inputTokens, output_tokens: Math.ceil(summary.length / 4), cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    return send(200, { id, type: "message", role: "assistant", model: body.model, content: answer, stop_reason: compaction.pause ? "compaction" : "end_turn", stop_sequence: null, usage });
  }
  const text = textOverride ?? buildFakeJudgeAnswer(body) ?? buildFakeSummary(body);
  const usage = { input_tokens: inputTokens, output_tokens: Math.ceil(text.length / 4), cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  if (body.stream !== true) {
    return send(200, { id, type: "message", role: "assistant", model: body.model, content: [{ type: "text", text }], stop_reason: "end_turn", stop_sequence: null, usage });
  }
  record.status = 200;
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "request-id": `req_fake_stream` });
  const frame = (event: string, data: unknown) => response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  frame("message_start", { type: "message_start", message: { id, type: "message", role: "assistant", model: body.model, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 0 } } });
  frame("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
  frame("ping", { type: "ping" });
  for (let offset = 0; offset < text.length; offset += STREAM_CHUNK_CHARS) {
    frame("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: text.slice(offset, offset + STREAM_CHUNK_CHARS) } });
  }
  frame("content_block_stop", { type: "content_block_stop", index: 0 });
  frame("message_delta", { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: usage.output_tokens } });
  frame("message_stop", { type: "message_stop" });
  response.end();
}

function sendMalformedStream(response: http.ServerResponse): void {
  response.writeHead(200, { "content-type": "text/event-stream" });
  response.write(`event: message_start\ndata: {"type":"message_start","message":\n\n`);
  response.end();
}

function selectBehaviour(headers: http.IncomingHttpHeaders, body: unknown, fallback: FakeBehaviour): FakeBehaviour {
  const header = headers[FAKE_BEHAVIOUR_HEADER];
  const fromHeader = typeof header === "string" ? toBehaviour(header) : undefined;
  if (fromHeader) return fromHeader;
  const model = isRecord(body) && typeof body.model === "string" ? body.model : "";
  return (model.startsWith("fake-") ? toBehaviour(model.slice("fake-".length)) : undefined) ?? fallback;
}

function toBehaviour(name: string): FakeBehaviour | undefined {
  const lower = name.trim().toLowerCase();
  return (FAKE_BEHAVIOURS as readonly string[]).includes(lower) ? (lower as FakeBehaviour) : BEHAVIOUR_ALIASES[lower];
}

function checkAuth(headers: http.IncomingHttpHeaders, expectedApiKey: string | undefined): string | null {
  const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1];
  const apiKeyHeader = headers["x-api-key"];
  const key = bearer ?? (typeof apiKeyHeader === "string" ? apiKeyHeader : undefined);
  if (!key) return "missing credentials: send Authorization: Bearer <key> or x-api-key";
  if (expectedApiKey !== undefined && key !== expectedApiKey) return "invalid x-api-key";
  return null;
}

function validateBody(body: unknown, path: string): string | null {
  if (!isRecord(body)) return "the body must be a JSON object";
  if (typeof body.model !== "string" || body.model.length === 0) return "model: field required";
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "messages: at least one message is required";
  if (path === "/v1/messages" && (typeof body.max_tokens !== "number" || body.max_tokens < 1)) return "max_tokens: field required";
  return null;
}

function redactHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(", ") : value;
    if (name === "authorization") result[name] = text.startsWith("Bearer ") ? `Bearer ${REDACTED}` : REDACTED;
    else if (name === "x-api-key" || name === "proxy-authorization") result[name] = REDACTED;
    else result[name] = text;
  }
  return result;
}

function retryAfter(ms: number): Record<string, string> {
  return { "retry-after-ms": String(ms), "retry-after": String(Math.max(1, Math.ceil(ms / 1000))) };
}

function apiError(type: string, message: string) {
  return { type: "error", error: { type, message } };
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
