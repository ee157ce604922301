import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "@/lib/api/contracts/schemas";
import { CreatedShareLinkSchema, ShareLinkSummaryListSchema } from "@/lib/api/contracts/share-schemas";
import type { RunStreamLine } from "@/lib/api/contracts/run-schemas";
import { generateSession } from "@/lib/generator/generate-session";
import { db } from "@/lib/store/db";
import { storeSession } from "@/lib/store/sessions";
import { resolveShareToken } from "@/lib/store/share-links";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { DELETE as deleteRun, GET as getRun } from "../runs/[id]/route";
import { DELETE as deleteSession, GET as getSession } from "../sessions/[id]/route";
import { POST as startRun } from "../sessions/[id]/runs/route";
import { POST as compare } from "../sessions/[id]/compare/route";
import { GET as listLinks } from "../sessions/[id]/share-links/route";
import { POST as upload } from "../sessions/route";
import { DELETE as revokeLink } from "./[id]/route";
import { GET as listAll, POST as createLink } from "./route";

const LAB = "http://lab.test";
const TOKEN = "vitest-team-token-share-77";
const bearer = { authorization: `Bearer ${TOKEN}` };
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const none = { params: Promise.resolve({}) };

function post(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${LAB}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}

async function finishedRun(sessionId: string, strategy: string): Promise<string> {
  const response = await startRun(post(`/api/sessions/${sessionId}/runs`, { strategy, window: 60_000 }, bearer), params(sessionId));
  const done = (await response.text()).split("\n").filter(Boolean).map((line) => JSON.parse(line) as RunStreamLine).at(-1);
  if (done?.type !== "done") throw new Error(`run did not finish: ${JSON.stringify(done)}`);
  return done.run.id;
}

describe("comparison share links in team mode (LAB_ACCESS_TOKEN set; real route handlers and runs, fresh SQLite file)", () => {
  useTestDatabase("sqlite");
  beforeEach(() => {
    process.env.LAB_ACCESS_TOKEN = TOKEN;
  });
  afterEach(() => {
    delete process.env.LAB_ACCESS_TOKEN;
  });

  it("making and revoking a comparison link need the token and a same-origin request; its runs must be the session's; the link's token opens no API route", async () => {
    const sessionId = (await storeSession({ session: generateSession({ seed: 5, messages: 120 }), sessionCount: 1, pick: 0 })).id;
    const otherId = (await storeSession({ session: generateSession({ seed: 6, messages: 30 }), sessionCount: 1, pick: 0 })).id;
    const runIds = [await finishedRun(sessionId, "opencode"), await finishedRun(sessionId, "codex")];
    const foreignRun = await finishedRun(otherId, "opencode");
    const body = { kind: "comparison", targetId: sessionId, runIds };

    expect((await createLink(post("/api/share-links", body), none)).status).toBe(401);
    expect((await createLink(post("/api/share-links", body, { ...bearer, origin: "https://evil.example" }), none)).status).toBe(403);
    const noRuns = await createLink(post("/api/share-links", { kind: "comparison", targetId: sessionId }, bearer), none);
    expect(noRuns.status).toBe(400);
    expect(ApiErrorSchema.parse(await noRuns.json()).error.issues?.[0]?.path).toBe("runIds");
    expect((await createLink(post("/api/share-links", { kind: "session", targetId: sessionId, runIds }, bearer), none)).status).toBe(400);
    expect((await createLink(post("/api/share-links", { ...body, runIds: [runIds[0]] }, bearer), none)).status).toBe(400);
    const foreign = await createLink(post("/api/share-links", { ...body, runIds: [runIds[0], foreignRun] }, bearer), none);
    expect(foreign.status).toBe(404);
    expect(ApiErrorSchema.parse(await foreign.json()).error.code).toBe("not_found:run");
    expect(await (await db()).shareLink.count()).toBe(0);

    const created = await createLink(post("/api/share-links", body, { ...bearer, origin: LAB }), none);
    expect(created.status).toBe(201);
    const { link, token, path } = CreatedShareLinkSchema.parse(await created.json());
    expect(path).toBe(`/share/${token}`);
    expect(link).toMatchObject({ kind: "comparison", sessionId, runIds });
    const listed = await (await listLinks(new Request(`${LAB}/api/sessions/${sessionId}/share-links`, { headers: bearer }), params(sessionId))).text();
    expect(listed).toContain(link.id);
    expect(listed).not.toContain(token);

    // the lab-wide list names what each link shows, never a token, and needs the access token
    expect((await listAll(new Request(`${LAB}/api/share-links`), none)).status).toBe(401);
    const all = await (await listAll(new Request(`${LAB}/api/share-links`, { headers: bearer }), none)).text();
    expect(all).not.toContain(token);
    expect(ShareLinkSummaryListSchema.parse(JSON.parse(all)).links).toEqual([
      expect.objectContaining({ id: link.id, kind: "comparison", runs: [{ id: runIds[0], strategyId: "opencode" }, { id: runIds[1], strategyId: "codex" }] }),
    ]);

    // the share token is not the access token: reads and writes alike answer 401, and nothing changes
    const visitor = { authorization: `Bearer ${token}`, cookie: `lab_access=${token}` };
    const statuses = [
      (await getSession(new Request(`${LAB}/api/sessions/${sessionId}`, { headers: visitor }), params(sessionId))).status,
      (await getSession(new Request(`${LAB}/api/sessions/${otherId}`, { headers: visitor }), params(otherId))).status,
      (await getRun(new Request(`${LAB}/api/runs/${runIds[0]}`, { headers: visitor }), params(runIds[0]))).status,
      (await listLinks(new Request(`${LAB}/api/sessions/${sessionId}/share-links`, { headers: visitor }), params(sessionId))).status,
      (await listAll(new Request(`${LAB}/api/share-links`, { headers: visitor }), none)).status,
      (await startRun(post(`/api/sessions/${sessionId}/runs`, { strategy: "opencode" }, visitor), params(sessionId))).status,
      (await compare(post(`/api/sessions/${sessionId}/compare`, { configs: [{ strategy: "opencode" }, { strategy: "codex" }] }, visitor), params(sessionId))).status,
      (await upload(new Request(`${LAB}/api/sessions?name=x.json`, { method: "POST", headers: { ...visitor, "content-type": "application/json" }, body: "[]" }), undefined)).status,
      (await createLink(post("/api/share-links", { kind: "session", targetId: otherId }, visitor), none)).status,
      (await revokeLink(new Request(`${LAB}/api/share-links/${link.id}`, { method: "DELETE", headers: visitor }), params(link.id))).status,
      (await deleteRun(new Request(`${LAB}/api/runs/${runIds[0]}`, { method: "DELETE", headers: visitor }), params(runIds[0]))).status,
      (await deleteSession(new Request(`${LAB}/api/sessions/${sessionId}`, { method: "DELETE", headers: visitor }), params(sessionId))).status,
    ];
    expect(statuses).toEqual(Array(statuses.length).fill(401));
    expect(await (await db()).run.count({ where: { sessionId } })).toBe(2);
    expect(await (await db()).shareLink.count()).toBe(1);
    expect(await resolveShareToken(token)).not.toBeNull();

    expect((await revokeLink(new Request(`${LAB}/api/share-links/${link.id}`, { method: "DELETE", headers: { ...bearer, origin: "https://evil.example" } }), params(link.id))).status).toBe(403);
    expect((await revokeLink(new Request(`${LAB}/api/share-links/${link.id}`, { method: "DELETE", headers: bearer }), params(link.id))).status).toBe(200);
    expect(await resolveShareToken(token)).toBeNull();
  });
});
