import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { importThroughApi } from "./fixtures/api";
import { keepScreenshot } from "./fixtures/keep-screenshot";

/**
 * Every page of the lab, checked with axe-core (WCAG 2 A and AA rules) at a desktop and a phone size: no serious or
 * critical violation. A screenshot of each page at each size goes into the report (reports/screenshots).
 */

const VIEWPORTS = [
  { name: "1440x900", width: 1440, height: 900 },
  { name: "390x844", width: 390, height: 844 },
] as const;

interface PageUnderTest {
  name: string;
  path: string;
  /** what must be on screen before the page is checked (its data loaded) */
  ready: (page: Page) => Promise<void>;
}

let pages: PageUnderTest[] = [];

test.beforeAll(async ({ request }) => {
  const session = await importThroughApi(request, {
    name: "accessibility.json",
    body: JSON.stringify(exportOpenAI(generateSession({ seed: 31, messages: 160 }))),
    format: "openai",
  });
  const run = await request.post(`/api/sessions/${session.id}/runs`, { data: { strategy: "opencode", window: 30_000 } });
  expect(run.ok(), await run.text()).toBe(true);
  const runs = (await (await request.get(`/api/sessions/${session.id}/runs`)).json()).runs as { id: string }[];
  const shared = await request.post("/api/share-links", { data: { kind: "run", targetId: runs[0].id, label: "accessibility" } });
  expect(shared.ok(), await shared.text()).toBe(true);
  const { path: sharePath } = (await shared.json()) as { path: string };
  pages = [
    { name: "home", path: "/", ready: (page) => expect(page.getByTestId("home-intro")).toBeVisible() },
    { name: "session", path: `/sessions/${session.id}?run=${runs[0].id}`, ready: (page) => expect(page.getByTestId("run-chart")).toBeVisible({ timeout: 30_000 }) },
    { name: "compare", path: `/sessions/${session.id}/compare?preset=all`, ready: (page) => expect(page.getByTestId("config-count")).toBeVisible() },
    { name: "sweep", path: `/sessions/${session.id}/sweep`, ready: (page) => expect(page.locator("main")).toBeVisible() },
    { name: "multi-compare", path: "/compare", ready: (page) => expect(page.locator("main")).toBeVisible() },
    { name: "share-links", path: "/shares", ready: (page) => expect(page.locator("main")).toBeVisible() },
    { name: "shared-run", path: sharePath, ready: (page) => expect(page.locator("main")).toBeVisible() },
  ];
});

async function check(page: Page, testInfo: TestInfo, target: PageUnderTest, viewport: (typeof VIEWPORTS)[number]): Promise<void> {
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  await page.goto(target.path);
  await target.ready(page);
  await page.waitForLoadState("networkidle");
  await keepScreenshot(page, testInfo, `${target.name}-${viewport.name}`);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  const described = serious.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.slice(0, 5).map((node) => `    ${node.target.join(" ")} — ${node.failureSummary?.split("\n").slice(1).join(" ")}`).join("\n")}`,
  );
  expect(described, `${target.name} at ${viewport.name}`).toEqual([]);
}

for (const viewport of VIEWPORTS) {
  test(`every page at ${viewport.name}: no serious or critical axe violation`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const failures: string[] = [];
    for (const target of pages) {
      await test.step(target.name, async () => {
        try {
          await check(page, testInfo, target, viewport);
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        }
      });
    }
    expect(failures, failures.join("\n\n")).toEqual([]);
  });
}
