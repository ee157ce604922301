import fs from "node:fs";
import Database from "better-sqlite3";

/** A session row of Goose's database, as `lab sync` lists it. */
export interface GooseDatabaseSession {
  id: string;
  working_dir: string;
}

/**
 * Goose's SQLite store (`sessions.db` in Goose's sessions folder, Goose 1.10 and later): the `sessions` table (id,
 * name, description, working_dir, token totals) and `messages` (session_id, message_id, role, content_json,
 * created_timestamp, metadata_json; in insertion order by their integer id), opened read-only for each read.
 */
export function listGooseDatabaseSessions(file: string): GooseDatabaseSession[] {
  if (!fs.existsSync(file)) return [];
  const database = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return database.prepare("SELECT id, working_dir FROM sessions ORDER BY created_at, id").all() as GooseDatabaseSession[];
  } finally {
    database.close();
  }
}

/** One session as the exported JSON the `goose` importer reads: `{id, working_dir, description, total_tokens, conversation}`. */
export function exportGooseDatabaseSession(file: string, sessionId: string): Uint8Array {
  const database = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const session = database.prepare("SELECT * FROM sessions WHERE id = ?").get(sessionId) as Record<string, unknown> | undefined;
    if (!session) throw new Error(`${file}: no session ${sessionId} (deleted since it was listed?)`);
    const rows = database.prepare("SELECT * FROM messages WHERE session_id = ? ORDER BY id").all(sessionId) as Record<string, unknown>[];
    const conversation = rows.map((row) => {
      const created = typeof row.created_timestamp === "number" ? row.created_timestamp : undefined;
      return {
        ...(typeof row.message_id === "string" ? { id: row.message_id } : {}),
        role: row.role,
        // Goose's messages are created in seconds; a store holding milliseconds is read as such
        ...(created !== undefined ? { created: created > 1e12 ? Math.floor(created / 1000) : created } : {}),
        content: parseJson(row.content_json, `the content of message ${String(row.id)}`),
        ...(typeof row.metadata_json === "string" ? { metadata: parseJson(row.metadata_json, `the metadata of message ${String(row.id)}`) } : {}),
      };
    });
    const name = typeof session.name === "string" && session.name.trim() ? session.name : session.description;
    return new TextEncoder().encode(JSON.stringify({ id: session.id, working_dir: session.working_dir, description: name ?? "", ...(typeof session.total_tokens === "number" ? { total_tokens: session.total_tokens } : {}), conversation }));
  } finally {
    database.close();
  }
}

function parseJson(text: unknown, what: string): unknown {
  if (typeof text !== "string") return text;
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`Goose's database: ${what} is not JSON`);
  }
}
