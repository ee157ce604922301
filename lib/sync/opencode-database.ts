import fs from "node:fs";
import Database from "better-sqlite3";

/** A session row of opencode's database, as `lab sync` lists it. */
export interface OpencodeDatabaseSession {
  id: string;
  directory: string;
}

/** What separates the database's path from a session id in a FoundSession's path (`…/opencode.db#ses_…`). */
export const SESSION_IN_DATABASE = "#";

/**
 * opencode's SQLite store (`$XDG_DATA_HOME/opencode/opencode.db`, opencode 1.2 and later; its `session`, `message` and
 * `part` tables, each message's and part's JSON in `data` without its ids — opencode's session.sql.ts), opened read-only
 * for each read so opencode keeps writing. Sessions are listed oldest first.
 */
export function listDatabaseSessions(file: string): OpencodeDatabaseSession[] {
  if (!fs.existsSync(file)) return [];
  const database = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return database.prepare("SELECT id, directory FROM session ORDER BY time_created, id").all() as OpencodeDatabaseSession[];
  } finally {
    database.close();
  }
}

/** One session as the `opencode export` document `{info, messages: [{info, parts}]}` the lab's importer reads. */
export function exportDatabaseSession(file: string, sessionId: string): Uint8Array {
  const database = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const session = database.prepare("SELECT * FROM session WHERE id = ?").get(sessionId) as Record<string, unknown> | undefined;
    if (!session) throw new Error(`${file}: no session ${sessionId} (deleted since it was listed?)`);
    const info = {
      id: session.id,
      projectID: session.project_id,
      directory: session.directory,
      ...(session.parent_id ? { parentID: session.parent_id } : {}),
      title: session.title,
      version: session.version,
      time: { created: session.time_created, updated: session.time_updated, ...(session.time_compacting ? { compacting: session.time_compacting } : {}) },
    };
    const parts = new Map<string, unknown[]>();
    const partRows = database.prepare("SELECT id, message_id, data FROM part WHERE session_id = ? ORDER BY message_id, id").all(sessionId) as { id: string; message_id: string; data: string }[];
    for (const row of partRows) {
      const list = parts.get(row.message_id) ?? [];
      list.push({ ...parseData(row.data, `part ${row.id}`), id: row.id, sessionID: sessionId, messageID: row.message_id });
      parts.set(row.message_id, list);
    }
    const messageRows = database.prepare("SELECT id, data FROM message WHERE session_id = ? ORDER BY time_created, id").all(sessionId) as { id: string; data: string }[];
    const messages = messageRows.map((row) => ({ info: { ...parseData(row.data, `message ${row.id}`), id: row.id, sessionID: sessionId }, parts: parts.get(row.id) ?? [] }));
    return new TextEncoder().encode(JSON.stringify({ info, messages }));
  } finally {
    database.close();
  }
}

function parseData(text: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // named below
  }
  throw new Error(`opencode's database: the data of ${what} is not a JSON object`);
}
