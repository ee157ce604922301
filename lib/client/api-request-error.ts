import { ApiErrorSchema, type ApiError } from "../api/contracts/schemas";

export type ApiErrorBody = ApiError["error"];

/**
 * A failed API call, carrying the error body exactly as the API sent it so the UI can show the message and
 * the listed issues (line / path) verbatim. Responses that are not an ApiError (a proxy's 502 page, a
 * network failure) get a synthesized body whose code says so.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = "ApiRequestError";
    this.status = status;
    this.body = body;
  }
}

/** Builds an {@link ApiRequestError} from a response's status and raw text. */
export function apiErrorFromResponse(status: number, text: string): ApiRequestError {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: fall through to the synthesized body
  }
  const result = ApiErrorSchema.safeParse(parsed);
  if (result.success) return new ApiRequestError(status, result.data.error);
  const snippet = text.trim().slice(0, 200);
  return new ApiRequestError(status, {
    code: `http_${status}`,
    message: snippet ? `The server answered ${status}: ${snippet}` : `The server answered ${status} with no body.`,
  });
}

/** The error for a request that never got an answer. */
export function networkError(detail: string): ApiRequestError {
  return new ApiRequestError(0, { code: "network", message: `Could not reach the server: ${detail}` });
}

/** The error body to show for anything a query or mutation threw. */
export function toApiErrorBody(error: unknown): ApiErrorBody {
  if (error instanceof ApiRequestError) return error.body;
  return { code: "client", message: error instanceof Error ? error.message : String(error) };
}
