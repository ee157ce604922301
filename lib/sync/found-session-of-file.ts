import fs from "node:fs";
import path from "node:path";
import { importTranscriptBytes } from "../transcripts";
import { agentFolders, type AgentFolderEnv } from "./agent-folders";
import { SYNC_AGENT_IDS, type FoundSession, type SyncAgentId } from "./found-session";
import { readFileBytes } from "./list-files";

/**
 * One session file named by a hook (`lab sync --file <path>`) as `lab sync` would have found it: keyed the same way
 * when it lies in its agent's folder, so the hook's sync and a later full sync store one session. A file elsewhere
 * (an agent told to keep its sessions in another folder) is read to learn its format, and keyed by the session id it
 * records (a Claude Code file by its name, as Claude Code names it by the session id). Throws naming the file when
 * it cannot be read or is no session of an agent `lab sync` knows.
 */
export async function foundSessionOfFile(file: string, env: AgentFolderEnv): Promise<FoundSession> {
  const absolute = path.resolve(file);
  const real = fs.existsSync(absolute) ? fs.realpathSync(absolute) : absolute;
  if (!fs.existsSync(real)) throw new Error(`${file}: no such file`);
  for (const folder of agentFolders(env)) {
    for (const root of new Set([folder.root, fs.existsSync(folder.root) ? fs.realpathSync(folder.root) : folder.root])) {
      const inside = path.relative(root, real);
      if (inside.startsWith("..") || path.isAbsolute(inside)) continue;
      const found = folder.describe(path.join(folder.root, inside));
      if (found) return found;
    }
  }
  const bytes = await readFileBytes(real);
  const outcome = importTranscriptBytes(bytes, { sourceName: path.basename(real) });
  if (!(SYNC_AGENT_IDS as readonly string[]).includes(outcome.format)) {
    throw new Error(`${file}: a ${outcome.format} transcript, not a session of an agent lab sync knows (${SYNC_AGENT_IDS.join(", ")}); use lab import or the upload instead`);
  }
  const stem = path.basename(real).replace(/\.jsonl?$/, "");
  const sourceId = outcome.session.meta.sourceId;
  const taskFolder = path.dirname(real);
  const agentSessionId =
    outcome.format === "claude-code"
      ? stem.startsWith("agent-") && sourceId
        ? `${sourceId}/${stem}`
        : stem
      : outcome.format === "cline"
        ? // <extension>/tasks/<task id>/api_conversation_history.json, keyed as the extension's folder is
          `${path.basename(path.dirname(path.dirname(taskFolder)))}/${path.basename(taskFolder)}`
        : (sourceId ?? stem);
  return {
    agent: outcome.format as SyncAgentId,
    format: outcome.format,
    agentSessionId,
    path: real,
    project: outcome.session.meta.cwd ?? path.basename(path.dirname(real)),
    read: async () => bytes,
  };
}
