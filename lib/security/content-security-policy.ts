/**
 * The Content-Security-Policy of every page: scripts only from this origin or carrying the request's nonce (Next.js
 * puts it on its own inline bootstrap and flight scripts when the request's CSP header names it), so transcript text
 * that slipped into the page as markup could never run. Styles allow inline attributes: recharts and the virtualised
 * timeline position elements with `style=""`, which a nonce cannot cover. `frame-ancestors 'none'` refuses framing.
 */
export function contentSecurityPolicy(nonce: string, options: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every response carries, pages and API routes alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/** API routes answer JSON and NDJSON: nothing in them may load or run anything, nor be framed. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
