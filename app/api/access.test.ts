import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sessionCookieValue } from "@/lib/security/session-cookie";
import { generateSession } from "@/lib/generator/generate-session";
import { db } from "@/lib/store/db";
import { storeSession } from "@/lib/store/sessions";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { POST as signIn } from "./auth/sign-in/route";
import { POST as signOut } from "./auth/sign-out/route";
import { POST as signOutEverywhere } from "./auth/sign-out-everywhere/route";
import { GET as health } from "./health/route";
import { GET as listSessions } from "./sessions/route";
import { DELETE as deleteSession, GET as getSession } from "./sessions/[id]/route";

const LAB = "http://lab.test";
const TOKEN = "vitest-team-token-42";
const params = (id: string) => ({ params: Promise.resolve({ id }) });

/** Signs in through the real route and returns the `name=value` of the cookie it set (and the whole header). */
async function signedIn(token = TOKEN): Promise<{ cookie: string; setCookie: string }> {
  const response = await signIn(
    new Request(`${LAB}/api/auth/sign-in`, { method: "POST", headers: { origin: LAB, "content-type": "application/json" }, body: JSON.stringify({ token }) }),
    undefined,
  );
  expect(response.status).toBe(200);
  const setCookie = response.headers.get("set-cookie") ?? "";
  return { cookie: setCookie.split(";")[0], setCookie };
}

const status = async (cookie: string) => (await listSessions(new Request(`${LAB}/api/sessions`, { headers: { cookie } }), undefined)).status;
const post = (route: typeof signOut, path: string, headers: Record<string, string>) => route(new Request(`${LAB}${path}`, { method: "POST", headers: { origin: LAB, ...headers } }), undefined);

