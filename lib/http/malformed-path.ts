import type { ApiError } from "../api/contracts/schemas";

/**
 * Whether a URL path (as sent, percent-encoded) fails to decode: a `%` not followed by two hex digits, or bytes that
 * are not UTF-8 (`%E0%A4%A`). Next.js decodes a dynamic route's params before any handler runs and answers such a
 * path with a plain-text 500; proxy.ts asks this first and answers {@link malformedPathResponse}.
 */
export function isMalformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** The 400 for a path that does not decode: the usual JSON error, code `invalid_path`, naming the path. */
export function malformedPathResponse(pathname: string): Response {
  const error: ApiError["error"] = {
    code: "invalid_path",
    message: `The path ${JSON.stringify(pathname.slice(0, 200))} is not valid percent-encoding: each % must start a UTF-8 byte written as two hex digits (%20, %C3%A9).`,
    issues: [{ path: "path", message: "malformed percent-encoding" }],
  };
  return Response.json({ error } satisfies ApiError, { status: 400 });
}
