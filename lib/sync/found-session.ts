import type { FormatId } from "../engine/model";

/** The agents whose default session folders `lab sync` reads. */
export const SYNC_AGENT_IDS = ["claude-code", "codex", "pi", "gemini-cli", "openclaw", "opencode", "goose", "cline", "roo-code", "kilo-code"] as const;
export type SyncAgentId = (typeof SYNC_AGENT_IDS)[number];

/** One agent session found on disk, not yet read. */
export interface FoundSession {
  agent: SyncAgentId;
  /** the importer that reads it */
  format: FormatId;
  /** the agent's own id of the session (with the sub-agent's, for a Claude Code sub-agent file) */
  agentSessionId: string;
  /** the session's file (opencode: its session info file; its messages and parts live in sibling folders) */
  path: string;
  /** the session's project — its working directory where the agent records one, else its project folder — for --include / --exclude */
  project: string;
  /** the bytes the lab imports: the file itself, or for opencode the `opencode export` document assembled from storage */
  read(): Promise<Uint8Array>;
}

/**
 * Where one agent keeps its sessions, and how to read one of its files as a FoundSession. `describe` is what
 * `lab sync --file` (a hook) runs on the one file it is given, so a hook's sync keys the session as a full sync does.
 */
export interface AgentFolder {
  agent: SyncAgentId;
  /** the folder under the home folder (or the agent's own variable) that holds its sessions */
  root: string;
  /** the session files under root */
  list(): string[];
  /** a file under root as a session, or null when it is not one of the agent's session files */
  describe(file: string): FoundSession | null;
}
