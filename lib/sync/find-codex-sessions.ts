import path from "node:path";
import type { AgentFolder, FoundSession } from "./found-session";
import { listFiles, readFileBytes } from "./list-files";
import { firstStringField, readHeadRecords } from "./read-head-records";

/** The UUID a rollout file's name ends with: `rollout-2026-06-18T07-23-13-019ed99c-d00d-7613-b2e7-d2f512f78afd.jsonl`. */
const ROLLOUT_ID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

const isRollout = (name: string) => name.startsWith("rollout-") && name.endsWith(".jsonl");

/**
 * Codex's rollouts under `root` (`~/.codex/sessions`, or `$CODEX_HOME/sessions`): `YYYY/MM/DD/rollout-<time>-<id>.jsonl`.
 * The session's id is the UUID the name ends with (the `session_meta` id); its project is the `session_meta`'s cwd.
 */
export function codexFolder(root: string): AgentFolder {
  return {
    agent: "codex",
    root,
    list: () => listFiles({ root, depth: 3, accept: isRollout }),
    describe: (file) => (isRollout(path.basename(file)) ? describeRollout(file) : null),
  };
}

function describeRollout(file: string): FoundSession {
  const stem = path.basename(file, ".jsonl");
  const head = readHeadRecords(file, 3);
  const agentSessionId = ROLLOUT_ID.exec(stem)?.[1] ?? firstStringField(head, "id") ?? stem;
  const project = firstStringField(head, "cwd") ?? "(unknown)";
  return { agent: "codex", format: "codex", agentSessionId, path: file, project, read: () => readFileBytes(file) };
}
