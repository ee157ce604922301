import type { RunRequest, RunStreamLine } from "../api/run-schemas";
import { apiErrorFromResponse, networkError } from "./api-request-error";
import { readNdjson } from "./read-ndjson";

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
  let response: Response;
  try {
    response = await fetch(`/api/sessions/${encodeURIComponent(options.sessionId)}/runs`, {
      method: "POST",
      body: JSON.stringify(options.request),
      headers: { "content-type": "application/json", accept: "application/x-ndjson" },
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) return;
    throw networkError(error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw apiErrorFromResponse(response.status, await response.text());
  if (!response.body) return;
  try {
    await readNdjson(response.body, (line) => options.onLine(line as RunStreamLine));
  } catch (error) {
    if (!options.signal?.aborted) throw error;
  }
}

/** POST /api/runs/:id/cancel; a run that already ended answers 4xx, which is not worth reporting. */
export async function cancelRun(runId: string): Promise<void> {
  try {
    await fetch(`/api/runs/${encodeURIComponent(runId)}/cancel`, { method: "POST" });
  } catch {
    // the stream's own end reports what happened
  }
}
