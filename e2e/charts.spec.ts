import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { importThroughApi, type UploadedSession } from "./fixtures/api";
import { keepScreenshot } from "./fixtures/keep-screenshot";
import { ComparePage } from "./pages/compare-page";
import { SessionPage } from "./pages/session-page";
import { TokenChart } from "./pages/token-chart";

/**
 * The token charts on a long session (issue #29 item 4): a generated 10,000-message session (the generator the
 * large-session spec uses) and one run of it with a small window, so the no-compaction line ends far above the
 * window and the run compacts far more often than the chart draws markers.
 */
const MESSAGE_COUNT = 10_000;
const WINDOW = 40_000;

interface RunView {
  id: string;
  result: { window: number; steps: { step: number; messageIndex: number; contextTokens: number }[]; final: { contextTokens: number }; events: { type: string; step: number }[] };
}

test.describe.configure({ mode: "serial" });

let session: UploadedSession;
let run: RunView;

async function startRun(request: APIRequestContext, sessionId: string): Promise<RunView> {
  const response = await request.post(`/api/sessions/${sessionId}/runs`, { data: { strategy: "opencode", window: WINDOW }, timeout: 170_000 });
  expect(response.status(), await response.text()).toBe(200);
  const runs = (await (await request.get(`/api/sessions/${sessionId}/runs`)).json()).runs as { id: string; status: string }[];
  expect(runs[0]?.status).toBe("done");
  return (await request.get(`/api/runs/${runs[0].id}`)).json();
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  session = await importThroughApi(request, {
    name: "generated-charts-10k.json",
    body: JSON.stringify(exportOpenAI(generateSession({ seed: 7, messages: MESSAGE_COUNT }))),
    format: "openai",
  });
  run = await startRun(request, session.id);
});

test.afterAll(async ({ request }) => {
  if (session) await request.delete(`/api/sessions/${session.id}`);
});

async function openRun(page: import("@playwright/test").Page) {
  await page.goto(`/sessions/${session.id}?run=${run.id}`);
  const root = page.getByTestId("run-chart");
  await expect(root).toBeVisible({ timeout: 30_000 });
  return new TokenChart(page, root);
}

test("the run chart fits the run by default, and a log scale shows the no-compaction line with it", async ({ page }, testInfo) => {
  const chart = await openRun(page);
  const sent = chart.root.locator(".line-sent path.recharts-line-curve");
  const baseline = chart.root.locator(".line-baseline path.recharts-line-curve");
  // the session without compaction ends ~70× above the window: fitted to the run and its window (the top of the
  // plot), the run's sawtooth stands up from the axis
  const peak = Math.max(...run.result.steps.map((step) => step.contextTokens));
  expect(peak).toBeLessThan(WINDOW * 2);
  expect(await chart.lineHeightShare(sent)).toBeGreaterThan((0.8 * peak) / Math.max(peak, WINDOW));
  expect(Number(await chart.root.getAttribute("data-y-max"))).toBeLessThanOrEqual(Math.max(peak, WINDOW) * 1.1);
  await expect(chart.root.getByTestId("run-chart-clipped")).toContainText("no compaction runs off the top");

  // linear over everything: the run lies flat on the axis (what the issue saw)
  await chart.root.getByTestId("run-chart-y-scale-full").click();
  await expect(chart.root).toHaveAttribute("data-y-scale", "full");
  expect(await chart.lineHeightShare(sent)).toBeLessThan(0.05);

  // log: both, the run well off the axis and the no-compaction line reaching the top
  await chart.root.getByTestId("run-chart-y-scale-log").click();
  await expect(chart.root).toHaveAttribute("data-y-scale", "log");
  await expect(chart.root.getByTestId("run-chart-y-scale-log")).toHaveAttribute("aria-pressed", "true");
  expect(await chart.lineHeightShare(sent)).toBeGreaterThan(0.2);
  const plot = await chart.plotBox();
  const baselineBox = (await baseline.boundingBox())!;
  expect(baselineBox.y).toBeLessThan(plot.y + plot.height * 0.1);
  // decades on the axis, not 1…9 of each
  expect(await chart.tickLabels("y")).toEqual(expect.arrayContaining(["1K", "10K", "100K", "1M"]));
  await keepScreenshot(page, testInfo, "run-chart-log");
});

