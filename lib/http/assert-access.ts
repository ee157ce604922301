import { accessCookieOf, bearerToken, configuredAccessToken, isAccessToken } from "../security/access-token";
import { sessionIdOfCookie } from "../security/session-cookie";
import { findBrowserSession } from "../store/browser-sessions";
import { UnauthorizedError } from "../api/contracts/errors";

/** Team mode: throws UnauthorizedError unless the request has the access token (Bearer) or a live sign-in session. */
export async function assertAccess(request: Request): Promise<void> {
  const token = configuredAccessToken();
  if (token !== null && !(await hasAccess(request, token))) throw new UnauthorizedError();
}

/**
 * Whether a request may use the lab in team mode (API routes here, pages in proxy.ts): it carries the token
 * (`Authorization: Bearer`, for scripts), or a sign-in cookie whose HMAC holds under the current token and whose
 * session is still in the database (not signed out, not signed out everywhere, not expired). A wrong Bearer token is
 * refused outright, cookie or not.
 */
export async function hasAccess(request: { headers: Headers }, token: string): Promise<boolean> {
  const bearer = bearerToken(request.headers);
  if (bearer !== null) return isAccessToken(bearer, token);
  const sessionId = await signedSessionIdOf(request, token);
  return sessionId !== null && (await findBrowserSession(sessionId)) !== null;
}

/** The session id a request's cookie proves under `token` (its HMAC only; findBrowserSession says if it is live). */
export function signedSessionIdOf(request: { headers: Headers }, token: string): Promise<string | null> {
  return sessionIdOfCookie(accessCookieOf(request.headers), token);
}
