import { expect, test } from "./fixtures/test";
import { importThroughApi } from "./fixtures/api";
import { keepScreenshot } from "./fixtures/keep-screenshot";
import { SessionsPage } from "./pages/sessions-page";

const SMALL_CHAT = JSON.stringify([
  { role: "system", content: "You are terse." },
  { role: "user", content: "What is 2 + 2?" },
  { role: "assistant", content: "4" },
]);

test("the empty state explains the lab, and a session can be deleted after confirming", async ({ page, request }, testInfo) => {
  const existing = (await (await request.get("/api/sessions")).json()) as { sessions: { id: string }[] };
  for (const session of existing.sessions) await request.delete(`/api/sessions/${session.id}`);

  const sessions = new SessionsPage(page);
  await sessions.goto();
  await expect(sessions.emptyState).toBeVisible();
  await expect(sessions.emptyState).toContainText("Claude Code");
  await expect(sessions.emptyState).toContainText("SWE-agent");
  await keepScreenshot(page, testInfo, "empty-state");

  await importThroughApi(request, { name: "tiny-chat.json", body: SMALL_CHAT, format: "openai" });
  await page.reload();
  const row = sessions.row("tiny-chat.json");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("OpenAI Chat Completions");

  await row.getByTestId("delete-session").click();
  await expect(row).toContainText("Delete this session?");
  await row.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toHaveCount(1);

  await row.getByTestId("delete-session").click();
  await row.getByTestId("confirm-delete").click();
  await expect(sessions.rows).toHaveCount(0);
  await expect(sessions.emptyState).toBeVisible();
});

test("a missing session shows the API's not-found error", async ({ page, consoleErrors }) => {
  consoleErrors.expect(/status of 404 .*\/api\/sessions\/does-not-exist[/)]/);
  await page.goto("/sessions/does-not-exist");
  await expect(page.getByTestId("session-error")).toContainText(/not[ _]found/i);
});

test("every page has a favicon and shared links get an Open Graph card", async ({ page, request }) => {
  await page.goto("/");
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toMatch(/icon/);
  const ogImage = page.locator('meta[property="og:image"]');
  await expect(ogImage).toHaveAttribute("content", /\/og\.png$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Compaction Lab");
  const image = await request.get("/og.png");
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
});

test("the sessions table fits at 1440 px and scrolls inside a labelled region at 390 px, with Delete and its confirmation on screen", async ({ page, request }, testInfo) => {
  const longName = `${"a-session-with-a-very-long-file-name-that-goes-on-".repeat(6)}end.json`;
  await importThroughApi(request, { name: longName, body: SMALL_CHAT, format: "openai" });
  const sessions = new SessionsPage(page);
  const region = page.getByRole("region", { name: "Imported sessions" });
  const row = sessions.row(/a-session-with-a-very-long-file-name/).first();
  /** the box is inside the viewport and inside the table's scroll region (nothing clipped) */
  const expectOnScreen = async (locator: ReturnType<typeof page.getByTestId>) => {
    const box = (await locator.boundingBox())!;
    const frame = (await region.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x).toBeGreaterThanOrEqual(Math.max(0, frame.x) - 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(Math.min(viewport.width, frame.x + frame.width) + 0.5);
  };

  for (const viewport of [
    { width: 1440, height: 900, name: "desktop" },
    { width: 390, height: 844, name: "phone" },
  ]) {
    await page.setViewportSize(viewport);
    await sessions.goto();
    await expect(row).toBeVisible();
    if (viewport.name === "desktop") {
      // the table is no wider than its frame: nothing to scroll to
      const widths = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    }
    const remove = row.getByTestId("delete-session");
    await expect(remove).toBeVisible();
    await expectOnScreen(remove);
    await remove.click();
    const confirm = row.getByTestId("confirm-delete");
    await expect(confirm).toBeVisible();
    await expectOnScreen(confirm);
    await expectOnScreen(row.getByRole("button", { name: "Cancel" }));
    await keepScreenshot(page, testInfo, `sessions-table-${viewport.name}-confirm`);
    await row.getByRole("button", { name: "Cancel" }).click();
  }
});
