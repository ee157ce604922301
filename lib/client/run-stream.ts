import type { RunRequest, RunStreamLine } from "../api/run-schemas";
import { postNdjson } from "./post-ndjson";

/**
 * POST /api/sessions/:id/runs and follow its NDJSON stream, calling `onLine` for every line. Resolves when
 * the stream ends; a non-2xx answer throws an ApiRequestError. Aborting `signal` stops reading (the server
 * is asked to cancel separately, with {@link cancelRun}, so a closed tab does not leave a run going).
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

/** POST /api/runs/:id/cancel; a run that already ended answers 4xx, which is not worth reporting. */
export async function cancelRun(runId: string): Promise<void> {
  try {
    await fetch(`/api/runs/${encodeURIComponent(runId)}/cancel`, { method: "POST" });
  } catch {
    // the stream's own end reports what happened
  }
}
