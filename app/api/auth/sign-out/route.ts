import { handle } from "@/lib/http/route";
import { accessCookieHeader } from "@/lib/security/access-cookie-header";
import { configuredAccessToken } from "@/lib/security/access-token";
import { signedSessionIdOf } from "@/lib/http/assert-access";
import { publicAddressOf } from "@/lib/security/public-address";
import { deleteBrowserSession } from "@/lib/store/browser-sessions";

/**
 * POST /api/auth/sign-out (same origin) → 200 `{ ok: true }`: deletes this browser's session, so its cookie no longer
 * works anywhere even if a copy of it survives, and clears the cookie. Open to a browser without a live session
 * (clearing a dead cookie is harmless); a forged cookie deletes nothing (its HMAC fails first).
 */
export const POST = handle(
  async (request: Request) => {
    const token = configuredAccessToken();
    const sessionId = token === null ? null : await signedSessionIdOf(request, token);
    if (sessionId !== null) await deleteBrowserSession(sessionId);
    return Response.json({ ok: true }, { headers: { "set-cookie": accessCookieHeader(null, publicAddressOf(request).protocol === "https:") } });
  },
  { access: "public" },
);
