import { TEAM_TOKEN } from "../../playwright.team.config";
import { expect, test } from "../fixtures/test";

/** Team mode (LAB_ACCESS_TOKEN set on the server): the sign-in page guards every page and API route. */
test.describe("team mode: access token", () => {
  test("pages send a browser without the cookie to sign-in; a wrong token is refused; the right one lets it in and sign-out ends it", async ({ page, consoleErrors }) => {
    consoleErrors.expect(/status of 401/);
    await page.goto("/compare");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fcompare$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

    await page.getByTestId("sign-in-token").fill("not-the-token");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("sign-in-error")).toHaveText("That is not this lab's access token.");
    await expect(page).toHaveURL(/\/sign-in/);

    await page.getByTestId("sign-in-token").fill(TEAM_TOKEN);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/compare$/);
    await expect(page.getByTestId("nav-compare")).toBeVisible();

    const cookie = (await page.context().cookies()).find((entry) => entry.name === "lab_access");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.value).not.toContain(TEAM_TOKEN);
    // the browser's own API calls pass with the cookie
    const sessions = await page.evaluate(async () => (await fetch("/api/sessions")).status);
    expect(sessions).toBe(200);

    await page.getByTestId("sign-out").click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in\?next=%2F$/);
  });

  test("API routes answer 401 without the token, accept Authorization: Bearer, and health stays open", async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const refused = await anonymous.get("/api/sessions");
    expect(refused.status()).toBe(401);
    expect((await refused.json()).error.code).toBe("unauthorized");
    expect((await anonymous.delete("/api/sessions/any")).status()).toBe(401);
    expect((await anonymous.get("/api/health")).status()).toBe(200);
    const wrong = await anonymous.get("/api/sessions", { headers: { authorization: "Bearer wrong" } });
    expect(wrong.status()).toBe(401);
    expect(await wrong.text()).not.toContain(TEAM_TOKEN);

    const script = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${TEAM_TOKEN}` } });
    expect((await script.get("/api/sessions")).status()).toBe(200);
    const upload = await script.post("/api/sessions?name=chat.json", {
      headers: { "content-type": "application/json" },
      data: JSON.stringify([{ role: "user", content: "hello" }, { role: "assistant", content: "hi" }]),
    });
    expect(upload.status()).toBe(201);
    await anonymous.dispose();
    await script.dispose();
  });
});
