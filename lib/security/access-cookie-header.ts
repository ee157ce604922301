import { ACCESS_COOKIE } from "./access-token";

const THIRTY_DAYS = 30 * 24 * 60 * 60;

/** The Set-Cookie header that signs a browser in (value = accessCookieValue) or, with null, signs it out. */
export function accessCookieHeader(value: string | null, secure: boolean): string {
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])];
  return value === null ? [`${ACCESS_COOKIE}=`, "Max-Age=0", ...attributes].join("; ") : [`${ACCESS_COOKIE}=${value}`, `Max-Age=${THIRTY_DAYS}`, ...attributes].join("; ");
}
