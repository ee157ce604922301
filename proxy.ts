import { type NextRequest, NextResponse } from "next/server";
import { contentSecurityPolicy, SECURITY_HEADERS } from "@/lib/security/content-security-policy";

/**
 * Runs before every page and API route: a fresh nonce per request for the Content-Security-Policy (Next.js reads it
 * from the request's CSP header and stamps its inline scripts with it; the root layout reads headers, so every page
 * renders per request), and the security headers on every page (API routes get theirs from next.config.ts).
 */
export function proxy(request: NextRequest) {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const policy = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  // pages and public files. API routes are left out: a proxy buffers request bodies (uploads reach 200 MB) and an
  // API answer runs no script — next.config.ts gives them their security headers; build assets are immutable files
  matcher: [{ source: "/((?!api/|_next/static|_next/image).*)" }],
};
