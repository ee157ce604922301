import { describe, expect, it } from "vitest";
import { ApiErrorSchema } from "@/lib/api/contracts/schemas";
import { SearchResultSchema } from "@/lib/api/contracts/search-schemas";
import { PG_TEST_URL, useTestDatabase, type TestDatabaseKind } from "@/lib/testing/use-test-database";
import { POST as upload } from "../sessions/route";
import { GET as search } from "./route";

const transcript = JSON.stringify({
  messages: [
    { role: "user", content: "Why does <img src=x onerror=alert(1)> break the preview?" },
    { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "read", arguments: JSON.stringify({ path: "src/preview/render-html.ts" }) } }] },
    { role: "tool", tool_call_id: "c1", content: "export function renderHtml(raw: string) { return raw }" },
    { role: "assistant", content: "It renders the raw HTML." },
  ],
});

const get = (query: string) => search(new Request(`http://lab.test/api/search?${query}`), undefined);

const providers: { kind: TestDatabaseKind; skip: boolean }[] = [
  { kind: "sqlite", skip: false },
  { kind: "postgresql", skip: !PG_TEST_URL },
];

describe.each(providers)("GET /api/search ($kind; PostgreSQL skipped without PG_TEST_URL)", ({ kind, skip }) => {
  if (skip) {
    it.skip("needs PG_TEST_URL", () => {});
    return;
  }
  useTestDatabase(kind);

  it("finds an uploaded session by a path, with the hit marked in a plain-text snippet", async () => {
    const stored = await upload(new Request("http://lab.test/api/sessions?format=openai&name=preview.json", { method: "POST", body: transcript, headers: { "content-type": "application/json" } }), undefined);
    expect(stored.status).toBe(201);
    const { id } = (await stored.json()) as { id: string };

    const response = await get(`q=${encodeURIComponent("src/preview/render-html.ts")}`);
    expect(response.status).toBe(200);
    const result = SearchResultSchema.parse(await response.json());
    expect(result).toMatchObject({ total: 1, sessions: 1, offset: 0, limit: 20, nextOffset: null });
    expect(result.hits[0]).toMatchObject({ sessionId: id, seq: 1, role: "assistant" });
    expect(result.hits[0].snippet.filter((segment) => segment.hit).map((segment) => segment.text)).toEqual(["src/preview/render-html.ts"]);

    // markup in a transcript comes back as the text it is, for the page to show as text
    const markup = SearchResultSchema.parse(await (await get("q=onerror")).json());
    expect(markup.hits[0].snippet.map((segment) => segment.text).join("")).toContain("<img src=x onerror=alert(1)>");
  });

  it.each([
    ["", "q"],
    ["q=", "q"],
    ["q=%20%20", "q"],
    ["q=%2F%2F%2F", "q"],
    [`q=${"a".repeat(501)}`, "q"],
    ["q=x&limit=0", "limit"],
    ["q=x&limit=101", "limit"],
    ["q=x&limit=ten", "limit"],
    ["q=x&offset=-1", "offset"],
    ["q=x&offset=10001", "offset"],
  ])("answers %j with 400 naming %s", async (query, field) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    const { error } = ApiErrorSchema.parse(await response.json());
    expect(error.code).toBe("invalid_request");
    expect(error.issues?.map((issue) => issue.path)).toEqual([field]);
  });
});
