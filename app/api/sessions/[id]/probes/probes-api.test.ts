import { beforeAll, describe, expect, it } from "vitest";
import type { CompareStreamLine, UserProbe } from "@/lib/api/contracts/compare-schemas";
import { ApiErrorSchema } from "@/lib/api/contracts/schemas";
import type { Probe } from "@/lib/engine/evaluate/probe";
import { generateSession } from "@/lib/generator/generate-session";
import { db } from "@/lib/store/db";
import { storeSession } from "@/lib/store/sessions";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { POST as compare } from "../compare/route";
import { DELETE as deleteProbe } from "./[probeId]/route";
import { GET as listProbes, POST as addProbe } from "./route";

const BASE = "http://lab.test/api";
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const url = (sessionId: string) => `${BASE}/sessions/${sessionId}/probes`;
const add = (sessionId: string, body: unknown) =>
  addProbe(new Request(url(sessionId), { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } }), params(sessionId));
const remove = (sessionId: string, probeId: string) =>
  deleteProbe(new Request(`${url(sessionId)}/${probeId}`, { method: "DELETE" }), { params: Promise.resolve({ id: sessionId, probeId }) });
const list = async (sessionId: string) => (await (await listProbes(new Request(url(sessionId)), params(sessionId))).json()) as { extracted: Probe[]; user: UserProbe[] };
const errorOf = async (response: Response) => ApiErrorSchema.parse(await response.json()).error;

describe("user probes API (real route handlers, fresh SQLite database)", () => {
  useTestDatabase("sqlite");
  let sessionId: string;
  let filePath: string;

  beforeAll(async () => {
    sessionId = (await storeSession({ session: generateSession({ seed: 5, messages: 120 }), sessionCount: 1, pick: 0 })).id;
    filePath = (await list(sessionId)).extracted.find((probe) => probe.kind === "file-path")!.text;
  });

  it("adds text and regex probes, lists them beside the extracted ones (theirs last), deletes one", async () => {
    const before = await list(sessionId);
    expect(before.user).toEqual([]);
    expect(before.extracted.length).toBeGreaterThan(10);

    const text = await add(sessionId, { kind: "text", pattern: filePath, label: "the first file" });
    expect(text.status).toBe(201);
    const textProbe = (await text.json()) as UserProbe;
    expect(textProbe).toMatchObject({ sessionId, kind: "text", pattern: filePath, label: "the first file", id: expect.any(String), createdAt: expect.any(String) });
    const regexProbe = (await (await add(sessionId, { kind: "regex", pattern: "never-said-\\d{4}" })).json()) as UserProbe;
    expect(regexProbe).not.toHaveProperty("label");

    const after = await list(sessionId);
    expect(after.user.map((probe) => probe.id)).toEqual([textProbe.id, regexProbe.id]);
    expect(after.extracted.slice(0, before.extracted.length)).toEqual(before.extracted);
    expect(after.extracted.slice(before.extracted.length)).toMatchObject([
      { id: `user-${textProbe.id}`, kind: "user", text: filePath, label: "the first file", inSession: true },
      { id: `user-${regexProbe.id}`, kind: "user", regex: "never-said-\\d{4}", inSession: false, firstStep: 0, messageId: null },
    ]);

    expect((await remove(sessionId, regexProbe.id)).status).toBe(204);
    expect((await list(sessionId)).user.map((probe) => probe.id)).toEqual([textProbe.id]);
    const again = await remove(sessionId, regexProbe.id);
    expect(again.status).toBe(404);
    expect((await errorOf(again)).code).toBe("not_found:probe");
    // a probe id of another session is not this session's to delete
    const otherId = (await storeSession({ session: generateSession({ seed: 6, messages: 40 }), sessionCount: 1, pick: 0 })).id;
    expect((await remove(otherId, textProbe.id)).status).toBe(404);
    expect((await list(sessionId)).user).toHaveLength(1);
  });

  it.each([
    [{ kind: "regex", pattern: "([a-" }, "invalid_pattern", "pattern", /does not compile: .+/],
    [{ kind: "regex", pattern: "" }, "invalid_request", "pattern", /pattern/],
    [{ kind: "glob", pattern: "*.ts" }, "invalid_request", "kind", /kind/],
    [{ kind: "text", pattern: "x".repeat(501) }, "invalid_request", "pattern", /pattern/],
  ])("%j → 400 %s naming %s, nothing stored", async (body, code, path, message) => {
    const before = await (await db()).userProbe.count();
    const response = await add(sessionId, body);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(error.issues?.map((issue) => issue.path)).toContain(path);
    expect(await (await db()).userProbe.count()).toBe(before);
  });

  it("an unknown session → 404 on list, add and delete", async () => {
    expect((await errorOf(await listProbes(new Request(url("nope")), params("nope")))).code).toBe("not_found:session");
    expect((await errorOf(await add("nope", { kind: "text", pattern: "abc" }))).code).toBe("not_found:session");
    expect((await remove("nope", "whatever")).status).toBe(404);
  });

  it("a comparison scores the session's user probes, and they go with the session when it is deleted", async () => {
    const id = (await storeSession({ session: generateSession({ seed: 5, messages: 120 }), sessionCount: 1, pick: 0 })).id;
    await add(id, { kind: "text", pattern: filePath });
    await add(id, { kind: "text", pattern: "a phrase nobody said" });
    const response = await compare(
      new Request(`${BASE}/sessions/${id}/compare`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ configs: [{ strategy: "none" }, { strategy: "trim-messages", settings: { maxConversationMessages: 4 } }] }) }),
      params(id),
    );
    const rows = (await response.text())
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as CompareStreamLine)
      .flatMap((line) => (line.type === "row" ? [line.row] : []));
    expect(rows[0].retention.byKind.user).toEqual({ counted: 2, retained: 1, score: 0.5 });
    expect(rows[1].retention.byKind.user.counted).toBe(2);

    await (await db()).session.delete({ where: { id } });
    expect(await (await db()).userProbe.count({ where: { sessionId: id } })).toBe(0);
  });
});
