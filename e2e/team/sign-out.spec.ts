import { spawn, type ChildProcess } from "node:child_process";
import type { BrowserContext, Cookie } from "@playwright/test";
import { TEAM_BASE_URL, TEAM_DATABASE_URL, TEAM_TOKEN } from "../../playwright.team.config";
import { expect, test } from "../fixtures/test";

/**
 * Sign-out ends a session on the server: browser sign-ins are database records, the cookie carries the record's id
 * (with an HMAC keyed by the token), and every page and API route checks the record.
 */
const SECOND_PORT = Number(process.env.E2E_TEAM_SECOND_PORT ?? 3203);

async function signInThroughPage(context: BrowserContext): Promise<Cookie> {
  const page = await context.newPage();
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByTestId("sign-in-token")).toBeVisible();
  await expect(page.getByTestId("sign-out")).toHaveCount(0); // nobody to sign out on the sign-in page
  await page.getByTestId("sign-in-token").fill(TEAM_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Sessions" }).first()).toBeVisible();
  const cookie = (await context.cookies()).find((entry) => entry.name === "lab_access");
  expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}\.[0-9a-f]{64}$/);
  expect(cookie?.value).not.toContain(TEAM_TOKEN);
  await page.close();
  return cookie!;
}

const apiStatus = async (context: BrowserContext) => (await context.request.get("/api/sessions")).status();

test.describe("team mode: sign-out that signs out", () => {
  test("after sign-out, the cookie captured before it is refused when replayed in a fresh browser", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const cookie = await signInThroughPage(context);
    const page = await context.newPage();
    await page.goto("/compare");
    await expect(page.getByTestId("nav-compare")).toBeVisible();
    await page.getByTestId("sign-out").click();
    await expect(page).toHaveURL(/\/sign-in$/);
    expect((await context.cookies()).find((entry) => entry.name === "lab_access")).toBeUndefined();

    const replay = await browser.newContext({ baseURL });
    await replay.addCookies([cookie]);
    const replayed = await replay.newPage();
    await replayed.goto("/compare");
    await expect(replayed).toHaveURL(/\/sign-in\?next=%2Fcompare$/);
    expect(await apiStatus(replay)).toBe(401);
    await replay.close();
    await context.close();
  });

  test("sign out everywhere ends another browser's session; both must sign in again", async ({ browser, baseURL }) => {
    const first = await browser.newContext({ baseURL });
    const second = await browser.newContext({ baseURL });
    await signInThroughPage(first);
    await signInThroughPage(second);
    expect(await apiStatus(second)).toBe(200);

    const page = await first.newPage();
    await page.goto("/");
    await page.getByTestId("sign-out-everywhere").click();
    await expect(page).toHaveURL(/\/sign-in$/);

    const other = await second.newPage();
    await other.goto("/compare");
    await expect(other).toHaveURL(/\/sign-in\?next=%2Fcompare$/);
    expect(await apiStatus(second)).toBe(401);
    // scripts' Bearer token is not a session: it keeps working
    expect((await second.request.get("/api/sessions", { headers: { authorization: `Bearer ${TEAM_TOKEN}` } })).status()).toBe(200);
    await first.close();
    await second.close();
  });

  test("a server started with another token on the same database refuses the old cookie", async ({ browser, baseURL }) => {
    test.setTimeout(150_000);
    const context = await browser.newContext({ baseURL });
    const cookie = await signInThroughPage(context);
    const header = { cookie: `lab_access=${cookie.value}` };
    expect((await context.request.get(`${TEAM_BASE_URL}/api/sessions`, { headers: header })).status()).toBe(200);

    const secondBase = `http://127.0.0.1:${SECOND_PORT}`;
    const output: string[] = [];
    const server: ChildProcess = spawn("bash", ["scripts/next-start.sh", "-p", String(SECOND_PORT), "-H", "127.0.0.1"], {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", DATABASE_URL: TEAM_DATABASE_URL, LAB_ACCESS_TOKEN: "a-new-team-token-after-a-leak-81d3" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    server.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    try {
      const deadline = Date.now() + 90_000;
      while (!(await fetch(`${secondBase}/api/health`).then((response) => response.ok).catch(() => false))) {
        if (Date.now() > deadline) throw new Error(`the second server did not start:\n${output.join("")}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const refused = await fetch(`${secondBase}/api/sessions`, { headers: header });
      expect(refused.status).toBe(401);
      const page = await fetch(`${secondBase}/compare`, { headers: header, redirect: "manual" });
      expect(page.status).toBe(303);
      expect(page.headers.get("location")).toContain("/sign-in?next=%2Fcompare");
      // the session record is still there (the first server, on the old token, still honours it): only the HMAC failed
      expect((await context.request.get(`${TEAM_BASE_URL}/api/sessions`, { headers: header })).status()).toBe(200);
    } finally {
      server.kill("SIGTERM");
      await context.close();
    }
  });
});
