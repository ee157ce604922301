import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiErrorSchema, SessionDetailSchema, SessionListSchema, SessionSummarySchema } from "@/lib/api/contracts/schemas";
import { OPENAI_CHAT } from "@/lib/testing/import-upload-contract";
import { PG_TEST_URL, useTestDatabase, type TestDatabaseKind } from "@/lib/testing/use-test-database";
import { POST as reimport } from "./[id]/reimport/route";
import { GET as getSession, PATCH as rename } from "./[id]/route";
import { GET as listSessions, POST as upload } from "./route";

const BASE = "http://lab.test/api/sessions";
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const UploadResultSchema = SessionSummarySchema.extend({ sessionCount: z.number().int() });

async function stored() {
  const form = new FormData();
  form.append("file", new File([OPENAI_CHAT], "chat.json", { type: "application/json" }));
  const response = await upload(new Request(BASE, { method: "POST", body: form }), undefined);
  expect(response.status).toBe(201);
  return UploadResultSchema.parse(await response.json());
}

function patch(id: string, body: unknown, headers: Record<string, string> = {}) {
  return rename(new Request(`${BASE}/${id}`, { method: "PATCH", body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } }), params(id));
}

async function detail(id: string) {
  return SessionDetailSchema.parse(await (await getSession(new Request(`${BASE}/${id}`), params(id))).json());
}

const providers: { kind: TestDatabaseKind; skip: boolean }[] = [
  { kind: "sqlite", skip: false },
  { kind: "postgresql", skip: !PG_TEST_URL },
];

describe.each(providers)("PATCH /api/sessions/:id renames a session ($kind; PostgreSQL skipped without PG_TEST_URL)", ({ kind, skip }) => {
  if (skip) {
    it.skip("needs PG_TEST_URL", () => {});
    return;
  }
  useTestDatabase(kind);

  it("sets the user's title everywhere it is read, keeps it through a re-import, and goes back to the imported one on null", async () => {
    const session = await stored();
    expect(session.title).toBe(session.importedTitle);
    // the detail is cached per process: the rename must still show on the next read
    expect((await detail(session.id)).title).toBe(session.importedTitle);

    const renamed = await patch(session.id, { title: "  Refund flow, second try  " });
    expect(renamed.status).toBe(200);
    expect(SessionSummarySchema.parse(await renamed.json())).toMatchObject({ title: "Refund flow, second try", importedTitle: session.importedTitle });
    expect((await detail(session.id)).title).toBe("Refund flow, second try");
    const list = SessionListSchema.parse(await (await listSessions(new Request(BASE), undefined)).json());
    expect(list.sessions.find((entry) => entry.id === session.id)?.title).toBe("Refund flow, second try");

    const again = await reimport(new Request(`${BASE}/${session.id}/reimport`, { method: "POST" }), params(session.id));
    expect(again.status).toBe(200);
    expect((await detail(session.id)).title).toBe("Refund flow, second try");

    const cleared = await patch(session.id, { title: null });
    expect(SessionSummarySchema.parse(await cleared.json()).title).toBe(session.importedTitle);
    expect((await detail(session.id)).title).toBe(session.importedTitle);
    const blank = await patch(session.id, { title: "   " });
    expect(SessionSummarySchema.parse(await blank.json()).title).toBe(session.importedTitle);
  });

  it.each([
    { name: "a title over 200 characters", body: { title: "x".repeat(201) }, status: 400, code: "invalid_request", path: "title" },
    { name: "a number", body: { title: 7 }, status: 400, code: "invalid_request", path: "title" },
    { name: "no title field", body: {}, status: 400, code: "invalid_request", path: "title" },
  ])("refuses $name with a 400 naming the field, and changes nothing", async ({ body, status, code, path }) => {
    const session = await stored();
    const response = await patch(session.id, body);
    expect(response.status).toBe(status);
    const error = ApiErrorSchema.parse(await response.json()).error;
    expect(error.code).toBe(code);
    expect(error.issues?.map((issue) => issue.path)).toContain(path);
    expect((await detail(session.id)).title).toBe(session.importedTitle);
  });

  it("answers 404 for an unknown session and 403 for a cross-site rename", async () => {
    const missing = await patch("no-such-session", { title: "x" });
    expect(missing.status).toBe(404);
    expect(ApiErrorSchema.parse(await missing.json()).error.code).toBe("not_found:session");
    const session = await stored();
    const crossSite = await patch(session.id, { title: "pwned" }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect((await detail(session.id)).title).toBe(session.importedTitle);
  });
});
