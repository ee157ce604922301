import { handle } from "@/lib/http/route";
import { accessCookieHeader } from "@/lib/security/access-cookie-header";
import { publicAddressOf } from "@/lib/security/public-address";
import { deleteAllBrowserSessions } from "@/lib/store/browser-sessions";

/**
 * POST /api/auth/sign-out-everywhere (same origin; team mode: a live session or the Bearer token) → 200
 * `{ ok: true, ended }`: deletes every browser session — every signed-in browser, this one included, must sign in
 * again (scripts' Bearer token is unaffected: change LAB_ACCESS_TOKEN for that) — and clears this browser's cookie.
 */
export const POST = handle(async (request: Request) => {
  const ended = await deleteAllBrowserSessions();
  return Response.json({ ok: true, ended }, { headers: { "set-cookie": accessCookieHeader(null, publicAddressOf(request).protocol === "https:") } });
});
