import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { ApiErrorSchema, MessagePageSchema, SessionSummarySchema } from "@/lib/api/contracts/schemas";
import { OPENAI_CHAT } from "@/lib/testing/import-upload-contract";
import { db } from "@/lib/store/db";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { GET as listMessages } from "./[id]/messages/route";
import { POST as upload } from "./route";

const BASE = "http://lab.test/api/sessions";
const params = (id: string) => ({ params: Promise.resolve({ id }) });

async function messagesOf(id: string) {
  const response = await listMessages(new Request(`${BASE}/${id}/messages?limit=500`), params(id));
  return MessagePageSchema.parse(await response.json()).messages.map((entry) => JSON.stringify(entry.message));
}

async function plainUpload() {
  const form = new FormData();
  form.append("file", new File([OPENAI_CHAT], "chat.json"));
  const response = await upload(new Request(BASE, { method: "POST", body: form }), undefined);
  expect(response.status).toBe(201);
  return SessionSummarySchema.parse(await response.json());
}

describe("gzip uploads (real route handler, fresh SQLite database)", () => {
  useTestDatabase("sqlite");
  afterEach(() => {
    delete process.env.MAX_UPLOAD_BYTES;
  });

  it("a .gz file in the form and a Content-Encoding: gzip body store the same session as the plain file", async () => {
    const plain = await plainUpload();
    const form = new FormData();
    form.append("file", new File([gzipSync(OPENAI_CHAT)], "chat.json.gz", { type: "application/gzip" }));
    const fromFile = await upload(new Request(BASE, { method: "POST", body: form }), undefined);
    expect(fromFile.status).toBe(201);
    const file = SessionSummarySchema.parse(await fromFile.json());
    expect(file.sourceName).toBe("chat.json");

    const fromHeader = await upload(
      new Request(`${BASE}?name=chat.json`, { method: "POST", body: gzipSync(OPENAI_CHAT), headers: { "content-type": "application/json", "content-encoding": "gzip" } }),
      undefined,
    );
    expect(fromHeader.status).toBe(201);
    const header = SessionSummarySchema.parse(await fromHeader.json());
    expect(header.format).toBe(plain.format);
    const expected = await messagesOf(plain.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(await messagesOf(file.id)).toEqual(expected);
    expect(await messagesOf(header.id)).toEqual(expected);
  });

  it("the limit applies to the decompressed size: a small gzip bomb is refused with 413 and stores nothing", async () => {
    await plainUpload();
    const before = await (await db()).session.count();
    process.env.MAX_UPLOAD_BYTES = String(1024 * 1024);
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20)); // 20 MB of spaces in ~20 KB
    expect(bomb.byteLength).toBeLessThan(100 * 1024);
    for (const request of [
      new Request(BASE, { method: "POST", body: bomb, headers: { "content-type": "application/json", "content-encoding": "gzip" } }),
      new Request(`${BASE}?name=big.json.gz`, { method: "POST", body: bomb, headers: { "content-type": "application/gzip" } }),
    ]) {
      const response = await upload(request, undefined);
      expect(response.status).toBe(413);
      expect(ApiErrorSchema.parse(await response.json()).error.message).toContain("limit");
    }
    expect(await (await db()).session.count()).toBe(before);
  });

  it("corrupt gzip is a 400 invalid_gzip that says so; an unknown Content-Encoding is 415", async () => {
    const corrupt = gzipSync(OPENAI_CHAT);
    corrupt.fill(0x41, 12, 40);
    const response = await upload(new Request(BASE, { method: "POST", body: corrupt, headers: { "content-type": "application/gzip" } }), undefined);
    expect(response.status).toBe(400);
    const error = ApiErrorSchema.parse(await response.json()).error;
    expect(error.code).toBe("invalid_gzip");
    expect(error.message).toContain("gzip");
    const brotli = await upload(new Request(BASE, { method: "POST", body: "{}", headers: { "content-type": "application/json", "content-encoding": "br" } }), undefined);
    expect(brotli.status).toBe(415);
  });
});
