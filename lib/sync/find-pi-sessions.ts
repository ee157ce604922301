import path from "node:path";
import type { FormatId } from "../engine/model";
import type { AgentFolder, FoundSession, SyncAgentId } from "./found-session";
import { listFiles, readFileBytes } from "./list-files";
import { firstStringField, readHeadRecords } from "./read-head-records";

/**
 * pi's sessions under `root` (`~/.pi/agent/sessions`): `--<cwd with / as ->--/<time>_<id>.jsonl`. The id is the
 * header's (`{type: "session", id, cwd}`), else the part of the name after the time; the project is the header's cwd,
 * else the folder's name.
 */
export function piFolder(root: string): AgentFolder {
  return headerSessionFolder({ root, depth: 1, agent: "pi", format: "pi", idOfName: (stem) => stem.slice(stem.indexOf("_") + 1) });
}

/**
 * openclaw's sessions under `root` (`~/.openclaw/agents`): `<agent>/sessions/<session id>.jsonl`, in pi's session
 * format with openclaw's reset windows (read as `openclaw`). Keyed by the header's id; the project is the header's cwd, else the openclaw agent's name.
 */
export function openclawFolder(root: string): AgentFolder {
  return headerSessionFolder({
    root,
    depth: 2,
    agent: "openclaw",
    format: "openclaw",
    idOfName: (stem) => stem,
    inFolder: "sessions",
    projectOf: (file) => path.basename(path.dirname(path.dirname(file))),
  });
}

/** Sessions written as pi writes them: a JSON-lines file opening with a `session` header, `depth` folders under root. */
function headerSessionFolder(options: {
  root: string;
  depth: number;
  agent: SyncAgentId;
  format: FormatId;
  idOfName: (stem: string) => string;
  /** the folder a session file sits in must have this name */
  inFolder?: string;
  projectOf?: (file: string) => string;
}): AgentFolder {
  const isSession = (file: string) =>
    file.endsWith(".jsonl") &&
    path.relative(options.root, file).split(path.sep).length === options.depth + 1 &&
    (options.inFolder === undefined || path.basename(path.dirname(file)) === options.inFolder);
  const describe = (file: string): FoundSession | null => {
    if (!isSession(file)) return null;
    const head = readHeadRecords(file, 1);
    const header = head[0]?.type === "session" ? head : [];
    const agentSessionId = firstStringField(header, "id") ?? options.idOfName(path.basename(file, ".jsonl"));
    const project = firstStringField(header, "cwd") ?? options.projectOf?.(file) ?? path.basename(path.dirname(file));
    return { agent: options.agent, format: options.format, agentSessionId, path: file, project, read: () => readFileBytes(file) };
  };
  return {
    agent: options.agent,
    root: options.root,
    list: () => listFiles({ root: options.root, depth: options.depth, accept: (name) => name.endsWith(".jsonl") }).filter(isSession),
    describe,
  };
}
