import fs from "node:fs";
import path from "node:path";
import type { AgentFolder, FoundSession } from "./found-session";
import { listFiles } from "./list-files";
import { exportDatabaseSession, listDatabaseSessions, SESSION_IN_DATABASE } from "./opencode-database";

/**
 * opencode's JSON storage under `root` (`$XDG_DATA_HOME/opencode/storage`, by default `~/.local/share/opencode/storage`):
 * `session/<project id>/<session id>.json` (the session's info), `message/<session id>/<message id>.json` (each
 * message's info) and `part/<message id>/<part id>.json` (its parts). A session is read as the `opencode export`
 * document the lab imports, `{info, messages: [{info, parts}]}`, messages and parts in the order of their ids (opencode's
 * ids ascend with time). Keyed by the session's id; the project is the session's directory.
 *
 * opencode 1.2 and later keep sessions in SQLite instead (`opencode.db` beside `storage`, which it migrates the JSON
 * files into and leaves behind): those are read from the database (opencode-database.ts; their path is
 * `…/opencode.db#<session id>`), and a JSON file of a session the database holds is not read again.
 */
export function opencodeFolder(root: string): AgentFolder {
  const database = path.join(path.dirname(root), "opencode.db");
  const json = jsonStorageFolder(root);
  // the directories of the sessions the last list() found, so describing each does not open the database again
  let listed = new Map<string, string>();
  return {
    agent: "opencode",
    root,
    list: () => {
      const inDatabase = listDatabaseSessions(database);
      listed = new Map(inDatabase.map((session) => [session.id, session.directory]));
      const ids = new Set(listed.keys());
      return [...json.list().filter((file) => !ids.has(path.basename(file, ".json"))), ...inDatabase.map((session) => `${database}${SESSION_IN_DATABASE}${session.id}`)];
    },
    describe: (file) => {
      if (!file.startsWith(`${database}${SESSION_IN_DATABASE}`)) return json.describe(file);
      const id = file.slice(database.length + SESSION_IN_DATABASE.length);
      const directory = listed.get(id) ?? listDatabaseSessions(database).find((session) => session.id === id)?.directory;
      if (directory === undefined) return null;
      return { agent: "opencode", format: "opencode", agentSessionId: id, path: file, project: directory, read: async () => exportDatabaseSession(database, id) };
    },
  };
}

function jsonStorageFolder(root: string): AgentFolder {
  const isSessionInfo = (file: string) => {
    const parts = path.relative(root, file).split(path.sep);
    return parts.length === 3 && parts[0] === "session" && parts[2].endsWith(".json");
  };
  return {
    agent: "opencode",
    root,
    list: () => listFiles({ root: path.join(root, "session"), depth: 1, accept: (name) => name.endsWith(".json") }).filter(isSessionInfo),
    describe: (file): FoundSession | null => {
      if (!isSessionInfo(file)) return null;
      const info = readJsonObject(file);
      const agentSessionId = typeof info?.id === "string" ? info.id : path.basename(file, ".json");
      const project = typeof info?.directory === "string" ? info.directory : path.basename(path.dirname(file));
      return { agent: "opencode", format: "opencode", agentSessionId, path: file, project, read: async () => exportDocument(root, file) };
    },
  };
}

/** The session as `opencode export` writes it. A message or part file that is not JSON is named in the error. */
async function exportDocument(root: string, infoFile: string): Promise<Uint8Array> {
  const info = readJsonObject(infoFile, true);
  const id = typeof info?.id === "string" ? info.id : path.basename(infoFile, ".json");
  const messages = jsonFilesIn(path.join(root, "message", id)).map((messageFile) => {
    const messageInfo = readJsonObject(messageFile, true);
    const messageId = typeof messageInfo?.id === "string" ? messageInfo.id : path.basename(messageFile, ".json");
    return { info: messageInfo, parts: jsonFilesIn(path.join(root, "part", messageId)).map((partFile) => readJsonObject(partFile, true)) };
  });
  return new TextEncoder().encode(JSON.stringify({ info, messages }));
}

/** The .json files of a folder in the order of their names (ids); none when the folder is absent. */
function jsonFilesIn(folder: string): string[] {
  return listFiles({ root: folder, depth: 0, accept: (name) => name.endsWith(".json") });
}

function readJsonObject(file: string, strict = false): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
    if (value !== null && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    throw new Error("not a JSON object");
  } catch (error) {
    if (strict) throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
