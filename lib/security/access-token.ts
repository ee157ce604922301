import { readEnv, type RawEnv } from "../env/read-env";
/**
 * Team mode's access token (LAB_ACCESS_TOKEN), checked with Web Crypto (the proxy and route handlers share it).
 * Scripts send `Authorization: Bearer <token>`; browsers hold a session cookie (session-cookie.ts) whose HMAC is
 * keyed by the token. Comparisons are constant-time over equal-length digests.
 */
export const ACCESS_COOKIE = "lab_access";

/** The configured token, or null when the lab is in single-user mode (no LAB_ACCESS_TOKEN). */
export function configuredAccessToken(env?: RawEnv): string | null {
  return readEnv(env).LAB_ACCESS_TOKEN ?? null;
}

const encoder = new TextEncoder();

/** HMAC-SHA256 of `message` keyed by `key`, as 64 hex digits. */
export async function hmacHex(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(message)));
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Two digests of the same length compared without an early exit (false for different lengths). */
export function timingSafeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/** Equal strings, compared through their HMACs so the time taken says nothing about where they differ. */
async function constantTimeEqual(a: string, b: string): Promise<boolean> {
  const key = "compaction-lab:compare";
  const [x, y] = await Promise.all([hmacHex(key, a), hmacHex(key, b)]);
  return timingSafeEqualHex(x, y);
}

/** Whether a token someone typed or sent is the configured one. */
export function isAccessToken(candidate: string, token: string): Promise<boolean> {
  return constantTimeEqual(candidate, token);
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(headers: Headers): string | null {
  return /^Bearer\s+(.+)$/i.exec(headers.get("authorization") ?? "")?.[1]?.trim() || null;
}

/** The sign-in cookie's value on a request, or null. */
export function accessCookieOf(headers: Headers): string | null {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === ACCESS_COOKIE) return rest.join("=");
  }
  return null;
}
