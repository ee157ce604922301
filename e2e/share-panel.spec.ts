import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { importThroughApi } from "./fixtures/api";
import { PlaygroundPanel } from "./pages/playground-panel";

/** The playground's share panel: create a read-only link (shown once), open it, see it listed, revoke it. */
test("share panel: a link to the session is created, opens the read-only page, is listed and revoked", async ({ page }) => {
  const session = await importThroughApi(page.request, { name: "share-panel.json", body: JSON.stringify(exportOpenAI(generateSession({ seed: 8, messages: 120 }))), format: "openai" });
  const playground = new PlaygroundPanel(page);
  await page.goto(`/sessions/${session.id}`);
  await playground.waitForPanel();
  await page.getByTestId("share-toggle").click();
  await expect(page.getByTestId("share-create-run")).toBeDisabled();
  await page.getByTestId("share-create-session").click();
  const address = await page.getByTestId("share-address").inputValue();
  expect(address).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("share-link")).toHaveCount(1);
  await expect(page.getByTestId("share-link")).toHaveAttribute("data-revoked", "false");

  const visitor = await page.context().newPage();
  await visitor.goto(address);
  await expect(visitor.getByTestId("share-page")).toHaveAttribute("data-kind", "session");
  await expect(visitor.getByTestId("share-runs")).toBeVisible();
  // the session's messages, read-only, a page at a time
  await expect(visitor.getByTestId("share-message-range")).toHaveText("1–100 of 120");
  await expect(visitor.getByTestId("message")).toHaveCount(100);
  await visitor.getByTestId("share-next-page").click();
  await expect(visitor.getByTestId("share-message-range")).toHaveText("101–120 of 120");
  await expect(visitor.getByTestId("message")).toHaveCount(20);
  await expect(visitor.getByTestId("share-next-page")).toHaveCount(0);
  await visitor.getByTestId("share-previous-page").click();
  await expect(visitor.getByTestId("share-message-range")).toHaveText("1–100 of 120");

  await page.getByTestId("share-revoke").click();
  await expect(page.getByTestId("share-link")).toHaveAttribute("data-revoked", "true");
  expect((await visitor.goto(address))?.status()).toBe(404);
  await visitor.close();
});
