import { createHash, timingSafeEqual } from "node:crypto";
import { readEnv, type RawEnv } from "../env/read-env";

/** The header a trusted reverse proxy sets to LAB_TRUSTED_PROXY_SECRET on every request it forwards. */
export const TRUSTED_PROXY_HEADER = "x-lab-proxy-secret";
/** Where a request says it was addressed: the host and scheme the browser used. */
export interface PublicAddress {
  /** host[:port] as the browser addressed it (lower case), or null when the request names none */
  host: string | null;
  protocol: "http:" | "https:";
  /** whether X-Forwarded-Host / X-Forwarded-Proto were read (the request came through the trusted proxy) */
  viaTrustedProxy: boolean;
}

/**
 * The address a request was sent to. `X-Forwarded-Host` and `X-Forwarded-Proto` are anyone's to write, so they are
 * read only from a request that proves it came through the trusted reverse proxy: LAB_TRUSTED_PROXY_SECRET is set
 * and the request's `X-Lab-Proxy-Secret` header equals it (the proxy sets that header on what it forwards,
 * replacing any a client sent). Otherwise they are ignored: the host is the `Host` header (a browser always sends
 * the one it connected to) and the scheme is http — `next start` serves plain HTTP, so https means a proxy.
 *
 * Why a secret and not the proxy's address: a Next.js route handler never sees the connection's peer address.
 * `NextRequest.ip` is gone since Next.js 15, and the server fills `X-Forwarded-For` with the socket's address only
 * when the client sent none, so an address check would trust whatever a client wrote there.
 */
export function publicAddressOf(request: Request, secret: string | null = trustedProxySecret()): PublicAddress {
  const headers = request.headers;
  const host = firstValue(headers.get("host"));
  if (secret === null || !sameSecret(headers.get(TRUSTED_PROXY_HEADER), secret)) return { host, protocol: "http:", viaTrustedProxy: false };
  const forwardedProto = firstValue(headers.get("x-forwarded-proto"));
  return {
    host: firstValue(headers.get("x-forwarded-host")) ?? host,
    protocol: forwardedProto === "https" ? "https:" : "http:",
    viaTrustedProxy: true,
  };
}

/**
 * LAB_TRUSTED_PROXY_SECRET, or null when unset or blank (then forwarded headers are never read). Throws, naming the
 * variable (through the environment schema, lib/env), for a secret shorter than 24 characters.
 */
export function trustedProxySecret(env: RawEnv = process.env): string | null {
  return readEnv(env).LAB_TRUSTED_PROXY_SECRET ?? null;
}

/** Constant-time over SHA-256 digests, so neither the time taken nor a length difference says anything. */
function sameSecret(candidate: string | null, secret: string): boolean {
  if (candidate === null) return false;
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(candidate), digest(secret));
}

function firstValue(value: string | null): string | null {
  const first = value?.split(",")[0]?.trim().toLowerCase();
  return first ? first : null;
}
