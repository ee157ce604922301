import { readEnv, type RawEnv } from "../env/read-env";
/**
 * Team mode's access token (LAB_ACCESS_TOKEN), checked with Web Crypto so the same code runs in the proxy and in
 * route handlers. Browsers hold a cookie with an HMAC of the token, never the token itself; scripts send
 * `Authorization: Bearer <token>`. Comparisons are constant-time over equal-length digests.
 */
export const ACCESS_COOKIE = "lab_access";

/** The configured token, or null when the lab is in single-user mode (no LAB_ACCESS_TOKEN). */
export function configuredAccessToken(env?: RawEnv): string | null {
  return readEnv(env).LAB_ACCESS_TOKEN ?? null;
}

const encoder = new TextEncoder();

async function hmacHex(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(message)));
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The cookie value that proves a browser signed in with `token` (changes whenever the token does). */
export function accessCookieValue(token: string): Promise<string> {
  return hmacHex(token, "compaction-lab:access-cookie:v1");
}

/** Equal strings, compared through their HMACs so the time taken says nothing about where they differ. */
async function constantTimeEqual(a: string, b: string): Promise<boolean> {
  const key = "compaction-lab:compare";
  const [x, y] = await Promise.all([hmacHex(key, a), hmacHex(key, b)]);
  let difference = 0;
  for (let index = 0; index < x.length; index += 1) difference |= x.charCodeAt(index) ^ y.charCodeAt(index);
  return difference === 0;
}

/** Whether a token someone typed or sent is the configured one. */
export function isAccessToken(candidate: string, token: string): Promise<boolean> {
  return constantTimeEqual(candidate, token);
}

/** Whether the request carries the token (Bearer) or the signed-in cookie. */
export async function hasAccess(request: { headers: Headers }, token: string): Promise<boolean> {
  const authorization = request.headers.get("authorization");
  const bearer = /^Bearer\s+(.+)$/i.exec(authorization ?? "")?.[1]?.trim();
  if (bearer) return isAccessToken(bearer, token);
  const cookie = cookieValue(request.headers.get("cookie"), ACCESS_COOKIE);
  return cookie !== null && constantTimeEqual(cookie, await accessCookieValue(token));
}

function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}
