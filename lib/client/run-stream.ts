import type { RunRequest, RunStreamLine } from "../api/contracts/run-schemas";
import { getNdjson, postNdjson } from "./post-ndjson";

/**
 * POST /api/sessions/:id/runs and follow its NDJSON stream, calling `onLine` for every line. Resolves when
 * the stream ends; a non-2xx answer throws an ApiRequestError. Aborting `signal` stops reading only: the run is a
 * job on the server and goes on ({@link cancelRun} cancels it; {@link followRunStream} follows it again).
 */
export async function streamRun(options: {
  sessionId: string;
  request: RunRequest;
  signal?: AbortSignal;
  onLine: (line: RunStreamLine) => void;
}): Promise<void> {
  return postNdjson<RunStreamLine>({
    url: `/api/sessions/${encodeURIComponent(options.sessionId)}/runs`,
    body: options.request,
    signal: options.signal,
    onLine: options.onLine,
  });
}

/** GET /api/runs/:id/stream: follow a stored run (queued, running or ended) from the server's database. */
export async function followRunStream(options: { runId: string; signal?: AbortSignal; onLine: (line: RunStreamLine) => void }): Promise<void> {
  return getNdjson<RunStreamLine>({ url: `/api/runs/${encodeURIComponent(options.runId)}/stream`, signal: options.signal, onLine: options.onLine });
}

/** POST /api/runs/:id/cancel; a run that already ended answers 4xx, which is not worth reporting. */
export async function cancelRun(runId: string): Promise<void> {
  try {
    await fetch(`/api/runs/${encodeURIComponent(runId)}/cancel`, { method: "POST" });
  } catch {
    // the stream's own end reports what happened
  }
}

/** Asks the server to cancel every unfinished job of a comparison (its stream then ends with `cancelled` lines). */
export async function cancelComparison(comparisonId: string): Promise<void> {
  try {
    await fetch(`/api/comparisons/${encodeURIComponent(comparisonId)}/cancel`, { method: "POST" });
  } catch {
    // the stream's own end reports what happened
  }
}
