import type { Session } from "../model";
import { DEFAULT_REPLAY_WINDOW } from "../simulate/resolve-window";
import type { SessionWindow } from "./fidelity-report";

/**
 * The window the agent ran the session at: the one the transcript recorded, else the catalog window of its model
 * (looked up by the caller: the catalog lives outside the engine), else the lab's default 200K.
 */
export function sessionWindow(session: Session, catalogWindow: number | undefined): SessionWindow {
  if (session.meta.contextWindow) return { tokens: session.meta.contextWindow, from: "recorded" };
  if (catalogWindow) return { tokens: catalogWindow, from: "catalog" };
  return { tokens: DEFAULT_REPLAY_WINDOW, from: "default" };
}

/** The model the session ran on: its recorded one, else the first assistant message's. */
export function sessionModel(session: Session): string | undefined {
  return session.meta.model ?? session.messages.find((message) => message.role === "assistant" && message.model)?.model;
}
