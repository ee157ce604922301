import path from "node:path";
import { claudeCodeFolder } from "./find-claude-code-sessions";
import { codexFolder } from "./find-codex-sessions";
import { geminiCliFolder } from "./find-gemini-cli-sessions";
import { gooseFolder } from "./find-goose-sessions";
import { opencodeFolder } from "./find-opencode-sessions";
import { TASK_EXTENSIONS, vscodeTaskFolder } from "./find-vscode-task-sessions";
import { openclawFolder, piFolder } from "./find-pi-sessions";
import type { AgentFolder } from "./found-session";

/** What the agents' folders are found from: the home folder, and the variables some agents move them with. */
export interface AgentFolderEnv {
  HOME: string;
  /** Claude Code's own folder (default `~/.claude`) */
  CLAUDE_CONFIG_DIR?: string;
  /** Codex's own folder (default `~/.codex`) */
  CODEX_HOME?: string;
  /** where opencode and Goose keep their data (default `~/.local/share`) */
  XDG_DATA_HOME?: string;
}


/** Every agent's session folder, in the order `lab sync` reads them. A folder that does not exist lists no files. */
export function agentFolders(env: AgentFolderEnv): AgentFolder[] {
  const home = env.HOME;
  return [
    claudeCodeFolder(path.join(env.CLAUDE_CONFIG_DIR || path.join(home, ".claude"), "projects")),
    codexFolder(path.join(env.CODEX_HOME || path.join(home, ".codex"), "sessions")),
    piFolder(path.join(home, ".pi", "agent", "sessions")),
    geminiCliFolder(path.join(home, ".gemini", "tmp")),
    openclawFolder(path.join(home, ".openclaw", "agents")),
    opencodeFolder(path.join(env.XDG_DATA_HOME || path.join(home, ".local", "share"), "opencode", "storage")),
    gooseFolder(path.join(env.XDG_DATA_HOME || path.join(home, ".local", "share"), "goose", "sessions")),
    ...TASK_EXTENSIONS.map(({ agent, extension }) => vscodeTaskFolder(home, agent, extension)),
  ];
}
