import { extractProbes } from "../engine/evaluate/extract-probes";
import type { Probe } from "../engine/evaluate/probe";
import { loadSessionCached } from "../runs/session-cache";
import { listUserProbes, type UserProbeRecord } from "../store/user-probes";

/**
 * A session's probes as a comparison scores them: `extracted` is extractProbes with the user's probes included
 * (last, ids `user-<id>`), `user` the stored user probes themselves (for editing). Throws `not_found:session`.
 */
export async function listSessionProbes(sessionId: string): Promise<{ extracted: Probe[]; user: UserProbeRecord[] }> {
  const session = await loadSessionCached(sessionId);
  const user = await listUserProbes(sessionId);
  return { extracted: extractProbes(session, { userProbes: user }), user };
}