describe("team mode on the API (LAB_ACCESS_TOKEN set; real route handlers, fresh SQLite database)", () => {
  useTestDatabase("sqlite");
  beforeEach(() => {
    process.env.LAB_ACCESS_TOKEN = TOKEN;
  });
  afterEach(() => {
    delete process.env.LAB_ACCESS_TOKEN;
    delete process.env.LAB_TRUSTED_PROXY_SECRET;
  });

  it("without the token a read or a DELETE is 401 and nothing changes; Bearer or a signed-in session pass; health stays open", async () => {
    const id = (await storeSession({ session: generateSession({ seed: 2, messages: 20 }), sessionCount: 1, pick: 0 })).id;
    expect((await getSession(new Request(`${LAB}/api/sessions/${id}`), params(id))).status).toBe(401);
    const refused = await deleteSession(new Request(`${LAB}/api/sessions/${id}`, { method: "DELETE" }), params(id));
    expect(refused.status).toBe(401);
    expect(await refused.text()).not.toContain(TOKEN);
    expect(await (await db()).session.count({ where: { id } })).toBe(1);
    expect((await health(new Request(`${LAB}/api/health`), undefined)).status).toBe(200);

    expect((await getSession(new Request(`${LAB}/api/sessions/${id}`, { headers: { authorization: `Bearer ${TOKEN}` } }), params(id))).status).toBe(200);
    const { cookie } = await signedIn();
    expect((await getSession(new Request(`${LAB}/api/sessions/${id}`, { headers: { cookie } }), params(id))).status).toBe(200);
    // a wrong Bearer token is refused even beside a good cookie
    expect((await getSession(new Request(`${LAB}/api/sessions/${id}`, { headers: { cookie, authorization: "Bearer wrong" } }), params(id))).status).toBe(401);
  });

  it("sign-in records a session and sets an HttpOnly SameSite cookie `id.HMAC` (never the token); a wrong token gets 401 and stores nothing", async () => {
    const prisma = await db();
    const before = await prisma.browserSession.count();
    const wrong = await signIn(
      new Request(`${LAB}/api/auth/sign-in`, { method: "POST", headers: { origin: LAB, "content-type": "application/json" }, body: JSON.stringify({ token: "nope" }) }),
      undefined,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    expect(await prisma.browserSession.count()).toBe(before);

    const { cookie, setCookie } = await signedIn();
    const [id] = cookie.slice("lab_access=".length).split(".");
    expect(cookie).toBe(`lab_access=${await sessionCookieValue(TOKEN, id)}`);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).not.toMatch(/Secure/); // plain http, no trusted proxy
    expect(setCookie).not.toContain(TOKEN);
    const rows = await prisma.browserSession.findMany();
    expect(rows).toHaveLength(before + 1);
    expect(Object.keys(rows[0]).sort()).toEqual(["createdAt", "expiresAt", "id", "lastSeenAt"]);
    expect(JSON.stringify(rows)).not.toContain(TOKEN);
  });

  it("sign-out deletes the session: the cookie captured before no longer works, on reads or writes", async () => {
    const { cookie } = await signedIn();
    const other = await signedIn();
    expect(await status(cookie)).toBe(200);
    const out = await post(signOut, "/api/auth/sign-out", { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/^lab_access=; Max-Age=0/);
    expect(await status(cookie)).toBe(401);
    const id = (await storeSession({ session: generateSession({ seed: 4, messages: 10 }), sessionCount: 1, pick: 0 })).id;
    expect((await deleteSession(new Request(`${LAB}/api/sessions/${id}`, { method: "DELETE", headers: { cookie, origin: LAB } }), params(id))).status).toBe(401);
    // another browser's session is untouched
    expect(await status(other.cookie)).toBe(200);
    // signing out again (a dead cookie, or none) is harmless
    expect((await post(signOut, "/api/auth/sign-out", { cookie })).status).toBe(200);
    expect((await post(signOut, "/api/auth/sign-out", {})).status).toBe(200);
  });

  it("a forged cookie (right shape, wrong HMAC) neither passes nor signs anyone out", async () => {
    const { cookie } = await signedIn();
    const [id] = cookie.slice("lab_access=".length).split(".");
    const forged = `lab_access=${id}.${"0".repeat(64)}`;
    expect(await status(forged)).toBe(401);
    await post(signOut, "/api/auth/sign-out", { cookie: forged });
    expect(await status(cookie)).toBe(200);
    // the id alone (what the database holds) is no cookie
    expect(await status(`lab_access=${id}`)).toBe(401);
  });

  it("sign out everywhere needs access, then ends every browser's session; the Bearer token keeps working", async () => {
    const first = await signedIn();
    const second = await signedIn();
    expect((await post(signOutEverywhere, "/api/auth/sign-out-everywhere", {})).status).toBe(401);
    expect(await status(second.cookie)).toBe(200);
    const everywhere = await post(signOutEverywhere, "/api/auth/sign-out-everywhere", { cookie: first.cookie });
    expect(everywhere.status).toBe(200);
    expect((await everywhere.json()).ended).toBeGreaterThanOrEqual(2);
    expect(await status(first.cookie)).toBe(401);
    expect(await status(second.cookie)).toBe(401);
    expect(await (await db()).browserSession.count()).toBe(0);
    expect(await status("")).toBe(401);
    expect((await listSessions(new Request(`${LAB}/api/sessions`, { headers: { authorization: `Bearer ${TOKEN}` } }), undefined)).status).toBe(200);
  });

  it("changing LAB_ACCESS_TOKEN ends every session (the HMAC no longer holds), though the records are still there", async () => {
    const { cookie } = await signedIn();
    expect(await status(cookie)).toBe(200);
    process.env.LAB_ACCESS_TOKEN = "another-team-token-99";
    expect(await status(cookie)).toBe(401);
    expect(await (await db()).browserSession.count()).toBeGreaterThan(0);
    process.env.LAB_ACCESS_TOKEN = TOKEN;
    expect(await status(cookie)).toBe(200);
  });

  it("the cookie is Secure when the trusted proxy says the browser used https, and not when anyone else says so", async () => {
    const secret = "a-trusted-proxy-secret-of-32-chars!!";
    process.env.LAB_TRUSTED_PROXY_SECRET = secret;
    const signInWith = async (headers: Record<string, string>) =>
      (
        await signIn(
          new Request(`${LAB}/api/auth/sign-in`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ token: TOKEN }) }),
          undefined,
        )
      ).headers.get("set-cookie") ?? "";
    expect(await signInWith({ "x-forwarded-proto": "https", "x-lab-proxy-secret": secret })).toMatch(/; Secure/);
    expect(await signInWith({ "x-forwarded-proto": "https" })).not.toMatch(/Secure/);
    expect(await signInWith({ "x-forwarded-proto": "https", "x-lab-proxy-secret": "not-the-secret-but-as-long-as-it" })).not.toMatch(/Secure/);
  });
});
