import type { SessionFidelity } from "../api/contracts/fidelity-schemas";
import { measureFidelity } from "../engine/fidelity/measure-fidelity";
import { sessionModel, sessionWindow } from "../engine/fidelity/session-window";
import { replaySession } from "../engine/simulate/replay-session";
import { findStrategy } from "../engine/strategies";
import { strategyOfFormat } from "../engine/strategies/strategy-of-format";
import { findModelContextWindow } from "../llm/model-context-windows";
import { loadSessionCached } from "./session-cache";

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
  const recorded = session.messages.some((message) => message.parts.some((part) => part.type === "compaction"));
  if (!recorded) return { fidelity: null, reason: "the session records no compaction of its own" };
  const strategyId = strategyOfFormat(session.format);
  const strategy = strategyId === undefined ? undefined : findStrategy(strategyId);
  if (!strategy) return { fidelity: null, reason: `a ${session.format} session's compactions have no strategy of that agent in the lab to replay them` };
  const model = sessionModel(session);
  const window = sessionWindow(session, model === undefined ? undefined : findModelContextWindow(model));
  const result = await replaySession({ session, strategy, window: window.tokens, estimator: "calibrated", countHiddenPrefix: true });
  const outcome = measureFidelity({ session, result, window });
  return outcome.fidelity ? { fidelity: outcome.fidelity, reason: null } : { fidelity: null, reason: outcome.reason };
}
