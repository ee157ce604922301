import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { importThroughApi, type UploadedSession } from "./fixtures/api";
import { keepScreenshot } from "./fixtures/keep-screenshot";
import { RecommendPage } from "./pages/recommend-page";

/**
 * The recommender end to end in Chromium against the real routes, a fresh SQLite file and the embedded queue: two
 * generated sessions, two strategies swept at three trigger shares of a 200K window, priced at a model the lab
 * knows. The page shows the plot with the frontier, the recommended setting and a snippet that copies; a reload of
 * its URL brings the stored recommendation back, its request filling the form again.
 */

async function uploadGenerated(request: APIRequestContext, seed: number): Promise<UploadedSession> {
  return importThroughApi(request, { name: `recommend-${seed}.json`, body: JSON.stringify(exportOpenAI(generateSession({ seed, messages: 240 }))), format: "openai" });
}

test.describe.configure({ mode: "serial" });

const uploaded: string[] = [];
test.afterAll(async ({ request }) => {
  for (const id of uploaded) expect((await request.delete(`/api/sessions/${id}`)).ok()).toBe(true);
});

test("a recommendation on two generated sessions: plot, frontier, recommended setting, copyable snippet; a reload brings it back and refills the form", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const sessions = [await uploadGenerated(request, 31), await uploadGenerated(request, 32)];
  uploaded.push(...sessions.map((session) => session.id));
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);

  await page.goto("/");
  await page.getByTestId("nav-recommend").click();
  await expect(page).toHaveURL(/\/recommend$/);
  const recommend = new RecommendPage(page);
  await recommend.pickSessions(sessions.map((session) => session.id));
  await recommend.pickStrategies(["pi", "codex"]);
  const id = await recommend.start({ model: "claude-sonnet-4-5", window: 200_000, shares: "10, 30, 60", floor: 50 });
  await recommend.waitUntilEnded(150_000);
  await expect(recommend.recommendation).toHaveAttribute("data-state", "done");

  // 2 strategies × (their default + 3 shares) = 8 settings, each priced and scored on both sessions
  await expect(recommend.rows).toHaveCount(8);
  await expect(recommend.chart).toHaveAttribute("data-points", "8");
  await expect(recommend.points).toHaveCount(8);
  expect(Number(await recommend.chart.getAttribute("data-frontier"))).toBeGreaterThan(0);
  await expect(recommend.frontierSteps.first()).toBeAttached();

  // at a 50% floor something meets it on both sessions: the cheapest that does is recommended and ringed on the plot
  await expect(recommend.verdict).toHaveAttribute("data-outcome", "recommended");
  const setting = (await recommend.setting.textContent())!.trim();
  expect(setting).toMatch(/^(pi|codex) (@ \d+%|default \(\d+(\.\d+)?%\)) · 200K$/);
  await expect(page.locator('[data-testid="recommend-point"][data-chosen="recommended"]')).toHaveAttribute("data-config", setting);
  await expect(page.getByTestId("recommend-against-default")).toBeVisible();
  await expect(recommend.verdict).toHaveAttribute("data-floor-met", "true");
  await expect(page.getByTestId("recommend-verdict-summary")).toContainText("is the cheapest setting that keeps 50.0% continuation recall");
  // every point carries its 95% interval (drawn as a whisker) and every row its rank, tied where intervals overlap
  for (const point of await recommend.points.all()) {
    const [low, high] = [Number(await point.getAttribute("data-low")), Number(await point.getAttribute("data-high"))];
    expect(low).toBeLessThanOrEqual(high);
  }
  await expect(page.getByTestId("recommend-rank").first()).toHaveText(/^(tied )?\d+(st|nd|rd|th)$/);

  // a snippet per agent with a key; Copilot CLI, which has none, says so
  await expect(recommend.snippets.getByTestId("settings-snippet")).toHaveCount(7);
  await expect(recommend.snippets.getByTestId("recommend-no-key")).toContainText("Copilot CLI");
  const codex = recommend.snippets.getByTestId("settings-snippet").filter({ hasText: "Codex CLI" });
  await expect(codex.getByTestId("settings-snippet-text")).toContainText("model_auto_compact_token_limit = ");
  await codex.getByTestId("settings-snippet-copy").click();
  await expect(codex.getByTestId("settings-snippet-copy")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("model_context_window = 200000");
  await keepScreenshot(page, testInfo, "recommend-done");

  // stored: the URL alone brings it back, the same setting recommended
  await page.reload();
  await expect(recommend.recommendation).toHaveAttribute("data-id", id);
  await expect(recommend.recommendation).toHaveAttribute("data-state", "done");
  await expect(recommend.setting).toHaveText(setting);
  await expect(recommend.chart).toHaveAttribute("data-points", "8");
  await expect(recommend.snippets.getByTestId("settings-snippet")).toHaveCount(7);

  // the form is filled in from the stored request, to be changed and run again
  await expect(page.getByTestId("recommend-form-restored")).toBeVisible();
  await recommend.expectForm({ sessionIds: sessions.map((session) => session.id), strategies: ["pi", "codex"], model: "claude-sonnet-4-5", windows: [200_000], shares: "10, 30, 60", floor: 50 });
  await expect(page.getByTestId("recommend-run")).toBeEnabled();
});

