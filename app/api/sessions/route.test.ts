import { z } from "zod";
import { afterEach, describe, expect, it } from "vitest";
import { ApiErrorSchema, MessagePageSchema, SessionDetailSchema, SessionListSchema, SessionSummarySchema } from "@/lib/api/contracts/schemas";
import { OPENAI_CHAT, OPENAI_TRAJECTORIES } from "@/lib/testing/import-upload-contract";
import { UploadLineSchema } from "@/lib/api/contracts/upload-stage-schemas";
import { generateSession } from "@/lib/generator/generate-session";
import { exportOpenAI } from "@/lib/transcripts/export-openai";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { GET as health } from "../health/route";
import { GET as listMessages } from "./[id]/messages/route";
import { POST as reimport } from "./[id]/reimport/route";
import { DELETE as deleteSession, GET as getSession } from "./[id]/route";
import { GET as listSessions, POST as upload } from "./route";

const UploadResultSchema = SessionSummarySchema.extend({ sessionCount: z.number().int() });
const BASE = "http://lab.test/api/sessions";
const params = (id: string) => ({ params: Promise.resolve({ id }) });

function post(body: BodyInit, init: { query?: string; type?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  if (init.type) headers.set("content-type", init.type);
  return upload(new Request(`${BASE}${init.query ?? ""}`, { method: "POST", body, headers }), undefined);
}

async function errorOf(response: Response) {
  return ApiErrorSchema.parse(await response.json()).error;
}

describe("session API route handlers (real Requests, fresh SQLite database)", () => {
  useTestDatabase("sqlite");
  afterEach(() => {
    delete process.env.MAX_UPLOAD_BYTES;
  });

  it("GET /api/health answers once the database does", async () => {
    const response = await health(new Request("http://lab.test/api/health"), undefined);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, database: "sqlite" });
  });

  it("POST multipart → 201 with the summary, sessionCount and a Location; then list, detail, pages, re-import, delete", async () => {
    const form = new FormData();
    form.append("file", new File([OPENAI_CHAT], "chat.json", { type: "application/json" }));
    const created = await post(form);
    expect(created.status).toBe(201);
    const stored = UploadResultSchema.parse(await created.json());
    expect(stored).toMatchObject({ sourceName: "chat.json", format: "openai", pick: 0, sessionCount: 1, messageCount: 4 });
    expect(created.headers.get("location")).toBe(`/api/sessions/${stored.id}`);

    const list = SessionListSchema.parse(await (await listSessions(new Request(BASE), undefined)).json());
    expect(list.sessions.map((session) => session.id)).toContain(stored.id);

    const detail = SessionDetailSchema.parse(await (await getSession(new Request(`${BASE}/${stored.id}`), params(stored.id))).json());
    expect(detail).toMatchObject({ id: stored.id, sessionCount: 1 });
    expect(detail.contextCurve.length).toBe(2);

    const page = MessagePageSchema.parse(
      await (await listMessages(new Request(`${BASE}/${stored.id}/messages?cursor=1&limit=2`), params(stored.id))).json(),
    );
    expect(page.messages.map((row) => row.seq)).toEqual([1, 2]);
    expect(page).toMatchObject({ nextCursor: 3, total: 4 });

    const again = await reimport(new Request(`${BASE}/${stored.id}/reimport`, { method: "POST" }), params(stored.id));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(stored);

    const deleted = await deleteSession(new Request(`${BASE}/${stored.id}`, { method: "DELETE" }), params(stored.id));
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    const gone = await getSession(new Request(`${BASE}/${stored.id}`), params(stored.id));
    expect(gone.status).toBe(404);
    expect(await errorOf(gone)).toMatchObject({ code: "not_found:session" });
  });

  it.each(["application/json", "application/x-ndjson", "application/jsonl", "text/plain; charset=utf-8", "application/octet-stream"])(
    "POST a raw %s body → 201, honouring format, pick and name",
    async (type) => {
      const response = await post(OPENAI_TRAJECTORIES, { type, query: "?format=openai&pick=1&name=tau.json" });
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ sourceName: "tau.json", format: "openai", pick: 1, sessionCount: 2 });
    },
  );

  it("400 with the JSON path when the file does not fit the format", async () => {
    const response = await post('{"messages":[{"role":"user","content":"hi"},{"role":42}]}', { type: "application/json", query: "?format=openai" });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toMatchObject({ format: "openai" });
    expect(error.issues?.[0].path).toContain("$.messages[1]");
  });

  it("400 with the line numbers of broken JSON lines", async () => {
    const response = await post('{"type":"user"}\nnot json\n{"type":"assistant"}\n{oops', { type: "application/x-ndjson" });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toMatchObject({ code: "broken_lines", totalIssues: 2 });
    expect(error.issues?.map((issue) => issue.line)).toEqual([2, 4]);
  });

  it.each([
    { case: "an unknown format", query: "?format=word", path: "format" },
    { case: "a negative pick", query: "?pick=-1", path: "pick" },
  ])("400 invalid_request for $case", async ({ query, path }) => {
    const response = await post(OPENAI_CHAT, { type: "application/json", query });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: "invalid_request", issues: [expect.objectContaining({ path })] });
  });

  it("400 for a form without a file field", async () => {
    const form = new FormData();
    form.append("transcript", "nope");
    const error = await errorOf(await post(form));
    expect(error).toMatchObject({ code: "invalid_request", issues: [expect.objectContaining({ path: "file" })] });
  });

  it("413 from Content-Length before reading, and from the actual size when the header is missing", async () => {
    process.env.MAX_UPLOAD_BYTES = "64";
    const announced = await post(OPENAI_CHAT, { type: "application/json", headers: { "content-length": String(OPENAI_CHAT.length) } });
    expect(announced.status).toBe(413);
    expect(await errorOf(announced)).toMatchObject({ code: "payload_too_large" });

    const streamed = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(OPENAI_CHAT));
        controller.close();
      },
    });
    const request = new Request(BASE, { method: "POST", body: streamed, headers: { "content-type": "application/json" }, duplex: "half" } as RequestInit);
    expect((await upload(request, undefined)).status).toBe(413);

    const form = new FormData();
    form.append("file", new File([OPENAI_CHAT], "chat.json"));
    expect((await post(form)).status).toBe(413);
  });

  it.each(["text/html", "image/png", null])("415 for content type %s", async (type) => {
    const response = await post(new Blob([OPENAI_CHAT]), { type: type ?? undefined });
    expect(response.status).toBe(415);
    expect(await errorOf(response)).toMatchObject({ code: "unsupported_media_type" });
  });

  it("404 for every route of an unknown session; 400 for a bad page query", async () => {
    const id = "no-such-session";
    for (const response of [
      await getSession(new Request(`${BASE}/${id}`), params(id)),
      await listMessages(new Request(`${BASE}/${id}/messages`), params(id)),
      await deleteSession(new Request(`${BASE}/${id}`, { method: "DELETE" }), params(id)),
      await reimport(new Request(`${BASE}/${id}/reimport`, { method: "POST" }), params(id)),
    ]) {
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toMatchObject({ code: "not_found:session" });
    }
    const bad = await listMessages(new Request(`${BASE}/${id}/messages?limit=0`), params(id));
    expect(bad.status).toBe(400);
  });

  it("duplicate=refuse: 409 duplicate_upload for a file the lab already holds (same bytes, same pick), naming its session; allow (the default) stores a copy", async () => {
    const bytes = `${OPENAI_TRAJECTORIES}\n`;
    const first = await post(new Blob([bytes]), { type: "application/json", query: "?name=trajectories.json&duplicate=refuse" });
    expect(first.status).toBe(201);
    const stored = UploadResultSchema.parse(await first.json());

    const again = await post(new Blob([bytes]), { type: "application/json", query: "?duplicate=refuse" });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ code: "duplicate_upload", existing: { id: stored.id, title: stored.title } });
    // the same file forced into another format is read that way (and refused for not fitting), not called a duplicate
    const forced = await post(new Blob([bytes]), { type: "application/json", query: "?duplicate=refuse&format=anthropic" });
    expect(forced.status).toBe(400);
    expect((await errorOf(forced)).code).not.toBe("duplicate_upload");
    // another session of the same file is not a duplicate
    expect((await post(new Blob([bytes]), { type: "application/json", query: "?pick=1&duplicate=refuse" })).status).toBe(201);
    const copy = await post(new Blob([bytes]), { type: "application/json" });
    expect(copy.status).toBe(201);
    expect(UploadResultSchema.parse(await copy.json()).id).not.toBe(stored.id);
  });

  it("an upload whose client went away (a closed tab) stores nothing and is not logged as a failure", async () => {
    const before = SessionListSchema.parse(await (await listSessions(new Request(BASE), undefined)).json()).sessions.length;
    const controller = new AbortController();
    controller.abort();
    const request = new Request(BASE, { method: "POST", body: OPENAI_CHAT, headers: { "content-type": "application/json" }, signal: controller.signal });
    const response = await upload(request, undefined);
    expect(response.status).toBe(499);
    const after = SessionListSchema.parse(await (await listSessions(new Request(BASE), undefined)).json()).sessions.length;
    expect(after).toBe(before);
  });
});

