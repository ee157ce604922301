import { isIP } from "node:net";
import { readEnv, type RawEnv } from "../env/read-env";
import { publicAddressOf } from "./public-address";

/** What decides the hosts a lab serves, from the environment (tests pass their own). */
export interface ServedHostsConfig {
  /** LAB_PUBLIC_URL: where the lab is reached */
  publicUrl: string;
  /** LAB_TRUSTED_ORIGINS: further origins the lab is reached at (a reverse proxy's, another name) */
  trustedOrigins: readonly string[];
}

/** The verdict on a request's host: served, or refused with the host named and where the lab is reached. */
export type ServedHostVerdict = { served: true } | { served: false; host: string; message: string };

/**
 * Whether the lab serves the host a request was addressed to — the defence against DNS rebinding, where a page on
 * `evil.example` re-points its own name at the lab's address and then reads and writes the lab through a visitor's
 * browser as a same-origin page (its `Origin` matches its `Host`, so the cross-site check alone cannot tell). Such a
 * request always names the attacker's host, so serving only known hosts stops it:
 *
 * - loopback names (`localhost`, `*.localhost`, which browsers resolve to loopback themselves) and any IP address
 *   literal (`127.0.0.1`, `[::1]`, a LAN address): an address in `Host` is never a rebinding name, and a team reaching
 *   the lab by its address needs nothing set;
 * - LAB_PUBLIC_URL's host and the hosts of LAB_TRUSTED_ORIGINS (any port: rebinding moves a name, not a port);
 * - the host the trusted reverse proxy forwarded (X-Forwarded-Host with LAB_TRUSTED_PROXY_SECRET, publicAddressOf):
 *   the proxy decides which names reach it.
 *
 * A request naming no host (HTTP/1.0, not a browser) is served. Anything else is refused.
 */
export function servedHost(request: Request, config: ServedHostsConfig = servedHostsConfigFromEnv()): ServedHostVerdict {
  const address = publicAddressOf(request);
  if (address.viaTrustedProxy || address.host === null) return { served: true };
  const hostname = hostnameOf(address.host);
  if (hostname !== null && isServedHostname(hostname, config)) return { served: true };
  const publicHost = hostnameOf(new URL(config.publicUrl).host);
  return {
    served: false,
    host: address.host,
    message:
      `This lab does not serve the host ${JSON.stringify(address.host.slice(0, 200))}: reach it at localhost, an IP address` +
      `${publicHost && publicHost !== "localhost" ? `, ${publicHost}` : ""} or a host of LAB_TRUSTED_ORIGINS ` +
      "(set LAB_PUBLIC_URL or LAB_TRUSTED_ORIGINS to the address your browser uses).",
  };
}

/** A Host header: a name or an IPv4 address, or an IPv6 address in brackets, and an optional port. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::\d{1,5})?$/i;

/**
 * The host name of a `host[:port]` — lower case, an IPv6 address without its brackets, a trailing dot dropped — or
 * null when it is not one (a user part, a path, spaces).
 */
export function hostnameOf(host: string): string | null {
  const match = HOST_HEADER.exec(host);
  if (!match) return null;
  return match[1].toLowerCase().replace(/^\[(.*)\]$/, "$1").replace(/\.$/, "");
}

function isServedHostname(hostname: string, config: ServedHostsConfig): boolean {
  if (hostname === "localhost" || hostname.endsWith(".localhost") || isIP(hostname) !== 0) return true;
  const known = [config.publicUrl, ...config.trustedOrigins].map((origin) => hostnameOf(new URL(origin).host));
  // (URL gives an IPv6 host in brackets; hostnameOf strips them, as for the request's)
  return known.includes(hostname);
}

/** LAB_PUBLIC_URL and LAB_TRUSTED_ORIGINS as the environment has them. */
export function servedHostsConfigFromEnv(env: RawEnv = process.env): ServedHostsConfig {
  const { LAB_PUBLIC_URL, LAB_TRUSTED_ORIGINS } = readEnv(env);
  return { publicUrl: LAB_PUBLIC_URL, trustedOrigins: LAB_TRUSTED_ORIGINS };
}
