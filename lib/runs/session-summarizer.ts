import type { Summarizer } from "../engine/summarize/summarizer";
import { withSessionLock } from "./session-lock";

/**
 * The summarizer as a stored run calls it (a single run and every configuration of a comparison):
 * - after a turn of the event loop: the replay itself pauses only every REPLAY_PAUSE_EVERY messages (replay-core),
 *   so without this a short session's extractive replay would be one synchronous stretch, during which neither a
 *   cancel request nor a client disconnect (nor the streamed lines) get through, and a summary would not be the
 *   point where a cancel lands;
 * - under seed 004's per-session lock (in the database on PostgreSQL, so across server instances): two runs of one session may replay side by side, but their summaries are
 *   made one at a time (runs of different sessions never wait on each other). A run cancelled while it waits for
 *   the lock stops as soon as it gets it.
 */
export function sessionSummarizer(options: { sessionId: string; summarizer: Summarizer }): Summarizer {
  return async (request) => {
    await new Promise((resolve) => setImmediate(resolve));
    request.signal?.throwIfAborted();
    return withSessionLock(options.sessionId, () => {
      request.signal?.throwIfAborted();
      return options.summarizer(request);
    }, request.signal);
  };
}
