import fs from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { checkRadio } from "./fixtures/check-radio";
import { importFileThroughApi, importThroughApi, type UploadedSession } from "./fixtures/api";
import { keepScreenshot } from "./fixtures/keep-screenshot";
import { sharedTranscript } from "./fixtures/shared-transcripts";
import { CompareMultiPage } from "./pages/compare-multi-page";
import { ComparePage } from "./pages/compare-page";
import { CompareSweepPage } from "./pages/compare-sweep-page";

/**
 * The compare workbench end to end in Chromium against the real routes and a fresh SQLite file: every strategy at
 * its defaults on a real pi session (rows, overlaid curves, CSV export, settings snippet, lost probes), a refused
 * comparison naming the field, a 2×2 sweep whose cell opens its run, a comparison over two sessions with the
 * aggregate, and the user's own probes (a regex that does not compile is refused with the API's message).
 */

async function uploadGenerated(request: APIRequestContext, options: { seed: number; messages: number }): Promise<UploadedSession> {
  return importThroughApi(request, {
    name: `generated-${options.seed}-${options.messages}.json`,
    body: JSON.stringify(exportOpenAI(generateSession(options))),
    format: "openai",
  });
}

test.describe.configure({ mode: "serial" });

let small: UploadedSession;
/** sessions imported here from ../shared, deleted at the end: other specs count the rows of the same files */
const importedShared: string[] = [];

test.beforeAll(async ({ request }) => {
  small = await uploadGenerated(request, { seed: 21, messages: 300 });
});

test.afterAll(async ({ request }) => {
  for (const id of importedShared) expect((await request.delete(`/api/sessions/${id}`)).ok()).toBe(true);
});

test("every strategy at its defaults on a real pi session: rows with figures, one curve each, CSV export, snippet, lost probes", async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const file = sharedTranscript("pi/pi-mono__large-session.jsonl");
  const session = await importFileThroughApi(request, file);
  importedShared.push(session.id);
  // every strategy the lab replays itself: the providers' own compaction runs only when picked by name, with a key
  const strategies = ((await (await request.get("/api/strategies")).json()).strategies as { id: string; source: { kind: string }; provider: string | null }[]).filter(
    (strategy) => !strategy.provider,
  );
  const seedsAndPeers = strategies.filter((strategy) => strategy.source.kind === "seed" || strategy.source.kind === "peer").map((strategy) => strategy.id);
  expect(seedsAndPeers.length).toBeGreaterThanOrEqual(11);

  const compare = new ComparePage(page);
  await compare.goto(session.id);
  await compare.allStrategiesAtDefaults();
  await expect(compare.configCards).toHaveCount(strategies.length);
  await compare.run("done", 75_000);
  await keepScreenshot(page, testInfo, "compare-all-defaults");

  await expect(compare.rows).toHaveCount(strategies.length);
  for (const id of seedsAndPeers) {
    const row = compare.row(id);
    await expect(row, id).toHaveAttribute("data-phase", "done");
    await expect(row.getByTestId("cell-peak"), id).toHaveText(/^\d[\d.]*[KM]?$/);
    await expect(row.getByTestId("cell-sent"), id).toHaveText(/^\d[\d.]*[KM]?$/);
    await expect(row.getByTestId("cell-retention"), id).toHaveAttribute("data-score", /^(0(\.\d+)?|1)$/);
    await expect(row.getByTestId("cell-recall"), id).toHaveAttribute("data-score", /^(0(\.\d+)?|1)$/);
    // its 95% interval, drawn as an error bar, and its rank (tied where intervals overlap)
    await expect(row.getByTestId("cell-recall"), id).toHaveAttribute("data-low", /^(0(\.\d+)?|1)$/);
    await expect(row.getByTestId("cell-recall-error-bar"), id).toBeAttached();
    await expect(row.getByTestId("cell-rank"), id).toHaveText(/^(tied )?\d+(st|nd|rd|th)$/);
    await expect(row.getByTestId("compare-row-link"), id).toHaveAttribute("href", new RegExp(`^/sessions/${session.id}\\?run=[\\w-]+$`));
  }
  // one line per configuration on one chart, each named in the legend
  await expect(compare.chart).toHaveAttribute("data-series", String(strategies.length));
  await expect(compare.chartLines).toHaveCount(strategies.length);
  await expect(compare.legendItems).toHaveCount(strategies.length);

  // the table as CSV: a header and one record per configuration
  const download = await compare.exportCsv();
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  const records = csv.trimEnd().split("\r\n");
  expect(records[0]).toMatch(/^config,strategy,window,/);
  expect(records).toHaveLength(strategies.length + 1);
  const header = records[0].split(",");
  const noneRecord = records.find((record) => record.startsWith("none,"))!.split(",");
  expect(noneRecord[header.indexOf("tokensSavedVsNone")]).toBe("0");
  await testInfo.attach("compare.csv", { body: csv, contentType: "text/csv" });

  // the settings snippet of the agent pi mirrors
  await compare.row("pi").getByTestId("snippet-toggle").click();
  await expect(page.getByTestId("settings-snippet")).toContainText("Settings for");
  await expect(page.getByTestId("settings-snippet-text")).not.toBeEmpty();
  await keepScreenshot(page, testInfo, "compare-snippet");

  // what a summarizing strategy lost, probe by probe
  await expect(page.getByTestId("extracted-count")).toHaveText(/[1-9][\d,]* probes/);
  await compare.row("micro-agent").getByTestId("select-lost-probes").click();
  await expect(compare.lostProbes).toHaveAttribute("data-config", "micro-agent");
  await expect(page.getByTestId("lost-count")).toHaveAttribute("data-lost", /^[1-9]\d*$/);
  await compare.lostProbes.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, "compare-lost-probes");
});

