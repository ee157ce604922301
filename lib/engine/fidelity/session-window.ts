import { contextTokensOf, type Session } from "../model";
import { DEFAULT_REPLAY_WINDOW } from "../simulate/resolve-window";
import type { SessionWindow } from "./fidelity-report";

/**
 * Claude Code runs a model at 200K tokens unless the user picked its 1M-context variant (`[1m]`, or
 * `autoCompactWindow`), whatever the model's own largest window — so its auto-compaction fires at 155–170K on
 * models the catalog lists at 1M (claude-opus-4-6, claude-sonnet-4-5). A session whose recorded context never
 * passed 200K ran at 200K.
 */
const CLAUDE_CODE_DEFAULT_WINDOW = 200_000;

/**
 * The window the agent ran the session at: the one the transcript recorded; else, for Claude Code, its default 200K
 * when no recorded call went past it; else the catalog window of its model (looked up by the caller: the catalog
 * lives outside the engine); else the lab's default 200K.
 */
export function sessionWindow(session: Session, catalogWindow: number | undefined): SessionWindow {
  if (session.meta.contextWindow) return { tokens: session.meta.contextWindow, from: "recorded" };
  if (session.format === "claude-code" && catalogWindow !== undefined && catalogWindow > CLAUDE_CODE_DEFAULT_WINDOW && recordedPeak(session) <= CLAUDE_CODE_DEFAULT_WINDOW) {
    return { tokens: CLAUDE_CODE_DEFAULT_WINDOW, from: "agent" };
  }
  if (catalogWindow) return { tokens: catalogWindow, from: "catalog" };
  return { tokens: DEFAULT_REPLAY_WINDOW, from: "default" };
}

function recordedPeak(session: Session): number {
  let peak = 0;
  for (const message of session.messages) if (message.usage) peak = Math.max(peak, contextTokensOf(message.usage));
  return peak;
}

/** The model the session ran on: its recorded one, else the first assistant message's. */
export function sessionModel(session: Session): string | undefined {
  return session.meta.model ?? session.messages.find((message) => message.role === "assistant" && message.model)?.model;
}
