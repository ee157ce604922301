import path from "node:path";
import type { AgentFolder, FoundSession } from "./found-session";
import { listFiles, readFileBytes } from "./list-files";
import { readHeadText } from "./read-head-records";

/** Where a chat recording names its session: its first field, well within the first 4 KB. */
const SESSION_ID = /"sessionId"\s*:\s*"([^"\\]+)"/;
const HEAD_BYTES = 4096;

const isChat = (name: string) => name.startsWith("session-") && (name.endsWith(".json") || name.endsWith(".jsonl"));

/**
 * Gemini CLI's chat recordings under `root` (`~/.gemini/tmp`): `<project>/chats/session-<time>-<id>.json`, or
 * `.jsonl` since gemini-cli 0.40, whose sub-agents record to `<project>/chats/<parent session id>/<id>.jsonl`;
 * `<project>` is the project's hash or short name. Keyed by the recording's `sessionId` (read from the file's head),
 * else the file's name; the project is the folder's name (a recording holds no working directory).
 */
export function geminiCliFolder(root: string): AgentFolder {
  const isSession = (file: string) => {
    const parts = path.relative(root, file).split(path.sep);
    return parts[1] === "chats" && ((parts.length === 3 && isChat(parts[2])) || (parts.length === 4 && parts[3].endsWith(".jsonl")));
  };
  return {
    agent: "gemini-cli",
    root,
    list: () => listFiles({ root, depth: 3, accept: (name) => name.endsWith(".json") || name.endsWith(".jsonl") }).filter(isSession),
    describe: (file): FoundSession | null => {
      if (!isSession(file)) return null;
      const agentSessionId = SESSION_ID.exec(readHeadText(file, HEAD_BYTES))?.[1] ?? path.basename(file).replace(/\.jsonl?$/, "");
      const project = path.relative(root, file).split(path.sep)[0];
      return { agent: "gemini-cli", format: "gemini-cli", agentSessionId, path: file, project, read: () => readFileBytes(file) };
    },
  };
}
