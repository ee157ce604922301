import path from "node:path";
import type { AgentFolder, FoundSession } from "./found-session";
import { listFiles, readFileBytes } from "./list-files";
import { firstStringField, readHeadRecords } from "./read-head-records";

/**
 * Goose's session files under `root` (`$XDG_DATA_HOME/goose/sessions`, by default `~/.local/share/goose/sessions`):
 * `<id>.jsonl`, a metadata line with `working_dir`, then the messages. Keyed by the file's name (Goose's session id);
 * the project is the working directory. Goose's newer SQLite store (`sessions.db`) is not read.
 */
export function gooseFolder(root: string): AgentFolder {
  const isSession = (file: string) => file.endsWith(".jsonl") && path.dirname(file) === root;
  return {
    agent: "goose",
    root,
    list: () => listFiles({ root, depth: 0, accept: (name) => name.endsWith(".jsonl") }),
    describe: (file): FoundSession | null => {
      if (!isSession(file)) return null;
      const project = firstStringField(readHeadRecords(file, 1), "working_dir") ?? "(unknown)";
      return { agent: "goose", format: "goose", agentSessionId: path.basename(file, ".jsonl"), path: file, project, read: () => readFileBytes(file) };
    },
  };
}
