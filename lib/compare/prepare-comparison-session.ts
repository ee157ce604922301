import type { CompareOptions } from "../api/contracts/compare-schemas";
import { withUserProbes } from "../engine/evaluate/extract-probes";
import type { ContinuationFacts } from "../engine/evaluate/extract-continuation-facts";
import type { Probe } from "../engine/evaluate/probe";
import type { Session } from "../engine/model";
import type { ReplayResult } from "../engine/simulate/replay-result";
import { replaySession } from "../engine/simulate/replay-session";
import { noneStrategy } from "../engine/strategies/none";
import type { EstimatorChoice } from "../engine/tokens/create-estimator";
import { createFingerprintCache } from "../runs/fingerprint-cache";
import { resolveReplayEstimator } from "../runs/resolve-estimator";
import { sessionContinuationFacts } from "../runs/session-continuation-facts";
import { sessionProbes } from "../runs/session-probes";
import { sessionFingerprint } from "../store/runs";
import { listUserProbes } from "../store/user-probes";
import { processSingleton } from "../process/process-singleton";
import { untilAborted } from "../runs/until-aborted";

/** What every configuration of a comparison shares for one session. */
export interface PreparedSession {
  estimator: EstimatorChoice;
  probes: readonly Probe[];
  /** the facts later messages use, for continuation recall (extracted once per session and stored with it: sessionContinuationFacts) */
  continuationFacts: ContinuationFacts;
  baseline: ReplayResult;
}

const PREPARED_CACHE_SIZE = 8;

/**
 * Per process and for speed only. Keyed by the session and what the preparation depends on besides its content
 * (the user's probes, window, reserve, estimator, model); the session's fingerprint is checked on every read. The
 * value holds the promise, so workers of one process asking at once share one computation.
 */
const prepared = processSingleton("prepared-comparison-sessions", () =>
  createFingerprintCache<{ prepared: Promise<PreparedSession> }>({
    size: PREPARED_CACHE_SIZE,
    fingerprint: (key) => sessionFingerprint((JSON.parse(key) as [string])[0]),
  }),
);

/**
 * What every configuration of a session shares: the estimator (count-tokens counts the session), the probes (the
 * session's own stored with it, `sessionProbes`; the user's added) and the `none` replay the rows' `tokensSavedVsNone` is measured against. Cached per process by
 * the session's fingerprint, its probes, the window and the estimator, so K workers each compute it once per session.
 * The shared computation runs under no caller's signal: a cancelled caller stops waiting for it (its `signal`
 * rejects this call at once), and the configurations still waiting get their result — it used to run under the
 * first caller's signal, so cancelling that configuration failed every other one sharing it (`internal`, seen as
 * 2–6 of 16 configurations failed when the others were cancelled under full CPU load).
 */
export async function prepareComparisonSession(options: { sessionId: string; session: Session; compare: CompareOptions; window: number; signal: AbortSignal }): Promise<PreparedSession> {
  const { compare } = options;
  const userProbes = await listUserProbes(options.sessionId);
  const key = JSON.stringify([options.sessionId, userProbes.map((probe) => [probe.id, probe.kind, probe.pattern]), options.window, compare.outputReserve, compare.estimator, compare.model ?? null]);
  const entry = await prepared.get(key, async () => {
    const computing = (async () => {
      const estimator = await resolveReplayEstimator({ estimator: compare.estimator, session: options.session, apiKey: compare.apiKey, model: compare.model });
      // the session's own probes as stored with it (extracted by the first process to need them), then the user's
      const probes = withUserProbes({ session: options.session, sessionProbes: await sessionProbes({ sessionId: options.sessionId, session: options.session }), userProbes });
      await new Promise((resolve) => setImmediate(resolve));
      const continuationFacts = await sessionContinuationFacts({ sessionId: options.sessionId, session: options.session });
      const baseline = await replaySession({ session: options.session, strategy: noneStrategy, window: options.window, outputReserve: compare.outputReserve, estimator });
      return { estimator, probes, continuationFacts, baseline };
    })();
    computing.catch(() => prepared.forget(key));
    return { prepared: computing };
  });
  return untilAborted(entry.prepared, options.signal);
}