test("the figures above an open run are the run's: its compactions, not the transcript's recorded 0", async ({ page }) => {
  // the stored figure, the events and the legend agree (hundreds of compactions on this generated session) ...
  const stored = (await (await page.request.get(`/api/runs/${run.id}`)).json()) as { compactions: number; prunes: number };
  const applied = run.result.events.filter((event) => event.type === "compaction-end").length;
  expect(applied).toBeGreaterThan(100);
  expect(stored.compactions).toBe(applied);
  const chart = await openRun(page);
  await expect(chart.root.getByTestId("legend-compactions")).toContainText(applied.toLocaleString("en-US"));
  // ... and the header over the chart says it: the run's own figures, with the transcript's recorded count named as such
  const header = page.getByTestId("run-header");
  await expect(header).toBeVisible();
  await expect(header).toContainText("opencode");
  await expect(header.getByTestId("run-figure-compactions")).toHaveText(applied.toLocaleString("en-US"));
  // the peak: over the model calls and the context after the last message (peakContextTokens)
  await expect(header.getByTestId("run-figure-peak")).toHaveText(Math.max(...run.result.steps.map((step) => step.contextTokens), run.result.final.contextTokens).toLocaleString("en-US"));
  await expect(page.getByTestId("session-header").getByTestId("figure-compactions")).toHaveCount(0);
  await expect(page.getByTestId("session-header").getByTestId("figure-recorded-compactions")).toHaveText("0");
});

test("the brush zooms the run chart to a stretch redrawn at full detail, the legend hides a series, markers thin out", async ({ page }, testInfo) => {
  const chart = await openRun(page);
  const steps = run.result.steps.length;
  const compactions = run.result.events.filter((event) => event.type === "compaction-end").length;
  expect(compactions, "the run compacts more often than the chart draws markers").toBeGreaterThan(40);
  await expect(chart.root).toHaveAttribute("data-x-from", "0");
  await expect(chart.root).toHaveAttribute("data-x-to", String(steps - 1));
  // at most 40 markers at once; every compaction in the list
  expect(Number(await chart.root.getAttribute("data-markers"))).toBeLessThanOrEqual(40);
  expect(await chart.root.locator(".marker-compaction").count()).toBeLessThanOrEqual(40);
  await expect(chart.root.getByTestId("run-chart-markers-summary")).toBeVisible();
  await chart.root.getByTestId("run-events").locator("summary").click();
  await expect(chart.root.locator('[data-testid="run-event"][data-kind="compaction"]')).toHaveCount(compactions);

  // drag the brush's left end most of the way: the chart shows the last stretch only
  await chart.dragBrush(0, 0.85);
  await expect.poll(async () => (await chart.xRange())[0]).toBeGreaterThan(steps * 0.6);
  const [from, to] = await chart.xRange();
  expect(to).toBe(steps - 1);
  // redrawn from every call in the stretch, not the whole run's thinned points
  const drawn = Number(await chart.root.getAttribute("data-points"));
  expect(drawn).toBeGreaterThanOrEqual(Math.min(2_000, to - from + 1) * 0.9);
  const markersHere = run.result.events.filter((event) => event.type === "compaction-end" && event.step >= from && event.step <= to).length;
  await expect(chart.root).toHaveAttribute("data-markers-in-range", String(markersHere));
  const xTicks = (await chart.tickLabels("x")).map((label) => Number(label.replaceAll(",", "")));
  expect(xTicks.length).toBeGreaterThan(1);
  expect(Math.min(...xTicks)).toBeGreaterThanOrEqual(from);
  await keepScreenshot(page, testInfo, "run-chart-zoomed");

  // the keyboard moves a brush end too
  await chart.brushTravellers.nth(0).focus();
  await page.keyboard.press("ArrowLeft");
  await expect.poll(async () => (await chart.xRange())[0]).toBeLessThan(from);
  // and "whole run" resets
  await chart.root.getByTestId("run-chart-zoom-reset").click();
  await expect(chart.root).toHaveAttribute("data-x-from", "0");

  // the legend hides a line and shows it again, by mouse and by keyboard
  const lines = await chart.lines.count();
  const toggle = chart.root.getByTestId("legend-baseline");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(chart.lines).toHaveCount(lines - 1);
  await expect(chart.root.locator(".line-baseline path.recharts-line-curve")).toHaveCount(0);
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(chart.lines).toHaveCount(lines);
  // hiding the compactions takes their markers off
  await chart.root.getByTestId("legend-compactions").click();
  await expect(chart.root.locator(".marker-compaction")).toHaveCount(0);
});

