import { TEAM_TOKEN } from "../../playwright.team.config";
import { generateSession } from "../../lib/generator/generate-session";
import { exportOpenAI } from "../../lib/transcripts/export-openai";
import { keepScreenshot } from "../fixtures/keep-screenshot";
import { expect, test } from "../fixtures/test";

/**
 * Team mode: a read-only share link shows its one session or run to a visitor without the access token — the app's
 * navigation, other pages and every API route stay closed to them — and a revoked link stops working at once.
 */
test("a share link opens one run read-only for a visitor without the token; other pages and writes stay closed; revoking ends it", async ({ playwright, baseURL, browser }, testInfo) => {
  const team = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${TEAM_TOKEN}` } });
  const upload = await team.post("/api/sessions?name=shared.json", { headers: { "content-type": "application/json" }, data: JSON.stringify(exportOpenAI(generateSession({ seed: 5, messages: 200 }))) });
  expect(upload.status()).toBe(201);
  const sessionId = (await upload.json()).id as string;
  const runText = await (await team.post(`/api/sessions/${sessionId}/runs`, { headers: { "content-type": "application/json" }, data: { strategy: "evidence", window: 20_000 } })).text();
  const done = runText.trim().split("\n").map((line) => JSON.parse(line)).find((line) => line.type === "done");
  expect(done?.run.status).toBe("done");

  // creating a link needs the token; the answer carries the token once, the list never does
  const anonymous = await playwright.request.newContext({ baseURL });
  expect((await anonymous.post("/api/share-links", { headers: { "content-type": "application/json" }, data: { kind: "run", targetId: done.run.id } })).status()).toBe(401);
  const created = await team.post("/api/share-links", { headers: { "content-type": "application/json" }, data: { kind: "run", targetId: done.run.id } });
  expect(created.status()).toBe(201);
  const { token, path, link } = await created.json();
  expect(path).toBe(`/share/${token}`);
  const listed = await (await team.get(`/api/sessions/${sessionId}/share-links`)).text();
  expect(listed).toContain(link.id);
  expect(listed).not.toContain(token);

  // the visitor: a fresh browser, no cookie
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(path);
  await expect(page.getByTestId("share-page")).toHaveAttribute("data-kind", "run");
  await expect(page.getByTestId("share-title")).toContainText("evidence on");
  await expect(page.getByTestId("share-curve")).toBeVisible();
  await expect(page.getByTestId("share-compaction").first()).toBeVisible();
  // no app navigation, no upload / run / delete controls
  await expect(page.getByTestId("nav-compare")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^(run|re-run|delete|upload)/i })).toHaveCount(0);
  await keepScreenshot(page, testInfo, "share-link-run");
  // anything else is closed: pages go to sign-in, API routes answer 401 (reads and writes alike)
  await page.goto(`/sessions/${sessionId}`);
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  const status = await page.evaluate(async (id) => [(await fetch(`/api/runs/${id}`)).status, (await fetch(`/api/sessions/${id}`, { method: "DELETE" })).status], done.run.id);
  expect(status).toEqual([401, 401]);

  // revoked: the page is gone at once
  expect((await team.delete(`/api/share-links/${link.id}`)).status()).toBe(200);
  const gone = await page.goto(path);
  expect(gone?.status()).toBe(404);
  await expect(page.getByTestId("share-page")).toHaveCount(0);
  // an unknown token is the same 404
  expect((await page.goto("/share/not-a-real-token-0123456789abcdef"))?.status()).toBe(404);
  await visitor.close();
  await anonymous.dispose();
  await team.dispose();
});
