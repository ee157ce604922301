import type { SessionFidelity } from "../api/contracts/fidelity-schemas";
import type { SessionWindow } from "../engine/fidelity/fidelity-report";
import { fidelityUnmeasurable, measureFidelity } from "../engine/fidelity/measure-fidelity";
import { sessionModel, sessionWindow } from "../engine/fidelity/session-window";
import type { Session } from "../engine/model";
import { replaySession } from "../engine/simulate/replay-session";
import { findStrategy } from "../engine/strategies";
import { strategyOfFormat } from "../engine/strategies/strategy-of-format";
import { findModelContextWindow } from "../llm/model-context-windows";
import { loadSessionCached } from "./session-cache";

/** The window the session's agent ran at (`sessionWindow`), its model's window looked up in the price catalog. */
export function agentSessionWindow(session: Session): SessionWindow {
  const model = sessionModel(session);
  return sessionWindow(session, model === undefined ? undefined : findModelContextWindow(model));
}

/**
 * The session page's fidelity: the session's own agent replayed as `npm run fidelity` gates it — its strategy at
 * its defaults, at the window the agent ran with (recorded, else the model's catalog window, else 200K), with the
 * calibrated estimator and the agent's hidden prefix counted in every call, offline (the extractive summarizer) —
 * beside each compaction the transcript recorded. Answers without replaying when there is nothing to compare (no
 * recorded compaction, an agent the lab has no strategy of). The replay yields to the event loop as it goes.
 * Throws `not_found:session`.
 */
export async function sessionFidelity(sessionId: string): Promise<SessionFidelity> {
  const session = await loadSessionCached(sessionId);
  const unmeasurable = fidelityUnmeasurable(session);
  if (unmeasurable !== null) return { fidelity: null, reason: unmeasurable };
  const strategy = findStrategy(strategyOfFormat(session.format)!)!;
  const window = agentSessionWindow(session);
  const result = await replaySession({ session, strategy, window: window.tokens, estimator: "calibrated", countHiddenPrefix: true });
  const outcome = measureFidelity({ session, result, window });
  return outcome.fidelity ? { fidelity: outcome.fidelity, reason: null } : { fidelity: null, reason: outcome.reason };
}
