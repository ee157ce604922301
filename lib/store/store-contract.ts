import { gunzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { expect, it } from "vitest";
import { NotFoundError } from "../api/contracts/errors";
import type { Message, Session } from "../engine/model";
import { estimateMessageTokens } from "../engine/tokens/chars4";
import { ImportError } from "../transcripts/import-error";
import { db } from "./db";
import { listRuns } from "./runs";
import { createSession, deleteSession, getSession, listMessages, listSessions, reimportSession, storeSession } from "./sessions";

/**
 * The store's behaviour, shared by the SQLite and PostgreSQL test files (each brings its own fresh database
 * with useTestDatabase). Call it inside a describe block.
 */
export function storeContract(): void {
  it("round-trips an upload: create → list → detail → paged messages → delete", async () => {
    const stored = await createSession({ bytes: utf8(OPENAI_CHAT), format: "openai", sourceName: "chat.json" });
    expect(stored).toMatchObject({ format: "openai", sourceName: "chat.json", pick: 0, sessionCount: 1, messageCount: 4, toolCallCount: 1, toolResultCount: 1 });

    const { sessions } = await listSessions();
    expect(sessions.map((session) => session.id)).toContain(stored.id);

    const detail = await getSession(stored.id);
    expect(detail).toMatchObject({ id: stored.id, sessionCount: 1, messageCount: 4 });
    expect(detail.contextCurve.map((point) => point.messageIndex)).toEqual([1, 3]);

    const first = await listMessages(stored.id, { cursor: 0, limit: 3 });
    expect(first.messages.map((row) => row.seq)).toEqual([0, 1, 2]);
    expect(first).toMatchObject({ nextCursor: 3, total: 4 });
    const rest = await listMessages(stored.id, { cursor: first.nextCursor!, limit: 3 });
    expect(rest.messages.map((row) => row.message.role)).toEqual(["assistant"]);
    expect(rest.nextCursor).toBeNull();

    await deleteSession(stored.id);
    await expect(getSession(stored.id)).rejects.toMatchObject({ code: "not_found:session" });
    await expect(deleteSession(stored.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await rowCounts(stored.id)).toEqual({ sessions: 0, messages: 0, uploads: 0 });
  });

  it("stores nothing when the import fails", async () => {
    const before = await rowCounts();
    const failure = await createSession({ bytes: utf8('{"messages":[{"role":"user","content":"hi"},{"role":42}]}'), format: "openai" }).catch((error) => error);
    expect(failure).toBeInstanceOf(ImportError);
    expect(failure.issues[0].path).toContain("$.messages[1]");
    expect(await rowCounts()).toEqual(before);
  });

  it("stores nothing when a write fails half-way through the messages (one transaction)", async () => {
    const before = await rowCounts();
    const session = buildSession(2_500);
    (session.messages[1_800].parts[0] as { text: unknown }).text = 1n; // JSON cannot hold a BigInt: fails in the 2nd batch
    await expect(storeSession({ session, sessionCount: 1, pick: 0 })).rejects.toThrow();
    expect(await rowCounts()).toEqual(before);
  });

  it("keeps the raw bytes, and re-importing them gives the same session", async () => {
    const bytes = utf8(OPENAI_CHAT);
    const stored = await createSession({ bytes, format: "openai", sourceName: "chat.json" });
    const upload = await (await db()).upload.findUniqueOrThrow({ where: { sessionId: stored.id } });
    expect(Buffer.from(gunzipSync(upload.bytes)).equals(Buffer.from(bytes))).toBe(true);
    expect(upload).toMatchObject({ encoding: "gzip", size: bytes.byteLength, sha256: createHash("sha256").update(bytes).digest("hex") });

    const before = await listMessages(stored.id, { cursor: 0, limit: 500 });
    const again = await reimportSession(stored.id);
    expect(again).toEqual(stored);
    expect(await listMessages(stored.id, { cursor: 0, limit: 500 })).toEqual(before);
  });

  it("re-import of a session that never was a file is a not_found:upload", async () => {
    const stored = await storeSession({ session: buildSession(3), sessionCount: 1, pick: 0 });
    await expect(reimportSession(stored.id)).rejects.toMatchObject({ code: "not_found:upload" });
    await expect(reimportSession("missing")).rejects.toMatchObject({ code: "not_found:session" });
  });

  it("imports the picked session of a multi-session file and says how many it holds", async () => {
    const stored = await createSession({ bytes: utf8(OPENAI_TRAJECTORIES), pick: 1 });
    expect(stored).toMatchObject({ format: "openai", pick: 1, sessionCount: 2 });
    expect(stored.title).toContain("trajectory 2 of 2");
    expect((await getSession(stored.id)).sessionCount).toBe(2);
  });

  it.each([
    { cursor: 0, limit: 100, seqs: [0, 99], nextCursor: 100 },
    { cursor: 200, limit: 100, seqs: [200, 249], nextCursor: null },
    { cursor: 150, limit: 100, seqs: [150, 249], nextCursor: null },
    { cursor: 0, limit: 250, seqs: [0, 249], nextCursor: null },
    { cursor: 249, limit: 1, seqs: [249, 249], nextCursor: null },
    { cursor: 248, limit: 1, seqs: [248, 248], nextCursor: 249 },
    { cursor: 250, limit: 10, seqs: null, nextCursor: null },
    { cursor: 9_999, limit: 10, seqs: null, nextCursor: null },
  ])("pages messages by seq: cursor $cursor, limit $limit", async ({ cursor, limit, seqs, nextCursor }) => {
    const id = await pagingSessionId();
    const page = await listMessages(id, { cursor, limit });
    expect(page.total).toBe(250);
    expect(page.nextCursor).toBe(nextCursor);
    expect(seqs ? [page.messages[0].seq, page.messages.at(-1)!.seq] : page.messages).toEqual(seqs ?? []);
    if (seqs) expect(page.messages).toHaveLength(seqs[1] - seqs[0] + 1);
    for (const row of page.messages) expect(row.tokens).toBe(estimateMessageTokens(row.message as unknown as Message));
  });

  it("pages of an unknown session are a not_found:session", async () => {
    await expect(listMessages("missing", { cursor: 0, limit: 10 })).rejects.toMatchObject({ code: "not_found:session" });
  });

  it("stores a 10,000-message session in a few seconds", async () => {
    const session = buildSession(10_000);
    const started = performance.now();
    const stored = await storeSession({ session, sessionCount: 1, pick: 0 });
    const storeMs = performance.now() - started;
    const detailStarted = performance.now();
    const detail = await getSession(stored.id);
    const detailMs = performance.now() - detailStarted;
    console.info(`[store] 10,000 messages: stored in ${Math.round(storeMs)} ms, detail read in ${Math.round(detailMs)} ms`);
    expect(detail.messageCount).toBe(10_000);
    expect(storeMs).toBeLessThan(10_000);
  }, 60_000);

  it("lists a session's runs (none yet) and rejects an unknown session", async () => {
    const stored = await storeSession({ session: buildSession(2), sessionCount: 1, pick: 0 });
    expect(await listRuns(stored.id)).toEqual({ runs: [] });
    await expect(listRuns("missing")).rejects.toMatchObject({ code: "not_found:session" });
  });
}

let pagingSession: Promise<string> | undefined;
function pagingSessionId(): Promise<string> {
  pagingSession ??= storeSession({ session: buildSession(250), sessionCount: 1, pick: 0 }).then((stored) => stored.id);
  return pagingSession;
}

async function rowCounts(sessionId?: string) {
  const prisma = await db();
  const where = sessionId ? { sessionId } : {};
  return {
    sessions: await prisma.session.count({ where: sessionId ? { id: sessionId } : {} }),
    messages: await prisma.message.count({ where }),
    uploads: await prisma.upload.count({ where }),
  };
}

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** A coding-agent-like session of `count` messages: user → assistant tool call → tool result → assistant, repeated. */
export function buildSession(count: number): Session {
  const messages: Message[] = [];
  for (let index = 0; index < count; index++) {
    const turn = Math.floor(index / 4);
    const id = `m${index}`;
    switch (index % 4) {
      case 0:
        messages.push({ id, role: "user", parts: [{ type: "text", text: `Step ${turn}: run the tests and fix what fails in src/module-${turn}.ts` }] });
        break;
      case 1:
        messages.push({
          id,
          role: "assistant",
          parts: [{ type: "text", text: "Running the tests." }, { type: "tool-call", id: `call-${turn}`, name: "bash", input: { command: `npm test -- module-${turn}` } }],
          usage: { input: 1_000 + index * 30, output: 40, cacheRead: 0, cacheWrite: 0 },
        });
        break;
      case 2:
        messages.push({ id, role: "tool", parts: [{ type: "tool-result", callId: `call-${turn}`, name: "bash", output: `FAIL src/module-${turn}.test.ts\n${"  at line ".repeat(40)}`, isError: false, images: [] }] });
        break;
      default:
        messages.push({ id, role: "assistant", parts: [{ type: "text", text: `Fixed module ${turn}.` }], timestamp: "2026-01-01T00:00:00.000Z" });
    }
  }
  return { title: `Hand-built session of ${count} messages`, format: "claude-code", messages, meta: { cwd: "/repo", model: "test-model" } };
}

const CHAT = [
  { role: "user", content: "Fix the failing test" },
  { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "bash", arguments: '{"command":"npm test"}' } }] },
  { role: "tool", tool_call_id: "c1", content: "1 failing" },
  { role: "assistant", content: "Fixed it." },
];
export const OPENAI_CHAT = JSON.stringify(CHAT);
export const OPENAI_TRAJECTORIES = JSON.stringify([{ traj: CHAT, task_id: 1 }, { traj: CHAT, task_id: 2 }]);
