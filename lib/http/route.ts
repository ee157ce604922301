import { z } from "zod";
import { ImportError } from "../transcripts/import-error";
import type { ApiError } from "../api/contracts/schemas";
import { SettingsError } from "../engine/strategies/resolve-settings";
import { assertSameOrigin } from "./assert-same-origin";
import { assertAccess } from "./assert-access";
import { servedHost } from "../security/served-host";
import { isInvalidValueError } from "../store/invalid-value-error";
import { BadRequestError, ConflictError, ForbiddenError, MisdirectedRequestError, UnauthorizedError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, UpstreamError } from "../api/contracts/errors";

/**
 * Wraps a route handler: a request naming a host the lab does not serve is a 421 `host_not_served` (DNS rebinding,
 * lib/security/served-host.ts), before anything else; in team mode (LAB_ACCESS_TOKEN) a request without the token or a live sign-in session is a
 * 401 `unauthorized` (routes marked `access: "public"` — health, sign-in — excepted); a state-changing request from another site is refused first (403 `cross_site_request`,
 * assertSameOrigin); a plain object it returns becomes a 200 JSON response (return a `Response` for any other
 * status), and every thrown error becomes one JSON `ApiError` body:
 * zod → 400 `invalid_request` (issues with their path), a strategy SettingsError → 400 `invalid_settings` (the
 * setting as `settings.<name>`), BadRequestError → 400 with its code, ImportError → 400 with its code, format and issues
 * (line / JSON path), ForbiddenError → 403, NotFoundError → 404 `not_found:<entity>`, PayloadTooLargeError → 413,
 * UnsupportedMediaTypeError → 415, a database's refusal of a value the request gave (a NUL in text, an integer past 32 bits,
 * on PostgreSQL) → 400 `invalid_value`, UpstreamError → 502 with its code, ConflictError → 409 with its code (and the
 * stored counterpart), the request's own abort (the client left) → 499 unlogged, anything else → logged, generic
 * 500 (no internals leak to the client).
 */
export function handle<Context>(
  handler: (request: Request, context: Context) => Promise<Response | object>,
  options: { access?: "token" | "public" } = {},
): (request: Request, context: Context) => Promise<Response> {
  return async (request, context) => {
    try {
      const host = servedHost(request);
      if (!host.served) throw new MisdirectedRequestError(host.message);
      if (options.access !== "public") await assertAccess(request);
      assertSameOrigin(request);
      await assertPlainParams(context);
      const result = await handler(request, context);
      return result instanceof Response ? result : Response.json(result);
    } catch (error) {
      return errorResponse(error, request);
    }
  };
}

/** Longest path parameter the lab's ids come near (cuids are 25 characters; a probe id of a probe set is a short name). */
const MAX_PARAM_CHARS = 256;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * Refuses a path parameter no record can have — a control character (a NUL: PostgreSQL rejects it in text and the
 * query fails with a 500) or more than {@link MAX_PARAM_CHARS} characters — as 400 `invalid_path`, naming it.
 */
async function assertPlainParams(context: unknown): Promise<void> {
  const params: unknown = await (context as { params?: unknown } | null | undefined)?.params;
  if (params === null || typeof params !== "object") return;
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item !== "string" || (item.length <= MAX_PARAM_CHARS && !CONTROL_CHARACTER.test(item))) continue;
      throw new BadRequestError(
        "invalid_path",
        `The path's ${name} ${JSON.stringify(item.slice(0, 60))}${item.length > 60 ? "…" : ""} is not one the lab makes: ids are at most ${MAX_PARAM_CHARS} characters, with no control characters.`,
        `params.${name}`,
      );
    }
  }
}

/** The JSON error response for a thrown value (exported for tests and for handlers that stream). */
export function errorResponse(error: unknown, request?: Request): Response {
  if (error instanceof z.ZodError) {
    return apiError(400, {
      code: "invalid_request",
      message: `Invalid request: ${z.prettifyError(error)}`,
      issues: error.issues.map((issue) => ({ path: issue.path.join(".") || "$", message: issue.message })),
    });
  }
  if (error instanceof ImportError) {
    return apiError(400, {
      code: error.code,
      message: error.message,
      format: error.format,
      issues: error.issues,
      totalIssues: error.totalIssues,
    });
  }
  if (error instanceof SettingsError) {
    return apiError(400, { code: error.code, message: error.message, issues: [{ path: error.setting ? `settings.${error.setting}` : "settings", message: error.message }] });
  }
  if (error instanceof BadRequestError) {
    return apiError(400, { code: error.code, message: error.message, ...(error.path ? { issues: [{ path: error.path, message: error.message }] } : {}) });
  }
  if (isInvalidValueError(error)) {
    return apiError(400, {
      code: "invalid_value",
      message: "A value in the request cannot be stored or looked up: text with a NUL character, or a number out of range. Check the path's id, the query parameters and the body's fields.",
    });
  }
  if (error instanceof UnauthorizedError) return apiError(401, { code: error.code, message: error.message });
  if (error instanceof ForbiddenError) return apiError(403, { code: error.code, message: error.message });
  if (error instanceof NotFoundError) return apiError(404, { code: error.code, message: error.message });
  if (error instanceof MisdirectedRequestError) return apiError(421, { code: error.code, message: error.message });
  if (error instanceof ConflictError) return apiError(409, { code: error.code, message: error.message, ...(error.existing ? { existing: error.existing } : {}) });
  if (error instanceof PayloadTooLargeError) return apiError(413, { code: error.code, message: error.message });
  if (error instanceof UnsupportedMediaTypeError) return apiError(415, { code: error.code, message: error.message });
  if (error instanceof UpstreamError) return apiError(502, { code: error.code, message: error.message });
  // the client went away (a closed tab, a cancelled upload) and the handler stopped for it: nobody reads this answer
  if (request?.signal.aborted && error === request.signal.reason) return apiError(499, { code: "client_closed_request", message: "The request was cancelled by the client." });
  console.error(`[api] ${request ? `${request.method} ${new URL(request.url).pathname}` : "request"} failed:`, error);
  return apiError(500, { code: "internal", message: "Something went wrong on the server; the error was logged." });
}

function apiError(status: number, error: ApiError["error"]): Response {
  return Response.json({ error } satisfies ApiError, { status });
}
