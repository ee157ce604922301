import { findBrowserSession } from "../store/browser-sessions";
import { accessCookieOf, bearerToken, isAccessToken } from "./access-token";
import { sessionIdOfCookie } from "./session-cookie";

/**
 * Whether a request may use the lab in team mode: it carries the token (`Authorization: Bearer`, for scripts), or a
 * sign-in cookie whose HMAC holds under the current token and whose session is still in the database (not signed
 * out, not signed out everywhere, not expired). A wrong Bearer token is refused outright, cookie or not.
 */
export async function hasAccess(request: { headers: Headers }, token: string): Promise<boolean> {
  const bearer = bearerToken(request.headers);
  if (bearer !== null) return isAccessToken(bearer, token);
  const sessionId = await sessionIdOfCookie(accessCookieOf(request.headers), token);
  return sessionId !== null && (await findBrowserSession(sessionId)) !== null;
}

/** The signed-in session id a request's cookie proves under `token` (HMAC only; the store says if it is live). */
export function signedSessionIdOf(request: { headers: Headers }, token: string): Promise<string | null> {
  return sessionIdOfCookie(accessCookieOf(request.headers), token);
}
