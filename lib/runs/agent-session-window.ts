import type { SessionWindow } from "../engine/fidelity/fidelity-report";
import { sessionModel, sessionWindow } from "../engine/fidelity/session-window";
import type { Session } from "../engine/model";
import { findModelContextWindow } from "../llm/model-context-windows";

/**
 * The window the session's agent ran at (`sessionWindow`), its model's window looked up in the price catalog. Its own
 * file so that `lab simulate`, which measures fidelity at it, does not load the session page's fidelity and the store.
 */
export function agentSessionWindow(session: Session): SessionWindow {
  const model = sessionModel(session);
  return sessionWindow(session, model === undefined ? undefined : findModelContextWindow(model));
}
