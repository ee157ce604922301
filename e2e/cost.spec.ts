import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { toClaudeCodeJsonl } from "../lib/generator/to-claude-code-jsonl";
import { importThroughApi, type UploadedSession } from "./fixtures/api";
import { keepScreenshot } from "./fixtures/keep-screenshot";
import { ComparePage } from "./pages/compare-page";
import { PlaygroundPanel } from "./pages/playground-panel";
import { SessionPage } from "./pages/session-page";

/**
 * Dollars for every run (issue #24), in Chromium against the real routes: a generated Claude Code session (its calls
 * name claude-sonnet-4-5, which the dated price table knows) replayed in the playground shows its dollars with and
 * without prompt caching, the cache hit rate and the per-call cache strip; the compare page's Pareto view opens on
 * the dollars axis and switches between dollars and tokens.
 */
test.describe.configure({ mode: "serial" });

let session: UploadedSession;

test.beforeAll(async ({ request }) => {
  session = await importThroughApi(request, { name: "generated-cost.jsonl", body: toClaudeCodeJsonl(generateSession({ seed: 24, messages: 400 })), format: "claude-code" });
});

test.afterAll(async ({ request }) => {
  expect((await request.delete(`/api/sessions/${session.id}`)).ok()).toBe(true);
});

/** The session's playground with pi at a 20,000-token window, ready to run. */
async function openPiAt20K(page: Page): Promise<PlaygroundPanel> {
  const playground = new PlaygroundPanel(page);
  await new SessionPage(page).goto(session.id);
  await playground.waitForPanel();
  await playground.pickStrategy("pi");
  await playground.setWindow(20_000);
  return playground;
}

const dollars = (text: string | null) => Number((text ?? "").replace(/[^0-9.]/g, ""));

test("a run shows its dollars, with and without caching, and the cache hit rate", async ({ page }, testInfo) => {
  const playground = await openPiAt20K(page);
  await playground.run("done");
  await expect(playground.chart).toBeVisible();

  const cost = page.getByTestId("run-cost");
  await expect(cost).toHaveAttribute("data-known", "true");
  await expect(cost).toContainText("claude-sonnet-4-5");
  const total = dollars(await cost.getByTestId("run-cost-total").textContent());
  const without = dollars(await cost.getByTestId("run-cost-without").textContent());
  expect(total).toBeGreaterThan(0);
  // every compaction rewrites the prefix, but between them each call reads the one before: caching still saves
  expect(total).toBeLessThan(without);
  await expect(cost.getByTestId("run-cost-hit-rate")).toHaveText(/^\d+\.\d%$/);
  for (const part of ["uncached-input", "cache-writes", "cache-reads", "output", "summarizer-calls"]) await expect(cost.getByTestId(`run-cost-${part}`)).toContainText("$");

  // the token chart says per call whether the prefix was read, and the history row carries the dollars
  const strip = playground.chart.getByTestId("cache-strip");
  await expect(strip).toBeVisible();
  expect(Number(await strip.getAttribute("data-hits"))).toBeGreaterThan(0);
  expect(Number(await strip.getAttribute("data-broken"))).toBeGreaterThan(0);
  await expect(playground.runRows.first().getByTestId("run-dollars")).toContainText("$");
  await cost.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, "run-dollars");
});

test("a run priced without the agent's recorded restarts says so in its cost, and the run keeps that choice", async ({ page, request }) => {
  const playground = await openPiAt20K(page);
  const restarts = page.getByTestId("recorded-restarts-checkbox");
  await expect(restarts).toBeChecked();
  await restarts.uncheck();
  await playground.run("done");
  await expect(page.getByTestId("run-cost")).toContainText("the agent's recorded restarts not applied");
  const runs = (await (await request.get(`/api/sessions/${session.id}/runs`)).json()) as { runs: { options: { recordedRewrites?: boolean } }[] };
  expect(runs.runs[0].options.recordedRewrites).toBe(false);
});

test("an unpriced model still shows its cache in tokens, names itself and offers to price it as a known model", async ({ page }, testInfo) => {
  const playground = await openPiAt20K(page);
  await page.getByTestId("cost-model-input").fill("claude-haiku-9-9");
  await playground.run("done");

  const cost = page.getByTestId("run-cost");
  await expect(cost).toHaveAttribute("data-known", "false");
  await expect(cost.getByTestId("run-cost-unpriced")).toContainText("claude-haiku-9-9 is not in the price catalog");
  await expect(cost.getByTestId("run-cost-hit-rate")).toHaveText(/^\d+\.\d%$/);
  await expect(cost.getByTestId("run-cost-weighted")).toHaveText(/^[\d,]+$/);
  await expect(cost.getByTestId("run-cost-cache-reads")).toContainText("tokens");
  // "price as …" fills the Cost model; running again prices the same replay in dollars
  await cost.getByTestId("run-cost-price-as-claude-sonnet-4-5").click();
  await expect(page.getByTestId("cost-model-input")).toHaveValue("claude-sonnet-4-5");
  await keepScreenshot(page, testInfo, "run-unpriced");
  await playground.run("done");
  await expect(page.getByTestId("run-cost")).toHaveAttribute("data-known", "true");
  await page.getByTestId("cost-model-input").fill("");
});

test("the compare page's Pareto view opens on dollars and switches to tokens and back", async ({ page }, testInfo) => {
  const compare = new ComparePage(page);
  await compare.goto(session.id);
  for (const id of ["none", "pi", "observation-masking"]) await compare.addStrategy(id);
  await compare.setWindow(20_000);
  await compare.run("done");

  await expect(page.getByTestId("cell-dollars").first()).toContainText("$");
  const chart = page.getByTestId("pareto-chart");
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute("data-axis", "dollars");
  await expect(chart.getByTestId("pareto-point")).toHaveCount(3);
  await expect(chart.getByTestId("pareto-frontier-list")).toContainText("$");
  await chart.getByTestId("pareto-axis-sent").click();
  await expect(chart).toHaveAttribute("data-axis", "sent");
  await chart.getByTestId("pareto-axis-dollars").click();
  await expect(chart).toHaveAttribute("data-axis", "dollars");
  await expect(chart.getByTestId("pareto-point")).toHaveCount(3);
  await chart.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, "compare-pareto-dollars");
});
