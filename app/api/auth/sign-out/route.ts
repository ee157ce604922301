import { handle } from "@/lib/api/http/route";
import { accessCookieHeader } from "@/lib/security/access-cookie-header";

/** POST /api/auth/sign-out → 200 `{ ok: true }`, clearing the sign-in cookie. */
export const POST = handle(
  async (request: Request) =>
    Response.json({ ok: true }, { headers: { "set-cookie": accessCookieHeader(null, new URL(request.url).protocol === "https:") } }),
  { access: "public" },
);
