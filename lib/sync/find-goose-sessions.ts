import path from "node:path";
import type { AgentFolder, FoundSession } from "./found-session";
import { exportGooseDatabaseSession, listGooseDatabaseSessions } from "./goose-database";
import { listFiles, readFileBytes } from "./list-files";
import { firstStringField, readHeadRecords } from "./read-head-records";

/** What separates the database's path from a session id in a FoundSession's path (`…/sessions.db#<id>`). */
const SESSION_IN_DATABASE = "#";

/**
 * Goose's sessions under `root` (`$XDG_DATA_HOME/goose/sessions`, by default `~/.local/share/goose/sessions`): the
 * SQLite store `sessions.db` (Goose 1.10+, goose-database.ts), and the older `<id>.jsonl` files (a metadata line with
 * `working_dir`, then the messages) of sessions the store does not hold. Keyed by Goose's session id (a file's name);
 * the project is the working directory.
 */
export function gooseFolder(root: string): AgentFolder {
  const database = path.join(root, "sessions.db");
  const isFile = (file: string) => file.endsWith(".jsonl") && path.dirname(file) === root;
  let listed = new Map<string, string>();
  return {
    agent: "goose",
    root,
    list: () => {
      const inDatabase = listGooseDatabaseSessions(database);
      listed = new Map(inDatabase.map((session) => [session.id, session.working_dir]));
      const files = listFiles({ root, depth: 0, accept: (name) => name.endsWith(".jsonl") }).filter((file) => !listed.has(path.basename(file, ".jsonl")));
      return [...files, ...inDatabase.map((session) => `${database}${SESSION_IN_DATABASE}${session.id}`)];
    },
    describe: (file): FoundSession | null => {
      if (file.startsWith(`${database}${SESSION_IN_DATABASE}`)) {
        const id = file.slice(database.length + SESSION_IN_DATABASE.length);
        const workingDir = listed.get(id) ?? listGooseDatabaseSessions(database).find((session) => session.id === id)?.working_dir;
        if (workingDir === undefined) return null;
        return { agent: "goose", format: "goose", agentSessionId: id, path: file, project: workingDir, read: async () => exportGooseDatabaseSession(database, id) };
      }
      if (!isFile(file)) return null;
      const project = firstStringField(readHeadRecords(file, 1), "working_dir") ?? "(unknown)";
      return { agent: "goose", format: "goose", agentSessionId: path.basename(file, ".jsonl"), path: file, project, read: () => readFileBytes(file) };
    },
  };
}