describe("POST /api/sessions streamed (accept: application/x-ndjson, the browser's upload)", () => {
  useTestDatabase("sqlite");

  async function linesOf(response: Response) {
    expect(response.headers.get("content-type")).toContain("application/x-ndjson");
    const text = await response.text();
    return text.trim().split("\n").map((line) => UploadLineSchema.parse(JSON.parse(line)));
  }

  it("streams reading, scanning and storing, then the stored session as the 201 body would have had it", async () => {
    const session = generateSession({ seed: 11, messages: 2_400 });
    const body = JSON.stringify(exportOpenAI(session));
    const response = await post(body, { type: "application/json", query: "?name=big.json", headers: { accept: "application/x-ndjson" } });
    expect(response.status).toBe(200);
    const lines = await linesOf(response);
    const stages = lines.flatMap((line) => (line.type === "stage" ? [line.stage] : []));
    expect(stages[0]).toEqual({ stage: "parsing", bytes: Buffer.byteLength(body) });
    expect(stages[1]).toEqual({ stage: "scanning", format: "openai", messages: 2_400 });
    expect(stages[2]).toEqual({ stage: "storing", messages: 2_400, stored: 0 });
    // batches of 1,000: the last line says every message is stored
    expect(stages.at(-1)).toEqual({ stage: "storing", messages: 2_400, stored: 2_400 });
    const end = lines.at(-1)!;
    expect(end.type).toBe("done");
    const stored = UploadResultSchema.parse(end.type === "done" ? end.result : null);
    expect(stored).toMatchObject({ sourceName: "big.json", messageCount: 2_400, format: "openai" });
    const detail = SessionDetailSchema.parse(await (await getSession(new Request(`${BASE}/${stored.id}`), params(stored.id))).json());
    expect(detail.messageCount).toBe(2_400);
  });

  it("a file that does not fit ends with the error the JSON answer would have had, and stores nothing", async () => {
    const before = SessionListSchema.parse(await (await listSessions(new Request(BASE), undefined)).json()).sessions.length;
    const response = await post('{"messages": [{"role": "user"', { type: "application/json", headers: { accept: "application/x-ndjson" } });
    const lines = await linesOf(response);
    expect(lines[0]).toMatchObject({ type: "stage", stage: { stage: "parsing" } });
    const end = lines.at(-1)!;
    expect(end).toMatchObject({ type: "error", status: 400 });
    const error = ApiErrorSchema.parse(end.type === "error" ? end.body : null).error;
    expect(error.message).toMatch(/JSON|line|position/i);
    expect(error.issues?.length).toBeGreaterThan(0);
    const after = SessionListSchema.parse(await (await listSessions(new Request(BASE), undefined)).json()).sessions.length;
    expect(after).toBe(before);
  });
});
