import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { importThroughApi, type UploadedSession } from "./fixtures/api";
import { keepScreenshot } from "./fixtures/keep-screenshot";

/**
 * Judged probes end to end in Chromium against the project's fake Anthropic server (the app's ANTHROPIC_BASE_URL,
 * see playwright.config.ts), which writes, answers and grades deterministically: the cost is shown before anything
 * is sent, nothing starts without the confirmation, the grades appear per compaction and per dimension, a failing
 * judge says why while the stored grades stay, and a slow one shows its progress and stops on Cancel.
 */

test.describe.configure({ mode: "serial" });

let session: UploadedSession;
let runId: string;

test.beforeAll(async ({ request }) => {
  session = await importThroughApi(request, {
    name: "judged-probes.json",
    body: JSON.stringify(exportOpenAI(generateSession({ seed: 41, messages: 120 }))),
    format: "openai",
  });
  const run = await request.post(`/api/sessions/${session.id}/runs`, { data: { strategy: "trim-messages", settings: { maxConversationMessages: 20 } } });
  expect(run.ok(), await run.text()).toBe(true);
  runId = ((await (await request.get(`/api/sessions/${session.id}/runs`)).json()).runs as { id: string }[])[0].id;
});

test("the cost is shown before starting, and the grades after", async ({ page, request }, testInfo) => {
  await page.goto(`/sessions/${session.id}?run=${runId}`);
  const panel = page.getByTestId("judged-probes");
  await expect(panel).toContainText("not judged", { timeout: 30_000 });

  await panel.getByTestId("judged-toggle").click();
  await panel.getByTestId("judged-questions").fill("3");
  await panel.getByTestId("judged-compactions").fill("2");
  await panel.getByTestId("judged-estimate").click();
  const plan = panel.getByTestId("judged-plan");
  await expect(plan).toHaveAttribute("data-calls", "6");
  await expect(plan).toContainText("6 model calls");
  await expect(panel.getByTestId("judged-plan-dollars")).toHaveText(/^\$\d+\.\d+$/);
  await expect(plan).toContainText("claude-haiku-4-5");
  // nothing was judged by estimating
  expect((await (await request.get(`/api/runs/${runId}/judged-probes`)).json()).judged).toBeNull();
  await keepScreenshot(page, testInfo, "judged-probes-plan");

  await panel.getByTestId("judged-start").click();
  await expect(panel.getByTestId("judged-grades")).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId("judged-point")).toHaveCount(2);
  await expect(panel.getByTestId("judged-overall")).toHaveText(/^\d\.\d \/ 5$/);
  await expect(panel.getByTestId("judged-dimension-accuracy")).toHaveText(/^\d\.\d$/);
  await panel.getByTestId("judged-point").first().getByRole("button").click();
  await expect(panel.getByTestId("judged-questions-list").locator("li")).toHaveCount(3);
  await expect(panel.getByTestId("judged-questions-list")).toContainText("Answer from the compacted context");
  await keepScreenshot(page, testInfo, "judged-probes-grades");

  // stored with the run: a reload shows them without asking again
  const stored = (await (await request.get(`/api/runs/${runId}/judged-probes`)).json()).judged as { calls: number; points: unknown[] };
  expect(stored).toMatchObject({ calls: 6 });
  await page.reload();
  await expect(page.getByTestId("judged-point")).toHaveCount(2, { timeout: 30_000 });
});

test("a failing judge says why, and the stored grades stay", async ({ page }) => {
  await page.goto(`/sessions/${session.id}?run=${runId}`);
  const panel = page.getByTestId("judged-probes");
  await expect(panel.getByTestId("judged-point")).toHaveCount(2, { timeout: 30_000 });
  const before = await panel.getByTestId("judged-overall").textContent();

  await panel.getByTestId("judged-toggle").click();
  await panel.getByTestId("judged-judge-model").fill("fake-server-error");
  await panel.getByTestId("judged-estimate").click();
  await expect(panel.getByTestId("judged-plan")).toContainText("unknown");
  await panel.getByTestId("judged-start").click();
  await expect(panel.getByTestId("judged-job-error")).toContainText("nothing was stored", { timeout: 30_000 });
  await expect(panel.getByTestId("judged-job-error")).toContainText("server_error");
  await expect(panel.getByTestId("judged-overall")).toHaveText(before!);
});

test("a slow judge: progress while it runs, Cancel stops it, a reload follows a running one again", async ({ page, request }, testInfo) => {
  await page.goto(`/sessions/${session.id}?run=${runId}`);
  const panel = page.getByTestId("judged-probes");
  await expect(panel.getByTestId("judged-point")).toHaveCount(2, { timeout: 30_000 });
  const before = await panel.getByTestId("judged-overall").textContent();

  await panel.getByTestId("judged-toggle").click();
  await panel.getByTestId("judged-judge-model").fill("fake-slow");
  await panel.getByTestId("judged-compactions").fill("1");
  await panel.getByTestId("judged-estimate").click();
  await panel.getByTestId("judged-start").click();
  const progress = panel.getByTestId("judged-progress");
  await expect(progress).toBeVisible({ timeout: 30_000 });
  await expect(progress).toHaveAttribute("data-total", "3");
  await expect(progress).toContainText(/Judging|Queued/);
  await keepScreenshot(page, testInfo, "judged-probes-progress");

  // the job is the server's: a reload finds it still going and follows it again
  await page.reload();
  await expect(page.getByTestId("judged-progress")).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("judged-cancel").click();
  await expect(page.getByTestId("judged-job-error")).toContainText("Cancelled", { timeout: 10_000 });
  await expect(page.getByTestId("judged-progress")).toHaveCount(0);
  await expect(page.getByTestId("judged-overall")).toHaveText(before!);
  const stored = await (await request.get(`/api/runs/${runId}/judged-probes`)).json();
  expect(stored.judgement).toMatchObject({ status: "cancelled", error: { code: "cancelled" } });
});
