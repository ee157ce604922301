import { SignInRequestSchema } from "@/lib/api/contracts/auth-schemas";
import { UnauthorizedError } from "@/lib/api/contracts/errors";
import { readJsonBody } from "@/lib/api/http/read-json-body";
import { handle } from "@/lib/api/http/route";
import { accessCookieHeader } from "@/lib/security/access-cookie-header";
import { accessCookieValue, configuredAccessToken, isAccessToken } from "@/lib/security/access-token";

/**
 * POST /api/auth/sign-in `{ token }` (same origin, JSON) → 200 `{ ok: true }` with an HttpOnly, SameSite=Lax cookie
 * holding an HMAC of the token; 401 `unauthorized` for a wrong token; 200 `{ ok: true, mode: "single-user" }` when
 * the lab has no access token.
 */
export const POST = handle(
  async (request: Request) => {
    const { token: candidate } = SignInRequestSchema.parse(await readJsonBody(request));
    const token = configuredAccessToken();
    if (token === null) return { ok: true, mode: "single-user" };
    if (!(await isAccessToken(candidate, token))) throw new UnauthorizedError("That is not this lab's access token.");
    const secure = new URL(request.url).protocol === "https:";
    return Response.json({ ok: true, mode: "team" }, { headers: { "set-cookie": accessCookieHeader(await accessCookieValue(token), secure) } });
  },
  { access: "public" },
);
