import path from "node:path";
import type { AgentFolder, FoundSession } from "./found-session";
import { listFiles, readFileBytes } from "./list-files";
import { firstStringField, readHeadRecords } from "./read-head-records";

/**
 * Claude Code's sessions under `root` (`~/.claude/projects`, or `$CLAUDE_CONFIG_DIR/projects`):
 * `<project>/<session id>.jsonl`, and each sub-agent's own file, `<project>/<session id>/subagents/agent-<id>.jsonl`
 * (older versions wrote `<project>/agent-<id>.jsonl` beside the sessions). A sub-agent is its own session, keyed
 * `<session id>/agent-<id>`: agent ids are short and only unique within their session. The project is the working
 * directory the first lines record, else the project folder's name (the path with `/` written as `-`).
 */
export function claudeCodeFolder(root: string): AgentFolder {
  return {
    agent: "claude-code",
    root,
    list: () => listFiles({ root, depth: 3, accept: (name) => name.endsWith(".jsonl") }),
    describe: (file) => describeClaudeCodeFile(root, file),
  };
}

function describeClaudeCodeFile(root: string, file: string): FoundSession | null {
  const parts = path.relative(root, file).split(path.sep);
  const stem = path.basename(file, ".jsonl");
  if (!file.endsWith(".jsonl")) return null;
  let agentSessionId: string;
  if (parts.length === 2) {
    const parent = stem.startsWith("agent-") ? firstStringField(readHeadRecords(file, 5), "sessionId") : undefined;
    agentSessionId = parent ? `${parent}/${stem}` : stem;
  } else if (parts.length === 4 && parts[2] === "subagents") {
    agentSessionId = `${parts[1]}/${stem}`;
  } else {
    return null; // not where Claude Code writes a session
  }
  const project = firstStringField(readHeadRecords(file, 20), "cwd") ?? parts[0];
  return { agent: "claude-code", format: "claude-code", agentSessionId, path: file, project, read: () => readFileBytes(file) };
}
