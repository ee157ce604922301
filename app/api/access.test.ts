import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accessCookieValue } from "@/lib/security/access-token";
import { generateSession } from "@/lib/generator/generate-session";
import { db } from "@/lib/store/db";
import { storeSession } from "@/lib/store/sessions";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { POST as signIn } from "./auth/sign-in/route";
import { GET as health } from "./health/route";
import { DELETE as deleteSession, GET as getSession } from "./sessions/[id]/route";

const LAB = "http://lab.test";
const TOKEN = "vitest-team-token-42";
const params = (id: string) => ({ params: Promise.resolve({ id }) });

describe("team mode on the API (LAB_ACCESS_TOKEN set; real route handlers, fresh SQLite database)", () => {
  useTestDatabase("sqlite");
  beforeEach(() => {
    process.env.LAB_ACCESS_TOKEN = TOKEN;
  });
  afterEach(() => {
    delete process.env.LAB_ACCESS_TOKEN;
  });

  it("without the token a read or a DELETE is 401 and nothing changes; Bearer or the signed-in cookie pass; health stays open", async () => {
    const id = (await storeSession({ session: generateSession({ seed: 2, messages: 20 }), sessionCount: 1, pick: 0 })).id;
    expect((await getSession(new Request(`${LAB}/api/sessions/${id}`), params(id))).status).toBe(401);
    const refused = await deleteSession(new Request(`${LAB}/api/sessions/${id}`, { method: "DELETE" }), params(id));
    expect(refused.status).toBe(401);
    expect(await refused.text()).not.toContain(TOKEN);
    expect(await (await db()).session.count({ where: { id } })).toBe(1);
    expect((await health(new Request(`${LAB}/api/health`), undefined)).status).toBe(200);

    expect((await getSession(new Request(`${LAB}/api/sessions/${id}`, { headers: { authorization: `Bearer ${TOKEN}` } }), params(id))).status).toBe(200);
    const cookie = `lab_access=${await accessCookieValue(TOKEN)}`;
    expect((await getSession(new Request(`${LAB}/api/sessions/${id}`, { headers: { cookie } }), params(id))).status).toBe(200);
  });

  it("sign-in sets an HttpOnly SameSite cookie (an HMAC, not the token) for the right token and 401s a wrong one", async () => {
    const post = (token: string) =>
      signIn(new Request(`${LAB}/api/auth/sign-in`, { method: "POST", headers: { origin: LAB, "content-type": "application/json" }, body: JSON.stringify({ token }) }), undefined);
    const wrong = await post("nope");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const right = await post(TOKEN);
    expect(right.status).toBe(200);
    const setCookie = right.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain(`lab_access=${await accessCookieValue(TOKEN)}`);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toContain(TOKEN);
  });
});
