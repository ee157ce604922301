import { hmacHex, timingSafeEqualHex } from "./access-token";

/** How long a sign-in lasts: the cookie's Max-Age and the session record's expiry, 30 days from signing in. */
export const BROWSER_SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Bumped if the cookie's shape ever changes, so an old cookie can never be read as a new one. */
const PURPOSE = "compaction-lab:browser-session:v1:";
const COOKIE_PATTERN = /^([A-Za-z0-9_-]{43})\.([0-9a-f]{64})$/;

/**
 * The sign-in cookie's value for a stored browser session: `id.HMAC-SHA256(key = access token, id)`. The database
 * holds only the id, so neither a copy of the database nor the cookie reveals the token or lets anyone check a
 * guess of it offline, and a changed token fails every cookie's HMAC (everyone is signed out).
 */
export async function sessionCookieValue(token: string, sessionId: string): Promise<string> {
  return `${sessionId}.${await hmacHex(token, PURPOSE + sessionId)}`;
}

/**
 * The session id a cookie value carries when its HMAC is right for `token`, else null (malformed, forged, or made
 * under another token). Whether that session is still signed in is the store's question (findBrowserSession).
 */
export async function sessionIdOfCookie(value: string | null, token: string): Promise<string | null> {
  const match = COOKIE_PATTERN.exec(value ?? "");
  if (!match) return null;
  const [, id, mac] = match;
  return timingSafeEqualHex(mac, await hmacHex(token, PURPOSE + id)) ? id : null;
}