test("when no setting meets the floor the page still ends with a setting, says by how much it misses, and gives its snippet; the relative floor is a form choice", async ({ page, request }) => {
  test.setTimeout(180_000);
  const session = await uploadGenerated(request, 34);
  uploaded.push(session.id);
  // a 20K window: every setting compacts and loses something, so none keeps 100%
  const response = await request.post("/api/recommendations", { data: { sessionIds: [session.id], strategies: ["codex"], windows: [20_000], shares: [0.2], floor: 1, costModel: "claude-sonnet-4-5" } });
  expect(response.status()).toBe(202);
  const { id } = (await response.json()) as { id: string };
  const recommend = new RecommendPage(page);
  await recommend.goto(id);
  await recommend.waitUntilEnded(150_000);
  await expect(recommend.verdict).toHaveAttribute("data-outcome", "recommended");
  await expect(recommend.verdict).toHaveAttribute("data-floor-met", "false");
  await expect(page.getByTestId("recommend-floor-not-met")).toContainText(/Floor not met: no setting keeps 100\.0% continuation recall on .*session.* misses it by \d+\.\d points/);
  await expect(recommend.setting).toHaveText(/^codex .* · 20K$/);
  await expect(page.locator('[data-testid="recommend-point"][data-chosen="recommended"]')).toHaveCount(1);
  await expect(recommend.snippets.getByTestId("settings-snippet").first()).toBeVisible();

  // the relative floor: a radio beside the absolute one, sent as `within` and restored from the stored request
  await page.getByTestId("recommend-floor-relative").check();
  await page.getByTestId("recommend-within").fill("50");
  await page.getByTestId("recommend-shares").fill("50");
  await page.getByTestId("recommend-run").click();
  await expect(page).not.toHaveURL(new RegExp(`id=${id}$`));
  await recommend.waitUntilEnded(150_000);
  await expect(page.getByTestId("recommend-progress")).toContainText("floor within 50 points of no compaction");
  await expect(recommend.verdict).toHaveAttribute("data-outcome", "recommended");
  await page.reload();
  await expect(page.getByTestId("recommend-floor-relative")).toBeChecked();
  await expect(page.getByTestId("recommend-within")).toHaveValue("50");
});

test("a refused recommendation names the field", async ({ page, request, consoleErrors }) => {
  consoleErrors.expect(/status of 400/);
  const session = await uploadGenerated(request, 33);
  uploaded.push(session.id);
  const recommend = new RecommendPage(page);
  await recommend.goto();
  await recommend.pickSessions([session.id]);
  await recommend.pickStrategies(["pi", "codex", "gemini-cli", "opencode", "claude-code", "nous", "vibe", "micro-agent", "evidence", "openclaw"]);
  await page.getByTestId("recommend-model").selectOption("claude-sonnet-4-5");
  for (const window of [200_000, 400_000, 1_000_000]) await page.locator(`[data-testid="recommend-window"][data-window="${window}"]`).check();
  await page.getByTestId("recommend-shares").fill("10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95");
  await page.getByTestId("recommend-run").click();
  await expect(page.getByTestId("recommend-error")).toContainText("a recommendation runs at most 480");
  await expect(page.getByTestId("recommend-error").getByTestId("error-issue")).toContainText("shares");
});