test("a click without a hover opens the call under the pointer and scrolls the timeline to its message", async ({ page }) => {
  const chart = await openRun(page);
  const sessionPage = new SessionPage(page);
  await expect(sessionPage.messages.first()).toBeVisible({ timeout: 20_000 });
  const steps = run.result.steps.length;
  for (const fraction of [0.62, 0.2]) {
    await chart.root.scrollIntoViewIfNeeded();
    await chart.clickWithoutHover(fraction, 0.3);
    const expected = Math.round(fraction * (steps - 1));
    const input = page.getByTestId("view-step-input");
    await expect.poll(async () => Number(await input.inputValue()), { message: `the step under ${fraction} of the plot` }).toBeGreaterThan(expected - steps * 0.01);
    const opened = Number(await input.inputValue());
    expect(Math.abs(opened - expected)).toBeLessThanOrEqual(Math.ceil(steps * 0.01));
    const messageIndex = run.result.steps[opened].messageIndex;
    // the timeline came into view (it sits below the chart, under the fold at 1440×1000), at that message
    await expect(sessionPage.message(messageIndex)).toBeInViewport({ timeout: 20_000 });
  }

  // the session's own curve (no run open) lands where the pointer is too
  // the wire form of the curve is columnar: one array per field, indexed by step
  const detail = (await (await page.request.get(`/api/sessions/${session.id}`)).json()) as { contextCurve: { messageIndex: number[] } };
  await page.goto(`/sessions/${session.id}`);
  const curve = new TokenChart(page, page.getByTestId("context-chart"));
  await expect(curve.root).toBeVisible({ timeout: 30_000 });
  await expect(sessionPage.messages.first()).toBeVisible({ timeout: 20_000 });
  await curve.clickWithoutHover(0.8, 0.5);
  const calls = detail.contextCurve.messageIndex;
  expect(calls.length).toBeGreaterThan(2_000);
  await sessionPage.timeline.scrollIntoViewIfNeeded();
  // a pixel is ~4 calls wide here: the timeline shows the messages around that call's
  const target = calls[Math.round(0.8 * (calls.length - 1))];
  const shownSeqs = () =>
    sessionPage.timeline.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return [...element.querySelectorAll('[data-testid="message"]')]
        .filter((message) => message.getBoundingClientRect().bottom > box.top && message.getBoundingClientRect().top < box.bottom)
        .map((message) => Number(message.getAttribute("data-seq")));
    });
  await expect.poll(async () => (await shownSeqs()).some((seq) => Math.abs(seq - target) <= 12), { message: `messages near #${target} in the timeline`, timeout: 20_000 }).toBe(true);
});

test("the compare chart: the no-compaction configuration cut off by default, the brush zooms, the legend hides a line", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const compare = new ComparePage(page);
  await compare.goto(session.id);
  for (const id of ["none", "opencode", "pi"]) await compare.addStrategy(id);
  await compare.setWindow(WINDOW);
  await compare.run("done", 200_000);
  const chart = new TokenChart(page, compare.chart);
  await expect(compare.chartLines).toHaveCount(3);
  await expect(compare.chart.getByTestId("compare-chart-clipped")).toContainText("none");
  // the compacting configurations fill the plot instead of lying on the axis under none's line
  expect(await chart.lineHeightShare(compare.chart.locator(".compare-line-1 path.recharts-line-curve"))).toBeGreaterThan(0.2);

  const steps = Number(await compare.chart.getAttribute("data-steps"));
  await chart.dragBrush(1, -0.7);
  await expect.poll(async () => (await chart.xRange())[1]).toBeLessThan(steps * 0.5);
  expect((await chart.xRange())[0]).toBe(0);
  await keepScreenshot(page, testInfo, "compare-chart-zoomed");
  await compare.chart.getByTestId("compare-chart-zoom-reset").click();
  await expect(compare.chart).toHaveAttribute("data-x-to", String(steps - 1));

  const none = compare.legendItems.filter({ hasText: "none" }).getByRole("button");
  await none.click();
  await expect(none).toHaveAttribute("aria-pressed", "false");
  await expect(compare.chartLines).toHaveCount(2);
  await expect(compare.chart).toHaveAttribute("data-shown", "2");
  await none.press("Enter");
  await expect(compare.chartLines).toHaveCount(3);

  await compare.chart.getByTestId("compare-chart-y-scale-log").click();
  await expect(compare.chart).toHaveAttribute("data-y-scale", "log");
  await expect(compare.chart.getByTestId("compare-chart-clipped")).toHaveCount(0);
});
