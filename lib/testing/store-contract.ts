import { expect, it } from "vitest";
import type { Message, Session } from "../engine/model";
import { estimateMessageTokens } from "../engine/tokens/chars4";
import { db } from "../store/db";
import { readSessionUpload } from "../store/read-session-upload";
import { replaceSessionContent } from "../store/replace-session-content";
import { listRuns } from "../store/runs";
import { getSession, listMessages, storeSession } from "../store/sessions";

/**
 * The store's behaviour, shared by the SQLite and PostgreSQL test files (each brings its own fresh database
 * with useTestDatabase). Call it inside a describe block. Uploads through the importers are
 * lib/sessions/import-upload-contract.ts's.
 */
export function storeContract(): void {
  it("keeps an upload's raw bytes with what it was stored with, and replaces a session's content in place", async () => {
    const bytes = new TextEncoder().encode("any file: the store does not parse it");
    const stored = await storeSession({ session: buildSession(8), sessionCount: 3, pick: 2, sourceName: "file.jsonl", upload: bytes });
    const upload = await readSessionUpload(stored.id);
    expect(upload).toMatchObject({ format: "claude-code", pick: 2, sourceName: "file.jsonl" });
    expect(Buffer.from(upload.bytes).equals(Buffer.from(bytes))).toBe(true);

    const replaced = await replaceSessionContent(stored.id, { session: buildSession(4), sessionCount: 5 });
    expect(replaced).toMatchObject({ id: stored.id, title: "Hand-built session of 4 messages", pick: 2, sourceName: "file.jsonl", sessionCount: 5, messageCount: 4, toolCallCount: 1 });
    expect((await listMessages(stored.id, { cursor: 0, limit: 10 })).total).toBe(4);
    expect(await rowCounts(stored.id)).toEqual({ sessions: 1, messages: 4, uploads: 1 });
    await expect(readSessionUpload("missing")).rejects.toMatchObject({ code: "not_found:session" });
  });

  it("stores nothing when a write fails half-way through the messages (one transaction)", async () => {
    const before = await rowCounts();
    const session = buildSession(2_500);
    (session.messages[1_800].parts[0] as { text: unknown }).text = 1n; // JSON cannot hold a BigInt: fails in the 2nd batch
    await expect(storeSession({ session, sessionCount: 1, pick: 0 })).rejects.toThrow();
    expect(await rowCounts()).toEqual(before);
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

  it.each([
    { what: "messages of 30K characters: the batch closes past 64K characters", count: 7, textLength: 30_000, batches: [3, 6, 7] },
    { what: "one message past the bound goes alone", count: 2, textLength: 100_000, batches: [1, 2] },
  ])("writes messages in batches bounded by their JSON characters ($what), in order", async ({ count, textLength, batches }) => {
    const session = buildSession(count);
    session.messages = session.messages.map((message, index) => ({ id: message.id, role: "user", parts: [{ type: "text", text: `${index}:${"x".repeat(textLength)}` }] }));
    const reported: number[] = [];
    const stored = await storeSession({ session, sessionCount: 1, pick: 0, onStored: (stored) => void reported.push(stored) });
    expect(reported).toEqual(batches);
    const page = await listMessages(stored.id, { cursor: 0, limit: count });
    expect(page.total).toBe(count);
    expect(page.messages.map(({ seq, message }) => [seq, message])).toEqual(session.messages.map((message, seq) => [seq, message]));
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
    expect(await listRuns(stored.id)).toEqual([]);
    await expect(listRuns("missing")).rejects.toMatchObject({ code: "not_found:session" });
  });
}

let pagingSession: Promise<string> | undefined;
function pagingSessionId(): Promise<string> {
  pagingSession ??= storeSession({ session: buildSession(250), sessionCount: 1, pick: 0 }).then((stored) => stored.id);
  return pagingSession;
}

/** Sessions, messages and uploads stored (of one session, or all). */
export async function rowCounts(sessionId?: string) {
  const prisma = await db();
  const where = sessionId ? { sessionId } : {};
  return {
    sessions: await prisma.session.count({ where: sessionId ? { id: sessionId } : {} }),
    messages: await prisma.message.count({ where }),
    uploads: await prisma.upload.count({ where }),
  };
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
