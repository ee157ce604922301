import http from "node:http";
import { expect, test } from "./fixtures/test";

/** One raw HTTP request to the running lab with the Host header given (a browser's fetch cannot forge it). */
function requestWithHost(baseURL: string, options: { path: string; host: string; method?: string; headers?: Record<string, string>; body?: string }) {
  const url = new URL(baseURL);
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const sent = http.request(
      { host: url.hostname, port: url.port, path: options.path, method: options.method ?? "GET", headers: { ...options.headers, host: options.host } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, type: String(response.headers["content-type"] ?? ""), body }));
      },
    );
    sent.on("error", reject);
    sent.end(options.body);
  });
}

/**
 * Security headers and the Content-Security-Policy in real Chromium against the production build: every page and
 * API route carries them, the page hydrates under the policy (its scripts carry the request's nonce), and an inline
 * script without the nonce is refused by the browser. A cross-site write from a foreign origin is refused.
 */
test.describe("security headers and cross-site writes", () => {
  test("a page and an API route carry the CSP, nosniff, frame-ancestors 'none' and a Referrer-Policy", async ({ request }) => {
    for (const path of ["/", "/api/sessions"]) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      if (path === "/") expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
      else expect(headers["content-security-policy"]).toContain("default-src 'none'");
      expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(headers["content-security-policy"]).not.toContain("unsafe-inline' 'nonce"); // no blanket inline scripts
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
  });

  test("the page hydrates under the policy with a fresh nonce per request, and a script without it does not run", async ({ page, consoleErrors }) => {
    const first = await page.goto("/");
    const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
    const nonce = nonceOf(first?.headers()["content-security-policy"]);
    expect(nonce).toBeTruthy();
    // hydrated: the client-side upload panel reacts (React is running)
    await expect(page.getByRole("heading", { name: "Sessions" }).first()).toBeVisible();
    const scripts = await page.locator("script:not([src])").evaluateAll((nodes) => nodes.map((node) => (node as HTMLScriptElement).nonce));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((value) => value === nonce)).toBe(true);
    const again = await page.request.get("/");
    expect(nonceOf(again.headers()["content-security-policy"])).not.toBe(nonce);

    // markup that slipped into the page (say, transcript text rendered as HTML) with an inline script: refused
    consoleErrors.expect(/Content Security Policy/);
    await page.route("**/", async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace("<head>", "<head><script>window.__injected = true</script>");
      await route.fulfill({ response, body: html });
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Sessions" }).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected === true)).toBe(false);
  });

  test("DNS rebinding: a foreign Host (with its own matching Origin) gets 421 on pages and API, upload and read, and stores nothing", async ({ request, baseURL }) => {
    const count = async () => ((await (await request.get("/api/sessions")).json()) as { sessions: unknown[] }).sessions.length;
    const before = await count();
    const port = new URL(baseURL!).port;
    const evil = `evil.example:${port}`;
    const chat = JSON.stringify([{ role: "user", content: "rebound" }, { role: "assistant", content: "upload" }]);
    const rebound = { origin: `http://${evil}`, "sec-fetch-site": "same-origin" };
    const answers = [
      await requestWithHost(baseURL!, { path: "/", host: evil, headers: rebound }),
      await requestWithHost(baseURL!, { path: "/api/sessions", host: evil, headers: rebound }),
      await requestWithHost(baseURL!, { path: "/api/sessions?name=rebound.json", host: evil, method: "POST", headers: { ...rebound, "content-type": "application/json" }, body: chat }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([421, 421, 421]);
    expect(answers[0].body).toContain(evil);
    for (const answer of answers.slice(1)) {
      expect(answer.type).toContain("application/json");
      expect(JSON.parse(answer.body).error.code).toBe("host_not_served");
    }
    expect(await count()).toBe(before);
    // the lab's own loopback names and addresses are served
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await requestWithHost(baseURL!, { path: "/", host })).status).toBe(200);
      expect((await requestWithHost(baseURL!, { path: "/api/sessions", host })).status).toBe(200);
    }
  });

  test("no 500 for malformed requests: a path that does not percent-decode, junk multipart, a NUL in an id, a cursor past 2^31", async ({ request, baseURL }) => {
    const host = new URL(baseURL!).host;
    for (const path of ["/api/sessions/%E0%A4%A", "/api/sessions/%", "/api/runs/%zz/context", "/sessions/%E0%A4%A"]) {
      const answer = await requestWithHost(baseURL!, { path, host });
      expect(answer.status, path).toBe(400);
      expect(answer.type, path).toContain("application/json");
      expect(JSON.parse(answer.body).error.code, path).toBe("invalid_path");
    }
    const junk = await request.post("/api/sessions", { headers: { "content-type": "multipart/form-data; boundary=----x" }, data: Buffer.from("not a form at all \u0000\u00ff") });
    expect(junk.status()).toBe(400);
    expect((await junk.json()).error.code).toBe("invalid_multipart");
    const cut = await request.post("/api/sessions", {
      headers: { "content-type": "multipart/form-data; boundary=----x" },
      data: Buffer.from('------x\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n[{"role":"us'),
    });
    expect(cut.status()).toBe(400);
    const nul = await request.get("/api/sessions/abc%00def");
    expect(nul.status()).toBe(400);
    expect((await nul.json()).error.code).toBe("invalid_path");
    const cursor = await request.get("/api/sessions/any/messages?cursor=2147483648");
    expect(cursor.status()).toBe(400);
    expect((await cursor.json()).error.code).toBe("invalid_request");
  });

  test("a forged X-Forwarded-Host with the same foreign Origin is refused 403 (no trusted proxy is configured) and stores nothing", async ({ request }) => {
    const count = async () => ((await (await request.get("/api/sessions")).json()) as { sessions: unknown[] }).sessions.length;
    const before = await count();
    const chat = JSON.stringify([{ role: "user", content: "forged" }, { role: "assistant", content: "headers" }]);
    const forged = await request.post("/api/sessions?name=forged.json", {
      headers: { "content-type": "application/json", origin: "http://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
      data: chat,
    });
    expect(forged.status()).toBe(403);
    expect((await forged.json()).error.code).toBe("cross_site_request");
    // even a guess at a proxy secret changes nothing when the lab trusts no proxy
    const guessed = await request.post("/api/sessions?name=forged.json", {
      headers: { "content-type": "application/json", origin: "http://evil.example", "x-forwarded-host": "evil.example", "x-lab-proxy-secret": "x".repeat(40) },
      data: chat,
    });
    expect(guessed.status()).toBe(403);
    expect(await count()).toBe(before);
  });

  test("a cross-site DELETE is refused with 403 and a same-origin JSON rule applies to runs", async ({ request }) => {
    const sessions = (await (await request.get("/api/sessions")).json()) as { sessions: { id: string }[] };
    const id = sessions.sessions[0]?.id ?? "missing";
    const refused = await request.delete(`/api/sessions/${id}`, { headers: { origin: "https://evil.example" } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe("cross_site_request");
    const plain = await request.post(`/api/sessions/${id}/runs`, { headers: { "content-type": "text/plain" }, data: '{"strategy":"none"}' });
    expect(plain.status()).toBe(415);
  });
});