test("the Pareto chart: one point per configuration, the frontier drawn, dominated ones faded, a click or Enter opens the run", async ({ page }, testInfo) => {
  const compare = new ComparePage(page);
  await compare.goto(small.id);
  for (const id of ["none", "observation-masking", "pi", "evidence"]) await compare.addStrategy(id);
  await compare.setWindow(20_000);
  await compare.run("done");

  const chart = page.getByTestId("pareto-chart");
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute("data-points", "4");
  const points = chart.getByTestId("pareto-point");
  await expect(points).toHaveCount(4);
  const frontier = chart.locator('[data-testid="pareto-point"][data-frontier="true"]');
  expect(await frontier.count()).toBeGreaterThanOrEqual(1);
  await expect(chart).toHaveAttribute("data-frontier", String(await frontier.count()));
  // the frontier line: a path through the frontier's points (recharts draws a Scatter's line as a curve)
  await expect(chart.locator(".pareto-frontier path").first()).toBeAttached();
  await expect(chart.getByTestId("pareto-frontier-list")).toContainText("On the frontier:");
  // quality is continuation recall by default, on one exam for every row: none never cuts its context, but its calls
  // past the 20K window would be refused, so it loses those checkpoints (said in its cell)
  await expect(chart).toHaveAttribute("data-quality", "recall");
  await expect(chart.locator('[data-testid="pareto-point"][data-config="none"]')).toHaveAttribute("aria-label", /^none: \d+\.\d% recall/);
  await expect(compare.row("none").getByTestId("cell-recall")).toContainText(/\d+ refused/);
  // each point carries its interval (the whisker)
  for (const point of await points.all()) expect(Number(await point.getAttribute("data-low"))).toBeLessThanOrEqual(Number(await point.getAttribute("data-high")));
  // the other quality axis: the lab's own extracted probes, every point placed again with its own frontier
  await chart.getByTestId("pareto-quality-probes").click();
  await expect(chart).toHaveAttribute("data-quality", "probes");
  await expect(points).toHaveCount(4);
  await expect(chart.locator('[data-testid="pareto-point"][data-config="none"]')).toHaveAttribute("aria-label", /^none: 100\.0% probes/);
  expect(await frontier.count()).toBeGreaterThanOrEqual(1);
  await chart.getByTestId("pareto-quality-recall").click();
  await expect(chart).toHaveAttribute("data-quality", "recall");
  await chart.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, "compare-pareto");

  // every point with a run is in the tab order (faded, dominated ones too: not only the frontier's list of links)
  for (const point of await points.all()) await expect(point).toHaveAttribute("tabindex", "0");
  await points.first().focus();
  await expect(points.first()).toBeFocused();

  // the other axis: the final context
  await chart.getByTestId("pareto-axis-final").click();
  await expect(chart).toHaveAttribute("data-axis", "final");
  await expect(points).toHaveCount(4);

  // a click on a point opens its run in the playground
  await chart.locator('[data-testid="pareto-point"][data-config="evidence"] circle').click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${small.id}\\?run=[\\w-]+$`), { timeout: 20_000 });
  await expect(page.getByTestId("view-bar")).toContainText("evidence", { timeout: 20_000 });

  // and so does Enter on a focused point
  await page.goBack();
  const pi = page.getByTestId("pareto-chart").locator('[data-testid="pareto-point"][data-config="pi"]');
  await pi.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/sessions/${small.id}\\?run=[\\w-]+$`), { timeout: 20_000 });
  await expect(page.getByTestId("view-bar")).toContainText("pi", { timeout: 20_000 });
});

