import type { CompareStreamLine } from "../api/contracts/compare-schemas";
import { postNdjson } from "./post-ndjson";

/**
 * POST one of the compare workbench's streaming endpoints (`/api/sessions/:id/compare`, `/api/sessions/:id/sweep`,
 * `/api/compare/multi`) and follow its NDJSON stream, calling `onLine` for every line. A refused request (400 with
 * the field named, 404) throws an ApiRequestError carrying the API's own body, before any line is read. Aborting
 * `signal` stops reading and closes the request, which is how the server learns the user cancelled; an abort is
 * not an error, the promise just resolves.
 */
export async function streamCompare(options: {
  url: string;
  body: unknown;
  signal?: AbortSignal;
  onLine: (line: CompareStreamLine) => void;
}): Promise<void> {
  return postNdjson<CompareStreamLine>(options);
}
