import { gunzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { expect, it } from "vitest";
import { NotFoundError } from "../api/contracts/errors";
import { db } from "../store/db";
import { deleteSession, getSession, listMessages, listSessions, storeSession } from "../store/sessions";
import { buildSession, rowCounts } from "./store-contract";
import { ImportError } from "../transcripts/import-error";
import { getSessionCached } from "../runs/session-detail-cache";
import { importUpload } from "../sessions/import-upload";
import { reimportUpload } from "../sessions/reimport-upload";

/**
 * Uploads and re-imports through the importers and the store, shared by the SQLite and PostgreSQL test files
 * (each brings its own fresh database with useTestDatabase). Call it inside a describe block.
 */
export function importUploadContract(): void {

  it("round-trips an upload: create → list → detail → paged messages → delete", async () => {
    const stored = await importUpload({ bytes: utf8(OPENAI_CHAT), format: "openai", sourceName: "chat.json" });
    expect(stored).toMatchObject({ format: "openai", sourceName: "chat.json", pick: 0, sessionCount: 1, messageCount: 4, toolCallCount: 1, toolResultCount: 1 });

    const sessions = await listSessions();
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

  it("an upload leaves its detail in this process's cache: the first visit does not read the messages again", async () => {
    const stored = await importUpload({ bytes: utf8(OPENAI_CHAT), format: "openai", sourceName: "chat.json" });
    const expected = await getSession(stored.id);
    // with the stored messages gone (the session row, and so its fingerprint, unchanged) only a remembered detail has its curve
    await (await db()).message.deleteMany({ where: { sessionId: stored.id } });
    expect(await getSessionCached(stored.id)).toEqual(expected);
    expect((await getSession(stored.id)).contextCurve).toEqual([]);
  });

  it("stores nothing when the import fails", async () => {
    const before = await rowCounts();
    const failure = await importUpload({ bytes: utf8('{"messages":[{"role":"user","content":"hi"},{"role":42}]}'), format: "openai" }).catch((error) => error);
    expect(failure).toBeInstanceOf(ImportError);
    expect(failure.issues[0].path).toContain("$.messages[1]");
    expect(await rowCounts()).toEqual(before);
  });

  it("keeps the raw bytes, and re-importing them gives the same session", async () => {
    const bytes = utf8(OPENAI_CHAT);
    const stored = await importUpload({ bytes, format: "openai", sourceName: "chat.json" });
    const upload = await (await db()).upload.findUniqueOrThrow({ where: { sessionId: stored.id } });
    expect(Buffer.from(gunzipSync(upload.bytes)).equals(Buffer.from(bytes))).toBe(true);
    expect(upload).toMatchObject({ encoding: "gzip", size: bytes.byteLength, sha256: createHash("sha256").update(bytes).digest("hex") });

    const before = await listMessages(stored.id, { cursor: 0, limit: 500 });
    const again = await reimportUpload(stored.id);
    expect(again).toEqual(stored);
    expect(await listMessages(stored.id, { cursor: 0, limit: 500 })).toEqual(before);
  });

  it("re-import of a session that never was a file is a not_found:upload", async () => {
    const stored = await storeSession({ session: buildSession(3), sessionCount: 1, pick: 0 });
    await expect(reimportUpload(stored.id)).rejects.toMatchObject({ code: "not_found:upload" });
    await expect(reimportUpload("missing")).rejects.toMatchObject({ code: "not_found:session" });
  });

  it("imports the picked session of a multi-session file and says how many it holds", async () => {
    const stored = await importUpload({ bytes: utf8(OPENAI_TRAJECTORIES), pick: 1 });
    expect(stored).toMatchObject({ format: "openai", pick: 1, sessionCount: 2 });
    expect(stored.title).toContain("trajectory 2 of 2");
    expect((await getSession(stored.id)).sessionCount).toBe(2);
  });
}

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

const CHAT = [
  { role: "user", content: "Fix the failing test" },
  { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "bash", arguments: '{"command":"npm test"}' } }] },
  { role: "tool", tool_call_id: "c1", content: "1 failing" },
  { role: "assistant", content: "Fixed it." },
];
export const OPENAI_CHAT = JSON.stringify(CHAT);
export const OPENAI_TRAJECTORIES = JSON.stringify([{ traj: CHAT, task_id: 1 }, { traj: CHAT, task_id: 2 }]);