test("every strategy at defaults on a large window: the tie with none is said plainly, one click tries a window the session overflows, Pareto labels never pile up", async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const compare = new ComparePage(page);
  await compare.goto(small.id);
  await compare.allStrategiesAtDefaults();
  await compare.setWindow(258_400);
  await compare.run("done", 90_000);

  const hint = page.getByTestId("idle-strategies-hint");
  await expect(hint).toContainText(/(\d+) of (\d+) strategies never triggered/);
  await expect(hint).toContainText("258,400-token window");
  const [, idleBefore] = /(\d+) of \d+ strategies never triggered/.exec((await hint.textContent())!)!;
  await expectLabelsApart(page);
  await page.getByTestId("pareto-chart").scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, "compare-idle-hint");

  // one click: the suggested window goes into the form and the same configurations run again
  const button = page.getByTestId("try-smaller-window");
  const suggested = Number(/([\d,]+) tokens/.exec((await button.textContent())!)![1].replaceAll(",", ""));
  expect(suggested).toBeLessThan(258_400);
  await button.click();
  await expect(compare.progress).toHaveAttribute("data-phase", "done", { timeout: 90_000 });
  await expect(page.getByTestId("compare-window")).toHaveValue(String(suggested));
  await expect(compare.row("none")).toHaveAttribute("data-phase", "done");
  // at a window the session overflows, fewer strategies sit idle (usually none, and then the hint is gone)
  const after = (await hint.count()) === 0 ? 0 : Number(/(\d+) of/.exec((await hint.textContent())!)![1]);
  expect(after).toBeLessThan(Number(idleBefore));
  await expectLabelsApart(page);
});

/** No two of the Pareto chart's labels overlap, and tied or unlabelled points are named in the legend. */
async function expectLabelsApart(page: import("@playwright/test").Page) {
  const chart = page.getByTestId("pareto-chart");
  await expect(chart.getByTestId("pareto-point").first()).toBeAttached();
  const boxes = (await chart.getByTestId("pareto-label").evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().toJSON()))) as DOMRect[];
  expect(boxes.length).toBeGreaterThan(0);
  for (const [index, a] of boxes.entries()) {
    for (const b of boxes.slice(index + 1)) {
      const overlap = a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
      expect(overlap, `labels overlap: ${JSON.stringify([a, b])}`).toBe(false);
    }
  }
  // nor does a label cover another configuration's point
  const covered = await chart.getByTestId("pareto-point").evaluateAll((groups) => {
    const hits: string[] = [];
    for (const group of groups) {
      const label = group.querySelector('[data-testid="pareto-label"]');
      if (!label) continue;
      const box = label.getBoundingClientRect();
      for (const other of groups) {
        if (other === group) continue;
        const circle = other.querySelector("circle")!.getBoundingClientRect();
        if (box.left < circle.right - 2 && circle.left < box.right - 2 && box.top < circle.bottom - 2 && circle.top < box.bottom - 2) hits.push(`${group.getAttribute("data-config")} over ${other.getAttribute("data-config")}`);
      }
    }
    return hits;
  });
  expect(covered).toEqual([]);
  const points = await chart.getByTestId("pareto-point").count();
  if (boxes.length < points) await expect(chart.getByTestId("pareto-legend")).toBeVisible();
}

test("a refused comparison shows the API's message naming the field", async ({ page, consoleErrors }) => {
  consoleErrors.expect(/status of 400 .*\/compare\)$/);
  const compare = new ComparePage(page);
  await compare.goto(small.id);
  await compare.addStrategy("none");
  await compare.addStrategy("pi");
  await compare.settingInput(compare.configCards.nth(1), "keepRecentTokens").fill("-5");
  await compare.runButton.click();
  await expect(compare.error).toBeVisible();
  await expect(compare.error).toContainText(/configs\.1|keepRecentTokens/);
});

