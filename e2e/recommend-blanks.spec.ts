import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { importThroughApi } from "./fixtures/api";

/**
 * The recommend page reads top down (issue #42, item 11): a stored recommendation's verdict comes before its table
 * and the form, and every "—" says why — here a model the lab has no price for, named with how to set one.
 */
test("a recommendation priced at an unknown model: verdict first, every dash names its reason and how to price it", async ({ page, request }) => {
  test.setTimeout(120_000);
  const session = await importThroughApi(request, { name: "recommend-blanks.json", body: JSON.stringify(exportOpenAI(generateSession({ seed: 44, messages: 200 }))), format: "openai" });
  const started = await request.post("/api/recommendations", {
    data: { sessionIds: [session.id], strategies: ["pi"], windows: [30_000], shares: [0.5], floor: 0.5, costModel: "lab-unpriced-model" },
  });
  expect(started.status(), await started.text()).toBe(202);
  const { url } = (await started.json()) as { url: string };
  await page.goto(url);
  const verdict = page.getByTestId("recommend-verdict");
  await expect(verdict).toBeVisible({ timeout: 60_000 });
  const table = page.getByTestId("recommend-table");
  const form = page.getByTestId("recommend-form");
  const top = async (locator: typeof verdict) => (await locator.boundingBox())!.y;
  expect(await top(verdict)).toBeLessThan(await top(table));
  expect(await top(table)).toBeLessThan(await top(form));

  // no dollars: each "—" names the model without a price; the note under the table says how to set one
  const blanks = table.getByTestId("recommend-blank");
  await expect(blanks.first()).toBeVisible();
  for (const blank of await blanks.all()) await expect(blank).not.toHaveText(/^—\s*$/);
  await expect(table.locator('[data-testid="recommend-blank"][data-reason="unpriced"]').first()).toContainText("no price for lab-unpriced-model");
  const notes = page.getByTestId("recommend-blank-notes");
  await expect(notes).toContainText("--cost-model");
  await expect(notes).toContainText("Model (prices, and its window)");
  // no cell of the table is a bare dash
  const bare = await table.locator("td").evaluateAll((cells) => cells.filter((cell) => cell.textContent?.trim() === "—").length);
  expect(bare).toBe(0);
});
