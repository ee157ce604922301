import { describe, expect, it } from "vitest";
import { CorpusListSchema } from "@/lib/api/contracts/corpus-schemas";
import { ApiErrorSchema } from "@/lib/api/contracts/schemas";
import { generateSession } from "@/lib/generator/generate-session";
import { storeSession } from "@/lib/store/sessions";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { GET as listSessions } from "./route";

const get = (query: string) => listSessions(new Request(`http://lab.test/api/sessions?${query}`), undefined);

describe("GET /api/sessions with the corpus view's filters (real route handler, fresh SQLite database)", () => {
  useTestDatabase("sqlite");

  it("narrows the list by the query's filters and sums what it keeps; empty parameters are no filter", async () => {
    await storeSession({ session: generateSession({ seed: 3, messages: 40 }), sessionCount: 1, pick: 0 });
    await storeSession({ session: { title: "tiny", format: "openai", meta: {}, messages: [{ id: "u", role: "user", parts: [{ type: "text", text: "hello" }] }] }, sessionCount: 1, pick: 0 });
    const all = CorpusListSchema.parse(await (await get("agent=&model=")).json());
    expect(all.sessions).toHaveLength(2);
    expect(all.corpus.totals.sessions).toBe(2);
    const openai = CorpusListSchema.parse(await (await get("agent=openai")).json());
    expect(openai.sessions.map((session) => session.title)).toEqual(["tiny"]);
    expect(openai.corpus).toMatchObject({ allSessions: 2, totals: { sessions: 1, estimatedTokens: openai.sessions[0].estimatedTokens, recordedUsd: 0 } });
  });

  it.each([
    ["agent=gpt", "agent"],
    ["from=2025-13-01", "from"],
    ["from=2025-02-30", "from"],
    ["to=yesterday", "to"],
    ["from=2025-10-05&to=2025-10-01", "to"],
    ["minTokens=-1", "minTokens"],
    ["minTokens=10&maxTokens=5", "maxTokens"],
    ["compactions=some", "compactions"],
    ["findings=yes", "findings"],
    [`model=${"m".repeat(201)}`, "model"],
  ])("answers %j with 400 naming %s", async (query, field) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    const { error } = ApiErrorSchema.parse(await response.json());
    expect(error.code).toBe("invalid_request");
    expect(error.issues?.map((issue) => issue.path)).toEqual([field]);
  });
});
