import { TEAM_BASE_URL, TEAM_PROXY_SECRET, TEAM_TOKEN } from "../../playwright.team.config";
import { startReverseProxy, type ReverseProxy } from "../fixtures/reverse-proxy";
import { expect, test } from "../fixtures/test";

/**
 * The team server trusts one reverse proxy (LAB_TRUSTED_PROXY_SECRET): X-Forwarded-Host / -Proto count only on a
 * request that carries the proxy's secret. A real proxy (e2e/fixtures/reverse-proxy.ts) sits in front on its own port.
 */
const PROXY_PORT = Number(process.env.E2E_TEAM_PROXY_PORT ?? 3202);
const CHAT = JSON.stringify([{ role: "user", content: "through the proxy" }, { role: "assistant", content: "arrived" }]);

let proxy: ReverseProxy;
let httpsProxy: ReverseProxy;

test.beforeAll(async () => {
  proxy = await startReverseProxy({ upstream: TEAM_BASE_URL, port: PROXY_PORT, secret: TEAM_PROXY_SECRET, proto: "http" });
  // a proxy that terminates TLS: it says https (the suite itself speaks plain HTTP to it)
  httpsProxy = await startReverseProxy({ upstream: TEAM_BASE_URL, port: 0, secret: TEAM_PROXY_SECRET, proto: "https" });
});

test.afterAll(async () => {
  await proxy?.close();
  await httpsProxy?.close();
});

test.describe("forwarded headers only from the trusted proxy", () => {
  test("a forged X-Forwarded-Host with a matching foreign Origin is refused 403 straight to the server; through the proxy, its host is the lab's own", async ({ playwright }) => {
    const script = await playwright.request.newContext({ extraHTTPHeaders: { authorization: `Bearer ${TEAM_TOKEN}`, "content-type": "application/json" } });
    const count = async () => ((await (await script.get(`${TEAM_BASE_URL}/api/sessions`)).json()) as { sessions: unknown[] }).sessions.length;
    const before = await count();
    for (const proof of [{}, { "x-lab-proxy-secret": "a-guess-at-the-proxy-secret-000000" }] as Record<string, string>[]) {
      const forged = await script.post(`${TEAM_BASE_URL}/api/sessions?name=forged.json`, {
        headers: { origin: "http://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", ...proof },
        data: CHAT,
      });
      expect(forged.status()).toBe(403);
      expect((await forged.json()).error.code).toBe("cross_site_request");
    }
    expect(await count()).toBe(before);

    // through the proxy: the upstream sees Host = itself, X-Forwarded-Host = the proxy's address the client used
    const viaProxy = await script.post(`${proxy.origin}/api/sessions?name=proxied.json`, { headers: { origin: proxy.origin }, data: CHAT });
    expect(viaProxy.status()).toBe(201);
    // the proxy writes its own X-Forwarded-Host, so a foreign page's Origin still does not match
    const foreignViaProxy = await script.post(`${proxy.origin}/api/sessions?name=foreign.json`, {
      headers: { origin: "http://evil.example", "x-forwarded-host": "evil.example" },
      data: CHAT,
    });
    expect(foreignViaProxy.status()).toBe(403);
    expect(await count()).toBe(before + 1);
    await script.dispose();
  });

  test("the cookie is Secure only when the trusted proxy says the browser used https", async ({ playwright }) => {
    const client = await playwright.request.newContext();
    const signIn = async (url: string, headers: Record<string, string> = {}) =>
      (await client.post(`${url}/api/auth/sign-in`, { headers: { "content-type": "application/json", ...headers }, data: { token: TEAM_TOKEN } })).headers()["set-cookie"] ?? "";
    expect(await signIn(httpsProxy.origin)).toMatch(/; Secure/);
    expect(await signIn(TEAM_BASE_URL, { "x-forwarded-proto": "https" })).not.toMatch(/Secure/);
    expect(await signIn(proxy.origin)).not.toMatch(/Secure/);
    await client.dispose();
  });

  test("a browser signs in and works through the proxy", async ({ page }) => {
    await page.goto(`${proxy.origin}/compare`);
    await expect(page).toHaveURL(`${proxy.origin}/sign-in?next=%2Fcompare`);
    await page.getByTestId("sign-in-token").fill(TEAM_TOKEN);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${proxy.origin}/compare`);
    const status = await page.evaluate(async (body) => (await fetch("/api/sessions?name=browser.json", { method: "POST", headers: { "content-type": "application/json" }, body })).status, CHAT);
    expect(status).toBe(201);
  });
});
