import { type NextRequest, NextResponse } from "next/server";
import { configuredAccessToken } from "@/lib/security/access-token";
import { hasAccess } from "@/lib/http/assert-access";
import { contentSecurityPolicy, SECURITY_HEADERS } from "@/lib/security/content-security-policy";
import { servedHost } from "@/lib/security/served-host";
import { isMalformedPath, malformedPathResponse } from "@/lib/http/malformed-path";

/** Pages open without the access token in team mode: the sign-in page and the icons a browser fetches for it. */
const OPEN_PATHS = new Set(["/sign-in", "/favicon.ico", "/og.png"]);
/** A read-only share link's page: it checks its own token (lib/store/share-links.ts) and shows that page only. */
const SHARE_PAGE = /^\/share\/[A-Za-z0-9_-]+$/;

/**
 * Runs before every page: a request naming a host the lab does not serve (lib/security/served-host.ts) is answered
 * 421 and goes no further; in team mode (LAB_ACCESS_TOKEN) a browser without a live sign-in session (a cookie whose
 * HMAC holds under the token and whose record is still in the database — Next.js 16 runs the proxy on the Node.js
 * runtime, in the server's process, so it reads the same database as the route handlers) is sent to
 * /sign-in?next=…; then a fresh nonce per request for the Content-Security-Policy (Next.js reads it
 * from the request's CSP header and stamps its inline scripts with it; the root layout reads headers, so every page
 * renders per request), and the security headers on every page (API routes get theirs from next.config.ts).
 */
export async function proxy(request: NextRequest) {
  // a host the lab does not serve (DNS rebinding) gets no page: 421, before sign-in or anything else
  const host = servedHost(request);
  if (!host.served) return withSecurityHeaders(new NextResponse(host.message, { status: 421, headers: { "Content-Type": "text/plain; charset=utf-8" } }), null);
  // a path that does not percent-decode: Next.js would fail decoding its params and answer a plain-text 500
  if (isMalformedPath(request.nextUrl.pathname)) return withSecurityHeaders(new NextResponse(malformedPathResponse(request.nextUrl.pathname).body, { status: 400, headers: { "Content-Type": "application/json" } }), null);
  // API paths reach the proxy only for that check (see config.matcher)
  if (request.nextUrl.pathname.startsWith("/api/")) return NextResponse.next();
  const token = configuredAccessToken();
  const open = OPEN_PATHS.has(request.nextUrl.pathname) || SHARE_PAGE.test(request.nextUrl.pathname);
  if (token !== null && !open && !(await hasAccess(request, token))) {
    const signIn = new URL("/sign-in", request.url);
    signIn.searchParams.set("next", `${request.nextUrl.pathname}${request.nextUrl.search}`);
    return withSecurityHeaders(NextResponse.redirect(signIn, 303), null);
  }
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const policy = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  // the root layout drops the app's navigation on a share page (a visitor without the token could not follow it)
  if (SHARE_PAGE.test(request.nextUrl.pathname)) requestHeaders.set("x-lab-view", "share");
  // …and the sign-out buttons on the sign-in page (nobody is signed in there)
  else if (request.nextUrl.pathname === "/sign-in") requestHeaders.set("x-lab-view", "sign-in");
  else requestHeaders.delete("x-lab-view");
  requestHeaders.set("Content-Security-Policy", policy);
  return withSecurityHeaders(NextResponse.next({ request: { headers: requestHeaders } }), policy);
}

function withSecurityHeaders(response: NextResponse, policy: string | null): NextResponse {
  if (policy !== null) response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  // pages and public files. API routes are left out: a proxy buffers request bodies (uploads reach 200 MB) and an
  // API answer runs no script — next.config.ts gives them their security headers; build assets are immutable files.
  // An API path holding a `%` comes through for the malformed-encoding check only (no id the lab makes has one)
  matcher: [{ source: "/((?!api/|_next/static|_next/image).*)" }, { source: "/api/:path(.*%.*)" }],
};
