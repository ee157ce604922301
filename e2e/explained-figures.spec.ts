import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { importThroughApi, type UploadedSession } from "./fixtures/api";
import { PlaygroundPanel } from "./pages/playground-panel";

/**
 * Figures that explain themselves (issue #42, items 6, 7 and 10): a seed strategy says what a seed is and links the
 * design document it reproduces; a run with many cuts draws its continuation recall as a small bar chart with the
 * worst cuts named; the Pareto view groups tied configurations and names the leaders.
 */

test.describe.configure({ mode: "serial" });

let session: UploadedSession;
test.beforeAll(async ({ request }) => {
  session = await importThroughApi(request, { name: "explained-figures.json", body: JSON.stringify(exportOpenAI(generateSession({ seed: 61, messages: 400 }))), format: "openai" });
});

test("a seed strategy says what a seed is and opens the design document it reproduces", async ({ page, request }) => {
  await page.goto(`/sessions/${session.id}`);
  const panel = new PlaygroundPanel(page);
  await panel.waitForPanel();
  await panel.pickStrategy("trim-messages");
  const note = page.getByTestId("seed-note");
  await expect(note).toContainText("A seed is one of the design documents the lab was built from");
  await expect(note).toContainText("seed 002");
  await page.getByTestId("seed-link").click();
  await expect(page).toHaveURL(/\/seeds\/002_27b1b60fff932618\.txt$/);
  await expect(page.getByTestId("seed-strategies")).toContainText("trim-messages");
  await expect(page.getByTestId("seed-strategies")).toContainText("micro-agent");
  // the document itself, as plain text (../shared/seeds beside the checkout)
  await expect(page.getByTestId("seed-text")).toContainText("TrimConversationHistory");
  // only a file a strategy names is served
  expect((await request.get("/seeds/package.json")).status()).toBe(404);
});

test("a run with many cuts draws its continuation recall as bars and names the worst cuts", async ({ page, request }) => {
  test.setTimeout(90_000);
  const started = await request.post(`/api/sessions/${session.id}/runs`, { data: { strategy: "trim-messages", window: 12_000, settings: { maxConversationMessages: 20 } } });
  expect(started.ok(), await started.text()).toBe(true);
  const runs = (await (await request.get(`/api/sessions/${session.id}/runs`)).json()).runs as { id: string; continuationRecall: { points: unknown[] } | null }[];
  const cuts = runs[0].continuationRecall?.points.length ?? 0;
  expect(cuts, "cuts scored on this run").toBeGreaterThan(20);
  await page.goto(`/sessions/${session.id}?run=${runs[0].id}`);
  const chart = page.getByTestId("run-recall-chart");
  await expect(chart).toHaveAttribute("data-cuts", String(cuts), { timeout: 30_000 });
  // one bar per cut, and no wall of percentages: at most five cuts are named
  await expect(chart.locator(".recharts-bar-rectangle")).toHaveCount(cuts);
  const named = page.getByTestId("run-recall-point");
  expect(await named.count()).toBeGreaterThan(0);
  expect(await named.count()).toBeLessThanOrEqual(5);
  await named.first().click();
  await expect(page.getByTestId("run-recall-lost")).toBeVisible();
});

test("the Pareto view groups configurations that tie and names the leaders", async ({ page, request }) => {
  test.setTimeout(90_000);
  // at a window this session never reaches, most strategies never trigger: they tie with none
  const configs = ["none", "pi", "codex", "claude-code", "gemini-cli", "trim-messages"].map((strategy) => ({ strategy }));
  const response = await request.post(`/api/sessions/${session.id}/compare`, { data: { window: 1_000_000, configs }, timeout: 60_000 });
  expect(response.ok(), await response.text()).toBe(true);
  const lines = (await response.text()).trim().split("\n").map((line) => JSON.parse(line) as { type: string; comparisonId?: string });
  const comparison = lines.find((line) => line.type === "started")!.comparisonId!;
  await page.goto(`/sessions/${session.id}/compare?comparison=${comparison}`);
  const leaders = page.getByTestId("pareto-leaders");
  await expect(leaders).toBeVisible({ timeout: 30_000 });
  await expect(leaders).toContainText(/most recall, [\d.]+%: .*tied/);
  await expect(leaders).toContainText(/configurations at \d+ spots/);
  // the tied configurations are one entry of the legend, not one each
  const group = page.locator('[data-testid="pareto-group"]').filter({ hasText: "tied" });
  await expect(group.first()).toBeVisible();
  expect(Number(await group.first().getAttribute("data-size"))).toBeGreaterThan(2);
});
