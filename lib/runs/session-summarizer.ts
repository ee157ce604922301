import type { Summarizer } from "../engine/summarize/summarizer";
import { withSessionLock } from "./session-lock";

/**
 * The summarizer as a stored run calls it (a single run and every configuration of a comparison):
 * - after a turn of the event loop: the replay itself pauses only every REPLAY_PAUSE_EVERY messages (replay-core),
 *   so without this a short session's extractive replay would be one synchronous stretch, during which neither a
 *   cancel request nor a client disconnect (nor the streamed lines) get through, and a summary would not be the
 *   point where a cancel lands;
 * - when it calls a model (`callsModel`), under seed 004's per-session lock (in the database on PostgreSQL, so
 *   across server instances and workers): two runs of one session may replay side by side, but their model calls
 *   are made one at a time (runs of different sessions never wait on each other). A run cancelled while it waits
 *   for the lock stops as soon as it gets it. The extractive summarizer calls nothing and reads only its request:
 *   each run replays its own copy of the session, so there is nothing for the lock to guard, and taking it made a
 *   recommendation's two workers wait on each other for every summary of the session they share (issue #39:
 *   1.89× the single runs ÷ 2 without the lock against 2.08–2.53× with it, in one experiment on the busy machine).
 */
export function sessionSummarizer(options: { sessionId: string; summarizer: Summarizer; callsModel: boolean }): Summarizer {
  return async (request) => {
    await new Promise((resolve) => setImmediate(resolve));
    request.signal?.throwIfAborted();
    if (!options.callsModel) return options.summarizer(request);
    return withSessionLock(options.sessionId, () => {
      request.signal?.throwIfAborted();
      return options.summarizer(request);
    }, request.signal);
  };
}