test("the anthropic summarizer (fake server) gives cost and judged retention; a slow comparison can be cancelled", async ({ page }, testInfo) => {
  const compare = new ComparePage(page);
  await compare.goto(small.id);
  await compare.addStrategy("none");
  await compare.addStrategy("pi");
  await compare.setWindow(30_000);
  await checkRadio(page.getByTestId("compare-summarizer-anthropic"));
  await page.getByTestId("compare-judge").check();
  await expect(page.getByTestId("compare-model")).toHaveValue("claude-haiku-4-5");
  await compare.run("done");
  const pi = compare.row("pi");
  await expect(pi.getByTestId("cell-compactions")).not.toHaveText("0");
  await expect(pi.getByTestId("cell-cost")).toHaveText(/^\$\d+\.\d{4}$/);
  await expect(pi.getByTestId("cell-judged")).toHaveAttribute("data-score", /^(0(\.\d+)?|1)$/);
  await keepScreenshot(page, testInfo, "compare-anthropic-judged");

  // the fake server's slow behaviour (a model named fake-slow) keeps the summarizing configuration going
  await page.getByTestId("compare-judge").uncheck();
  await page.getByTestId("compare-model").fill("fake-slow");
  await compare.runButton.click();
  await expect(page.locator('[data-testid="config-progress"][data-phase="running"]')).not.toHaveCount(0, { timeout: 20_000 });
  await page.getByTestId("compare-cancel").click();
  await expect(compare.progress).toHaveAttribute("data-phase", "cancelled", { timeout: 30_000 });
  await expect(compare.rowByLabel("pi")).toHaveAttribute("data-phase", "cancelled");
});

test("a comparison is a job: reloading the page follows it again — the finished row comes back, the running one goes on to its row", async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const compare = new ComparePage(page);
  await compare.goto(small.id);
  await compare.addStrategy("trim-messages");
  await compare.addStrategy("pi");
  // 6 pi compactions on this session at 45,000 (40 at 30,000), each summary 5 s from the fake server's slow model:
  // long enough to reload mid-run, short enough to finish; trim-messages never summarizes
  await compare.setWindow(45_000);
  await checkRadio(page.getByTestId("compare-summarizer-anthropic"));
  await page.getByTestId("compare-model").fill("fake-slow");
  await compare.runButton.click();
  await expect(compare.rowByLabel("trim-messages")).toHaveAttribute("data-phase", "done", { timeout: 30_000 });
  await expect(compare.rowByLabel("pi")).toHaveAttribute("data-phase", "running", { timeout: 30_000 });
  await expect(page).toHaveURL(/[?&]comparison=/);
  const url = page.url();

  await page.reload();
  expect(page.url()).toBe(url);
  // the stored row is back at once; the running job is followed from the database until its row arrives
  await expect(compare.rowByLabel("trim-messages")).toHaveAttribute("data-phase", "done", { timeout: 20_000 });
  await expect(compare.rowByLabel("pi")).toHaveAttribute("data-phase", /running|waiting/);
  await expect(compare.progress).toHaveAttribute("data-phase", "running");
  // the builder and the shared options show what the comparison was asked, not an empty page
  await expect(page.getByTestId("config-count")).toHaveText("2 of 24");
  await expect(page.getByTestId("compare-summarizer-anthropic")).toBeChecked();
  await expect(page.getByTestId("compare-model")).toHaveValue("fake-slow");
  await expect(page.getByTestId("compare-window")).toHaveValue("45000");
  await keepScreenshot(page, testInfo, "compare-followed-after-reload");
  await expect(compare.progress).toHaveAttribute("data-phase", "done", { timeout: 90_000 });
  await expect(compare.rowByLabel("pi")).toHaveAttribute("data-phase", "done");
  await expect(compare.row("pi").getByTestId("cell-compactions")).not.toHaveText("0");
});

