import { apiErrorFromResponse, networkError } from "./api-request-error";
import { readNdjson } from "./read-ndjson";

/**
 * POST a JSON body to a streaming endpoint and follow its NDJSON answer, calling `onLine` for every line; resolves
 * when the stream ends. A refused request (non-2xx: 400 with the field named, 404) throws an ApiRequestError
 * carrying the API's own body, before any line is read. Aborting `signal` stops reading and closes the request;
 * an abort is not an error, the promise just resolves. Lines are the server's own types, not parsed.
 */
export async function postNdjson<Line>(options: { url: string; body: unknown; signal?: AbortSignal; onLine: (line: Line) => void }): Promise<void> {
  return fetchNdjson(options);
}

/** GET a streaming endpoint (following a stored job) and read it as {@link postNdjson} does. */
export async function getNdjson<Line>(options: { url: string; signal?: AbortSignal; onLine: (line: Line) => void }): Promise<void> {
  return fetchNdjson(options);
}

async function fetchNdjson<Line>(options: { url: string; body?: unknown; signal?: AbortSignal; onLine: (line: Line) => void }): Promise<void> {
  let response: Response;
  try {
    response = await fetch(options.url, {
      method: options.body === undefined ? "GET" : "POST",
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      headers: { ...(options.body === undefined ? {} : { "content-type": "application/json" }), accept: "application/x-ndjson" },
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) return;
    throw networkError(error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw apiErrorFromResponse(response.status, await response.text());
  if (!response.body) return;
  try {
    await readNdjson(response.body, (line) => options.onLine(line as Line));
  } catch (error) {
    if (!options.signal?.aborted) throw error;
  }
}
