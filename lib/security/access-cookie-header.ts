import { ACCESS_COOKIE } from "./access-token";
import { BROWSER_SESSION_LIFETIME_MS } from "./session-cookie";

/**
 * The Set-Cookie header that signs a browser in (value = sessionCookieValue) or, with null, signs it out:
 * HttpOnly (no script reads it), SameSite=Lax, Secure when the lab is reached over https (publicAddressOf), and
 * lasting as long as the session record.
 */
export function accessCookieHeader(value: string | null, secure: boolean): string {
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])];
  const maxAge = Math.floor(BROWSER_SESSION_LIFETIME_MS / 1000);
  return value === null ? [`${ACCESS_COOKIE}=`, "Max-Age=0", ...attributes].join("; ") : [`${ACCESS_COOKIE}=${value}`, `Max-Age=${maxAge}`, ...attributes].join("; ");
}
