import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { importThroughApi, type UploadedSession } from "./fixtures/api";

/**
 * Every main page at a phone's 390×844 (issue #42, item 1), with its data loaded — a run open on the session page,
 * finished comparisons on both compare pages, a finished recommendation, a share link: the document is never wider
 * than the viewport (wide tables and charts scroll inside their own box), the number inputs and the nav's links are
 * inside the viewport, and the session page shows its header and chart before the strategy settings.
 */

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });
test.describe.configure({ mode: "serial" });

interface PageUnderTest {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
}

let session: UploadedSession;
let pages: PageUnderTest[] = [];

/** Reads an NDJSON comparison stream to its end; the `started` line carries the stored comparison's id. */
async function comparisonThroughApi(request: APIRequestContext, url: string, data: unknown): Promise<string> {
  const response = await request.post(url, { data, timeout: 120_000 });
  expect(response.ok(), await response.text()).toBe(true);
  const lines = (await response.text()).trim().split("\n").map((line) => JSON.parse(line) as { type: string; comparisonId?: string });
  expect(lines.at(-1)?.type).toBe("done");
  const started = lines.find((line) => line.type === "started");
  expect(started?.comparisonId).toBeTruthy();
  return started!.comparisonId!;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  session = await importThroughApi(request, {
    name: "phone-layout.json",
    body: JSON.stringify(exportOpenAI(generateSession({ seed: 42, messages: 200 }))),
    format: "openai",
  });
  const run = await request.post(`/api/sessions/${session.id}/runs`, { data: { strategy: "opencode", window: 30_000 } });
  expect(run.ok(), await run.text()).toBe(true);
  const runs = (await (await request.get(`/api/sessions/${session.id}/runs`)).json()).runs as { id: string }[];
  const shared = await request.post("/api/share-links", { data: { kind: "run", targetId: runs[0].id, label: "phone layout" } });
  expect(shared.ok(), await shared.text()).toBe(true);
  const { path: sharePath } = (await shared.json()) as { path: string };
  const configs = [{ strategy: "opencode" }, { strategy: "pi" }, { strategy: "codex" }];
  const comparison = await comparisonThroughApi(request, `/api/sessions/${session.id}/compare`, { window: 30_000, configs });
  const multi = await comparisonThroughApi(request, "/api/compare/multi", { window: 30_000, sessionIds: [session.id], configs });
  const started = await request.post("/api/recommendations", {
    data: { sessionIds: [session.id], strategies: ["pi", "codex"], windows: [30_000], shares: [0.5, 0.8], floor: 0.5, costModel: "claude-sonnet-4-5" },
  });
  expect(started.status(), await started.text()).toBe(202);
  const recommendation = ((await started.json()) as { id: string }).id;
  await expect
    .poll(async () => ((await (await request.get(`/api/recommendations/${recommendation}`)).json()) as { state: string }).state, { timeout: 120_000 })
    .toBe("done");

  const main = (page: Page) => expect(page.locator("main")).toBeVisible();
  pages = [
    { name: "home", path: "/", ready: (page) => expect(page.getByTestId("home-intro")).toBeVisible() },
    { name: "session", path: `/sessions/${session.id}`, ready: (page) => expect(page.getByTestId("strategy-panel")).toBeVisible({ timeout: 30_000 }) },
    { name: "session with a run", path: `/sessions/${session.id}?run=${runs[0].id}`, ready: (page) => expect(page.getByTestId("run-chart")).toBeVisible({ timeout: 30_000 }) },
    { name: "session compare", path: `/sessions/${session.id}/compare?comparison=${comparison}`, ready: (page) => expect(page.getByTestId("compare-row")).toHaveCount(3, { timeout: 30_000 }) },
    { name: "compare sessions", path: "/compare", ready: main },
    { name: "compare sessions with results", path: `/compare?comparison=${multi}`, ready: (page) => expect(page.getByTestId("compare-row").first()).toBeVisible({ timeout: 30_000 }) },
    { name: "recommend", path: "/recommend", ready: (page) => expect(page.getByTestId("recommend-run")).toBeVisible() },
    { name: "recommend with a result", path: `/recommend?id=${recommendation}`, ready: (page) => expect(page.getByTestId("recommend-verdict")).toBeVisible({ timeout: 30_000 }) },
    { name: "share links", path: "/shares", ready: main },
    { name: "shared run", path: sharePath, ready: main },
  ];
});

/** The elements sticking out past the viewport's right edge (outside any box that scrolls them), for the failure message. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrolls = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === "auto" || overflowX === "scroll" || overflowX === "hidden" || overflowX === "clip") return true;
      }
      return false;
    };
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      const box = element.getBoundingClientRect();
      if (box.right <= width + 0.5 || box.width === 0 || scrolls(element)) continue;
      const parent = element.parentElement;
      // the outermost offender only: its parent fits
      if (parent && parent.getBoundingClientRect().right > width + 0.5 && !scrolls(parent)) continue;
      const testId = element.getAttribute("data-testid");
      found.push(`${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ""}.${String(element.getAttribute("class") ?? "").split(" ").slice(0, 4).join(".")} right=${Math.round(box.right)}`);
    }
    return found.slice(0, 12);
  });
}

test("no main page is wider than a 390 px phone; its number inputs and nav links are inside the viewport", async ({ page }) => {
  test.setTimeout(180_000);
  const failures: string[] = [];
  for (const target of pages) {
    await test.step(target.name, async () => {
      await page.goto(target.path);
      await target.ready(page);
      await page.waitForLoadState("networkidle");
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
      if (scrollWidth > innerWidth) failures.push(`${target.name} (${target.path}): ${scrollWidth} px wide at ${innerWidth}: ${(await overflowing(page)).join(", ")}`);
      // every number input and every link of the site's nav can be reached without scrolling sideways
      const cut = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('input[type="number"], header nav a, header a'))
          .filter((element) => element.offsetParent !== null)
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return box.left < -0.5 || box.right > window.innerWidth + 0.5;
          })
          .map((element) => element.getAttribute("data-testid") ?? element.textContent?.trim() ?? element.tagName),
      );
      if (cut.length > 0) failures.push(`${target.name}: cut off at the viewport's edge: ${cut.join(", ")}`);
    });
  }
  expect(failures, failures.join("\n")).toEqual([]);
});

test("on a phone the session page shows its header and chart before the strategy settings", async ({ page }) => {
  await page.goto(`/sessions/${session.id}`);
  const header = page.getByTestId("session-header");
  const chart = page.getByTestId("context-chart");
  const settings = page.getByTestId("strategy-panel");
  await expect(settings).toBeVisible({ timeout: 30_000 });
  const top = async (locator: typeof header) => (await locator.boundingBox())!.y;
  const [headerTop, chartTop, settingsTop] = [await top(header), await top(chart), await top(settings)];
  expect(headerTop).toBeLessThan(chartTop);
  expect(chartTop).toBeLessThan(settingsTop);
  // the header and the chart's top are on the first screen
  expect(headerTop).toBeLessThan(PHONE.height);
  expect(chartTop).toBeLessThan(PHONE.height);
});
