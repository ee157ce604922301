import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { generateClaudeCodeSession } from "../lib/generator/generate-claude-code-session";
import { toClaudeCodeJsonl } from "../lib/generator/to-claude-code-jsonl";
import { importThroughApi } from "./fixtures/api";
import { ComparePage } from "./pages/compare-page";

/**
 * At 1440 px (issue #42, items 4 and 5): the compare view reached by "Compare strategies" opens ready — the session's
 * own agent's strategy at its defaults first, the strategies worth comparing chosen, its Run button enabled — and
 * neither its table of figures nor the run history is cut at its right edge (the history's last action once read
 * "dele", the compare table's last column "R…").
 */

test.use({ viewport: { width: 1440, height: 900 } });

/** The table fits the box that scrolls it: nothing hides past its right edge. */
async function expectFits(scroller: Locator, what: string): Promise<void> {
  const { scrollWidth, clientWidth, columns } = await scroller.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    // each header's width, for the failure message: which columns take the room
    columns: Array.from(element.querySelectorAll("thead th")).map((cell) => `${cell.textContent?.trim() || "·"} ${Math.round(cell.getBoundingClientRect().width)}`),
  }));
  expect(scrollWidth, `${what}: ${scrollWidth} px of content in a ${clientWidth} px box (${columns.join(", ")})`).toBeLessThanOrEqual(clientWidth);
}

/** `inner` lies wholly inside `outer`'s box. */
async function expectInside(inner: Locator, outer: Locator, what: string): Promise<void> {
  const [box, frame] = [(await inner.boundingBox())!, (await outer.boundingBox())!];
  expect(box.x, what).toBeGreaterThanOrEqual(frame.x - 0.5);
  expect(box.x + box.width, what).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
}

test("Compare strategies opens ready to run; its table and the run history show every column at 1440 px", async ({ page, request }) => {
  test.setTimeout(150_000);
  const session = await importThroughApi(request, { name: "desktop-columns.jsonl", body: toClaudeCodeJsonl(generateClaudeCodeSession({ seed: 42, messages: 160 })) });
  // three runs in the history, one of them with changed settings (the longest settings line)
  for (const data of [{ strategy: "claude-code", window: 30_000 }, { strategy: "opencode", window: 30_000 }, { strategy: "nous", window: 30_000, settings: { compactionThreshold: 20_000, keepRecentTokens: 4_000 } }]) {
    const run = await request.post(`/api/sessions/${session.id}/runs`, { data });
    expect(run.ok(), await run.text()).toBe(true);
  }

  await page.goto(`/sessions/${session.id}`);
  const history = page.getByTestId("run-history");
  await expect(page.getByTestId("run-row")).toHaveCount(3, { timeout: 30_000 });
  const historyScroller = history.locator("div.overflow-auto");
  await expectFits(historyScroller, "run history");
  for (const button of await page.getByTestId("run-delete").all()) await expectInside(button, historyScroller, "a row's delete button");

  await page.getByTestId("compare-strategies-link").click();
  const compare = new ComparePage(page);
  await expect(page.getByTestId("compare-opening-note")).toBeVisible({ timeout: 20_000 });
  // the session's own agent first, at its defaults, then the strategies worth comparing with it
  await expect(compare.configCards).toHaveCount(6);
  await expect(compare.configCards.first()).toHaveAttribute("data-strategy", "claude-code");
  await expect(compare.configCards.nth(1)).toHaveAttribute("data-strategy", "none");
  await expect(page.getByTestId("config-settings-toggle").first()).toHaveText(/\(defaults\)/);
  await expect(page.getByTestId("compare-opening-note")).toContainText("this session's own agent");
  await expect(compare.runButton).toBeEnabled();
  await expect(compare.runButton).toHaveText("Run 6 configurations");

  // a Clear empties the builder for good (nothing refills it); the page opened again is ready again
  await page.getByTestId("clear-configs").click();
  await expect(compare.configCards).toHaveCount(0);
  await expect(compare.runButton).toBeDisabled();
  await page.reload();
  await expect(compare.configCards).toHaveCount(6, { timeout: 20_000 });

  await compare.setWindow(30_000);
  await compare.run("done", 90_000);
  await expect(compare.rows).toHaveCount(6);
  await expectFits(compare.table.locator(".."), "compare table");
  const lastHeader = compare.table.locator("thead th").last();
  await expectInside(lastHeader, compare.table.locator(".."), "the compare table's last column");
});