test("a 2×2 sweep gives four cells; a cell opens its run in the playground; a reload brings the sweep back", async ({ page, request }, testInfo) => {
  const sweep = new CompareSweepPage(page);
  await sweep.goto(small.id);
  await sweep.pickStrategy("pi");
  await sweep.setAxis("x", { key: "keepRecentTokens", from: 2_000, to: 8_000, steps: 2 });
  await sweep.setAxis("y", { key: "reserveTokens", from: 4_000, to: 16_000, steps: 2 });
  await sweep.setWindow(30_000);
  await expect(sweep.runButton).toHaveText("Run 4 cells");
  await sweep.run();
  await expect(sweep.cells).toHaveCount(4);
  await expect(page.locator('[data-testid="sweep-cell"][data-state="done"]')).toHaveCount(4);
  await checkRadio(page.getByTestId("sweep-metric-totalTokensSent"));
  await keepScreenshot(page, testInfo, "compare-sweep");

  const cell = sweep.cell(8_000, 4_000);
  const href = (await cell.getAttribute("href"))!;
  const runId = new URL(href, "http://x").searchParams.get("run")!;
  const run = await (await request.get(`/api/runs/${runId}`)).json();
  const summary = run.run ?? run;
  expect(summary.strategyId).toBe("pi");
  expect(summary.settings).toMatchObject({ keepRecentTokens: 8_000, reserveTokens: 4_000 });
  await cell.click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${small.id}\\?run=${runId}$`));
  await expect(page.getByTestId("strategy-panel")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("run-chart")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("compare-strategies-link")).toBeVisible();
  // back from the run: the sweep and its results are still there
  await page.goBack();
  await expect(page.locator('[data-testid="sweep-cell"][data-state="done"]')).toHaveCount(4);
  await expect(page.getByTestId("sweep-x-from")).toHaveValue("2000");

  // a reload starts with nothing in memory: the stored sweep (?comparison=) brings back its heatmap, form and options
  await expect(page).toHaveURL(/[?&]comparison=/);
  await page.reload();
  await expect(page.locator('[data-testid="sweep-cell"][data-state="done"]')).toHaveCount(4, { timeout: 20_000 });
  await expect(sweep.cell(8_000, 4_000)).toHaveAttribute("href", href);
  await expect(page.getByTestId("sweep-strategy")).toHaveValue("pi");
  await expect(page.getByTestId("sweep-x-key")).toHaveValue("keepRecentTokens");
  await expect(page.getByTestId("sweep-x-from")).toHaveValue("2000");
  await expect(page.getByTestId("sweep-x-to")).toHaveValue("8000");
  await expect(page.getByTestId("sweep-y-key")).toHaveValue("reserveTokens");
  await expect(page.getByTestId("sweep-y-steps")).toHaveValue("2");
  await expect(page.getByTestId("compare-window")).toHaveValue("30000");
  await expect(sweep.runButton).toHaveText("Run 4 cells");
});

test("a configuration set over two sessions gives per-session rows and the aggregate", async ({ page, request }, testInfo) => {
  const other = await uploadGenerated(request, { seed: 22, messages: 200 });
  const multi = new CompareMultiPage(page);
  await multi.goto();
  await multi.pickSession(small.id);
  await multi.pickSession(other.id);
  await multi.addStrategy("none");
  await multi.addStrategy("trim-messages");
  await multi.run();
  await expect(multi.sessionResults).toHaveCount(2);
  for (const result of await multi.sessionResults.all()) await expect(result.getByTestId("compare-row")).toHaveCount(2);
  await expect(multi.aggregateRows).toHaveCount(2);
  const trim = multi.aggregate.locator('[data-config="trim-messages"]');
  await expect(trim).toContainText("2");
  await expect(trim.getByTestId("worst-retention")).toHaveAttribute("data-score", /^(0(\.\d+)?|1)$/);
  await keepScreenshot(page, testInfo, "compare-multi");
});

test("user probes: add a text probe, a regex that does not compile is refused with the API's message, delete", async ({ page, consoleErrors }) => {
  consoleErrors.expect(/status of 400 .*\/probes/);
  const compare = new ComparePage(page);
  await compare.goto(small.id);
  await expect(compare.probes).toBeVisible();
  await compare.addUserProbe("text", "release notes", "the release");
  await expect(compare.userProbes).toHaveCount(1);
  await expect(compare.userProbes.first()).toContainText("release notes");
  await compare.addUserProbe("regex", "(unclosed");
  await expect(compare.userProbeError).toBeVisible();
  await expect(compare.userProbeError).toContainText(/pattern/i);
  await expect(compare.userProbes).toHaveCount(1);
  await compare.userProbes.first().getByTestId("user-probe-delete").click();
  await expect(compare.userProbes).toHaveCount(0);
});
