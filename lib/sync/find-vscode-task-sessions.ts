import fs from "node:fs";
import path from "node:path";
import type { AgentFolder, FoundSession, SyncAgentId } from "./found-session";
import { listFiles, readFileBytes } from "./list-files";
import { readHeadText } from "./read-head-records";

/** The VS Code extension ids whose task folders hold `api_conversation_history.json`, by agent. */
export const TASK_EXTENSIONS: ReadonlyArray<{ agent: SyncAgentId; extension: string }> = [
  { agent: "cline", extension: "saoudrizwan.claude-dev" },
  { agent: "roo-code", extension: "rooveterinaryinc.roo-cline" },
  { agent: "kilo-code", extension: "kilocode.kilo-code" },
];

/** Where VS Code and its forks keep extensions' global storage, under the home folder (Linux, macOS, remote servers). */
const EDITOR_STORAGE = [
  ".config/Code/User/globalStorage",
  ".config/Code - Insiders/User/globalStorage",
  ".config/VSCodium/User/globalStorage",
  ".config/Cursor/User/globalStorage",
  ".config/Windsurf/User/globalStorage",
  ".vscode-server/data/User/globalStorage",
  ".vscode-remote/data/User/globalStorage",
  "Library/Application Support/Code/User/globalStorage",
  "Library/Application Support/Cursor/User/globalStorage",
  "Library/Application Support/VSCodium/User/globalStorage",
];

const HISTORY_FILE = "api_conversation_history.json";
const UI_FILE = "ui_messages.json";
/** The workspace the extensions write into each turn's environment details (Cline: "Current Working Directory"). */
const WORKSPACE = /Current (?:Workspace|Working) Directory \(([^)\n]+)\)/;

/**
 * One agent's task folders under every editor's global storage: `<storage>/<extension>/tasks/<task id>/
 * api_conversation_history.json`, read as `cline` with the folder's ui_messages.json (each request's tokens). Keyed by the task id (the folder's name); the project is the
 * workspace directory the first turn's environment details name, else the editor's folder.
 */
export function vscodeTaskFolder(home: string, agent: SyncAgentId, extension: string): AgentFolder {
  const roots = EDITOR_STORAGE.map((storage) => path.join(home, storage, extension, "tasks"));
  const rootOf = (file: string) => roots.find((root) => path.relative(root, file).split(path.sep).length === 2 && !path.relative(root, file).startsWith(".."));
  return {
    agent,
    root: roots[0],
    list: () => roots.flatMap((root) => listFiles({ root, depth: 1, accept: (name) => name === HISTORY_FILE })),
    describe: (file): FoundSession | null => {
      const root = rootOf(file);
      if (!root || path.basename(file) !== HISTORY_FILE) return null;
      const taskId = path.basename(path.dirname(file));
      const project = WORKSPACE.exec(readHeadText(file, 64 * 1024))?.[1]?.trim() ?? path.relative(home, root).split(path.sep).slice(0, 2).join("/");
      return { agent, format: "cline", agentSessionId: `${extension}/${taskId}`, path: file, project, read: () => readTaskFolder(file) };
    },
  };
}

/**
 * A task folder as the `cline` importer takes it whole — `{"api_conversation_history.json": …, "ui_messages.json": …}`,
 * so its messages get each request's usage — or the history alone when the folder has no readable ui_messages.json.
 */
async function readTaskFolder(historyFile: string): Promise<Uint8Array> {
  const history = await readFileBytes(historyFile);
  let ui: string;
  try {
    ui = await fs.promises.readFile(path.join(path.dirname(historyFile), UI_FILE), "utf8");
    JSON.parse(ui);
  } catch {
    return history;
  }
  const head = new TextEncoder().encode(`{"${HISTORY_FILE}":`);
  const tail = new TextEncoder().encode(`,"${UI_FILE}":${ui}}`);
  const bytes = new Uint8Array(head.length + history.length + tail.length);
  bytes.set(head, 0);
  bytes.set(history, head.length);
  bytes.set(tail, head.length + history.length);
  return bytes;
}
