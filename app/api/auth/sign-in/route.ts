import { SignInRequestSchema } from "@/lib/api/contracts/auth-schemas";
import { UnauthorizedError } from "@/lib/api/contracts/errors";
import { readJsonBody } from "@/lib/http/read-json-body";
import { handle } from "@/lib/http/route";
import { accessCookieHeader } from "@/lib/security/access-cookie-header";
import { configuredAccessToken, isAccessToken } from "@/lib/security/access-token";
import { publicAddressOf } from "@/lib/security/public-address";
import { sessionCookieValue } from "@/lib/security/session-cookie";
import { createBrowserSession } from "@/lib/store/browser-sessions";

/**
 * POST /api/auth/sign-in `{ token }` (same origin, JSON) → 200 `{ ok: true }`: records a browser session and sets an
 * HttpOnly, SameSite=Lax cookie `id.HMAC(token, id)` (Secure over https); 401 `unauthorized` for a wrong token
 * (nothing stored); 200 `{ ok: true, mode: "single-user" }` when the lab has no access token.
 */
export const POST = handle(
  async (request: Request) => {
    const { token: candidate } = SignInRequestSchema.parse(await readJsonBody(request));
    const token = configuredAccessToken();
    if (token === null) return { ok: true, mode: "single-user" };
    if (!(await isAccessToken(candidate, token))) throw new UnauthorizedError("That is not this lab's access token.");
    const session = await createBrowserSession();
    const cookie = accessCookieHeader(await sessionCookieValue(token, session.id), publicAddressOf(request).protocol === "https:");
    return Response.json({ ok: true, mode: "team" }, { headers: { "set-cookie": cookie } });
  },
  { access: "public" },
);
