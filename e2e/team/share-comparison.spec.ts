import { TEAM_TOKEN } from "../../playwright.team.config";
import { generateSession } from "../../lib/generator/generate-session";
import { exportOpenAI } from "../../lib/transcripts/export-openai";
import { importThroughApi } from "../fixtures/api";
import { keepScreenshot } from "../fixtures/keep-screenshot";
import { ComparePage } from "../pages/compare-page";
import { expect, test } from "../fixtures/test";

/**
 * Team mode: a finished comparison is shared read-only from the compare view; a visitor without the access token
 * sees its runs' curves and figures and nothing else; revoking the link (the session's share panel) ends it.
 */
test("a comparison shared from the compare view opens read-only for a visitor; other pages and API routes stay closed; revoking ends it", async ({ page, browser, playwright, baseURL }, testInfo) => {
  const owner = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${TEAM_TOKEN}` } });
  const shared = await importThroughApi(owner, { name: "compared.json", body: JSON.stringify(exportOpenAI(generateSession({ seed: 21, messages: 120 }))) });
  const secret = await importThroughApi(owner, { name: "not-shared.json", body: JSON.stringify(exportOpenAI(generateSession({ seed: 22, messages: 30 }))) });

  // the owner signs in, compares two strategies and shares the result
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`/sessions/${shared.id}/compare`);
  await page.getByTestId("sign-in-token").fill(TEAM_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
  const compare = new ComparePage(page);
  await expect(compare.builder).toBeVisible({ timeout: 20_000 });
  // the page opens with the session's agent and the strategies worth comparing (issue #42): start from none of them
  await page.getByTestId("clear-configs").click();
  await compare.addStrategy("opencode");
  await compare.addStrategy("codex");
  await compare.setWindow(30_000);
  await compare.run("done");
  await expect(compare.rows).toHaveCount(2);
  await page.getByTestId("compare-share").click();
  const url = await page.getByTestId("compare-share-url").inputValue();
  expect(url).toMatch(new RegExp(`^${baseURL}/share/[A-Za-z0-9_-]{43}$`));
  await page.getByTestId("compare-share-copy").click();
  await expect(page.getByTestId("compare-share-copy")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // a visitor without the access token
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  const visitorErrors: string[] = [];
  visitor.on("console", (message) => void (message.type() === "error" && visitorErrors.push(message.text())));
  visitor.on("pageerror", (error) => visitorErrors.push(`page error: ${error.message}`));
  await visitor.goto(url);
  await expect(visitor.getByTestId("share-page")).toHaveAttribute("data-kind", "comparison");
  await expect(visitor.getByTestId("share-title")).toContainText(`2 runs compared on ${shared.title}`);
  await expect(visitor.getByTestId("compare-chart")).toBeVisible();
  await expect(visitor.getByTestId("shared-run-row")).toHaveCount(2);
  await expect(visitor.getByTestId("shared-runs-table")).toContainText("opencode");
  await expect(visitor.getByTestId("shared-runs-table")).toContainText("codex");
  await expect(visitor.getByTestId("nav-compare")).toHaveCount(0);
  await expect(visitor.getByTestId("nav-shares")).toHaveCount(0);
  await expect(visitor.getByRole("button", { name: /^(run|re-run|delete|upload|share|create)/i })).toHaveCount(0);
  await keepScreenshot(visitor, testInfo, "share-link-comparison");

  // every other page sends the visitor to sign-in; every API route answers 401, reads and writes alike
  await visitor.goto(`/sessions/${secret.id}`);
  await expect(visitor).toHaveURL(/\/sign-in\?next=/);
  await visitor.goto(`/sessions/${shared.id}/compare`);
  await expect(visitor).toHaveURL(/\/sign-in\?next=/);
  const statuses = await visitor.evaluate(
    async ({ sharedId, secretId }) => {
      const post = (url: string, body: unknown) => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const answers = await Promise.all([
        fetch(`/api/sessions/${secretId}`),
        fetch(`/api/sessions/${sharedId}/runs`),
        fetch(`/api/sessions/${sharedId}/share-links`),
        fetch("/api/share-links"),
        post(`/api/sessions/${sharedId}/runs`, { strategy: "opencode" }),
        post(`/api/sessions/${sharedId}/compare`, { configs: [{ strategy: "opencode" }, { strategy: "codex" }] }),
        post("/api/share-links", { kind: "session", targetId: secretId }),
        fetch(`/api/sessions/${sharedId}`, { method: "DELETE" }),
      ]);
      return answers.map((answer) => answer.status);
    },
    { sharedId: shared.id, secretId: secret.id },
  );
  expect(statuses).toEqual(Array(8).fill(401));

  // the owner finds the link in the session's share panel and in the lab-wide list (what it shows, when made), and revokes it there
  await page.goto(`/sessions/${shared.id}`);
  await page.getByTestId("share-toggle").click();
  await expect(page.getByTestId("share-link").filter({ hasText: "comparison of 2 runs" })).toHaveCount(1);
  await page.getByTestId("nav-shares").click();
  const listed = page.locator('[data-testid="shares-row"][data-kind="comparison"]');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(shared.title);
  await expect(listed).toContainText("opencode, codex");
  await keepScreenshot(page, testInfo, "share-links-list");
  await listed.getByTestId("shares-revoke").click();
  await expect(listed).toHaveAttribute("data-revoked", "true");
  expect((await visitor.goto(url))?.status()).toBe(404);
  await expect(visitor.getByTestId("share-page")).toHaveCount(0);

  expect(visitorErrors.filter((line) => !/status of 40[14]/.test(line))).toEqual([]);
  await visitorContext.close();
  await owner.dispose();
});
