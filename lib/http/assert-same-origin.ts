import { publicAddressOf } from "../security/public-address";
import { ForbiddenError } from "../api/contracts/errors";
import { readEnv } from "../env/read-env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request (POST, PUT, PATCH, DELETE) that a browser sent from another site, so a page the
 * user happens to visit cannot upload, run (spending the server's API key) or delete through their browser.
 * Browsers mark every cross-site request: `Sec-Fetch-Site` (cross-site / same-site) and an `Origin` that differs
 * from the host. A request with neither header is not from a browser page (curl, the CLI, scripts): it carries no
 * ambient credentials a foreign page could borrow, so it is allowed here (team mode's access token guards those).
 * `LAB_TRUSTED_ORIGINS` (comma-separated origins) admits a reverse proxy's public origin. `X-Forwarded-Host` counts
 * only on a request from the trusted proxy (LAB_TRUSTED_PROXY_SECRET, see publicAddressOf): anyone can write it.
 */
export function assertSameOrigin(request: Request, trustedOrigins: readonly string[] = trustedOriginsFromEnv()): void {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  const fetchSite = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  if (fetchSite === "cross-site" || fetchSite === "same-site") refuse(origin ?? fetchSite);
  if (origin === null) return;
  if (origin === "null" || !(hostsOf(request).has(hostOf(origin) ?? "") || trustedOrigins.includes(origin))) refuse(origin);
}

function refuse(from: string): never {
  throw new ForbiddenError(
    "cross_site_request",
    `Refused a cross-site request from ${JSON.stringify(from)}: the lab only accepts changes from its own pages (or from clients outside a browser).`,
  );
}

/**
 * The host names this request may have been addressed to: its URL's (the address Next.js listens on) and the one
 * the browser used — the Host header, or X-Forwarded-Host when the request came through the trusted proxy.
 */
function hostsOf(request: Request): Set<string> {
  const hosts = new Set([new URL(request.url).host]);
  const { host } = publicAddressOf(request);
  if (host) hosts.add(host);
  return hosts;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

function trustedOriginsFromEnv(): string[] {
  return readEnv().LAB_TRUSTED_ORIGINS;
}
