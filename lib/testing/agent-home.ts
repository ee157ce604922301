import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sharedTranscript } from "./shared-transcripts";

/** The first `count` lines of a shared transcript (a small real session, cut at a line boundary), newline-ended. */
export function sharedLines(relativePath: string, from: number, count: number): string {
  const lines = fs.readFileSync(sharedTranscript(relativePath), "utf8").split("\n").filter((line) => line.trim() !== "");
  return `${lines.slice(from, from + count).join("\n")}\n`;
}

/** A home folder laid out as the agents lay theirs out, built at test time from pieces of ../shared/transcripts. */
export interface AgentHome {
  home: string;
  claudeCodeFile: string;
  claudeCodeSubagentFile: string;
  codexFile: string;
  piFile: string;
  /** removes the folder */
  remove(): void;
}

/** The agent session ids the files below are named by (the Codex and pi ones as their headers record them). */
export const AGENT_HOME_IDS = {
  claudeCode: "1af7fc5e-8455-4414-9ccd-011d40f70b2a",
  claudeCodeSubagent: "1af7fc5e-8455-4414-9ccd-011d40f70b2a/agent-a5bdbc1",
  codex: "019fc8be-3658-7ca3-9e29-000000000000",
  pi: "d703a1a9-1b7b-4fb1-b512-c9738b1fe617",
};

/**
 * A temporary HOME with one Claude Code session (and, with `subagent`, one sub-agent file of it), one Codex rollout and
 * one pi session in their default places, each the first lines of a real transcript: Claude Code's
 * ccviewer 1af7fc5e (12 lines), Codex's small schema fixture (40 lines), pi's large session (30 lines).
 */
export function buildAgentHome(options: { subagent?: boolean } = {}): AgentHome {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "lab-sync-home-"));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return file;
  };
  const project = path.join(home, ".claude", "projects", "-path-to-Demo");
  const claudeCodeFile = write(path.join(project, `${AGENT_HOME_IDS.claudeCode}.jsonl`), sharedLines("claude-code/ccviewer__1af7fc5e.jsonl", 0, 12));
  const claudeCodeSubagentFile = path.join(project, AGENT_HOME_IDS.claudeCode, "subagents", "agent-a5bdbc1.jsonl");
  if (options.subagent) write(claudeCodeSubagentFile, sharedLines("claude-code/session-share__0ccf1a04__subagents__agent-a5bdbc1.jsonl", 0, 7));
  const codexFile = write(
    path.join(home, ".codex", "sessions", "2026", "08", "03", `rollout-2026-08-03T10-48-56-${AGENT_HOME_IDS.codex}.jsonl`),
    sharedLines("codex/agent-sessions__codex-small-schema-fixture.jsonl", 0, 40),
  );
  const piFile = write(
    path.join(home, ".pi", "agent", "sessions", "--Users-badlogic-workspaces-pi-mono--", `2025-11-20T23-33-50-805Z_${AGENT_HOME_IDS.pi}.jsonl`),
    sharedLines("pi/pi-mono__large-session.jsonl", 0, 30),
  );
  return { home, claudeCodeFile, claudeCodeSubagentFile, codexFile, piFile, remove: () => fs.rmSync(home, { recursive: true, force: true }) };
}
