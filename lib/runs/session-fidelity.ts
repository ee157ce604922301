import type { SessionFidelity, VersionMatchWire } from "../api/contracts/fidelity-schemas";
import { bestVersionMatch } from "../engine/fidelity/best-version-match";
import type { Fidelity } from "../engine/fidelity/fidelity-report";
import { fidelityUnmeasurable, measureFidelity } from "../engine/fidelity/measure-fidelity";
import type { Session } from "../engine/model";
import { replaySession } from "../engine/simulate/replay-session";
import { findStrategy } from "../engine/strategies";
import { reproducedVersionLabel, reproducedVersionOf } from "../engine/strategies/reproduced-version-of";
import { strategyOfFormat } from "../engine/strategies/strategy-of-format";
import { strategyVersions } from "../engine/strategies/strategy-versions";
import { agentSessionWindow } from "./agent-session-window";
import { loadSessionCached } from "./session-cache";

/**
 * The session page's fidelity: the session's own agent replayed as `npm run fidelity` gates it — its strategy at
 * its defaults, at the window the agent ran with (recorded, else the model's catalog window, else 200K), with the
 * calibrated estimator and the agent's hidden prefix counted in every call, offline (the extractive summarizer) —
 * beside each compaction the transcript recorded; and every later version of that strategy (`claude-code@2.1.299`)
 * replayed the same way, ranked by how well it matches (which version of the agent the session looks like). Answers
 * without replaying when there is nothing to compare (no recorded compaction, an agent the lab has no strategy of).
 * Each replay yields to the event loop as it goes. Throws `not_found:session`.
 */
export async function sessionFidelity(sessionId: string): Promise<SessionFidelity> {
  const session = await loadSessionCached(sessionId);
  const unmeasurable = fidelityUnmeasurable(session);
  if (unmeasurable !== null) return { fidelity: null, reason: unmeasurable, versions: [], bestMatch: null };
  const window = agentSessionWindow(session);
  const fidelities: Fidelity[] = [];
  for (const strategy of strategyVersions(strategyOfFormat(session.format)!)) {
    const result = await replaySession({ session, strategy, window: window.tokens, estimator: "calibrated", countHiddenPrefix: true });
    const outcome = measureFidelity({ session, result, window });
    if (!outcome.fidelity) return { fidelity: null, reason: outcome.reason, versions: [], bestMatch: null };
    fidelities.push(outcome.fidelity);
  }
  const { ranked, best } = bestVersionMatch(fidelities);
  return { fidelity: fidelities[0], reason: null, versions: ranked.map((match): VersionMatchWire => ({ ...match, version: versionLabel(match.strategyId) })), bestMatch: best };
}

/** "2.1.299, 2026-10-14" for a dated version; "seed 003" for a strategy written from one of the product's seeds. */
export function versionLabel(strategyId: string): string {
  const reproduced = reproducedVersionOf(strategyId);
  if (reproduced) return reproducedVersionLabel(reproduced);
  const source = findStrategy(strategyId)?.source;
  return source?.kind === "seed" ? `seed ${source.file.slice(0, 3)}` : "—";
}
