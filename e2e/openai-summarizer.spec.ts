import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { checkRadio } from "./fixtures/check-radio";
import { importThroughApi, type UploadedSession } from "./fixtures/api";
import { keepScreenshot } from "./fixtures/keep-screenshot";
import { ComparePage } from "./pages/compare-page";
import { PlaygroundPanel } from "./pages/playground-panel";
import { SessionPage } from "./pages/session-page";

/**
 * Any model as summarizer, end to end in Chromium: the app's server is configured for the fake Anthropic server and
 * the fake OpenAI-compatible server (two endpoints, two providers). One comparison pairs the same strategy with a
 * model of each; the playground runs on the OpenAI-compatible model. The real SDKs talk to the fakes over HTTP.
 */

test.describe.configure({ mode: "serial" });

let session: UploadedSession;
test.beforeAll(async ({ request }) => {
  session = await importThroughApi(request, { name: "generated-openai-e2e.json", body: JSON.stringify(exportOpenAI(generateSession({ seed: 26, messages: 300 }))), format: "openai" });
});
test.afterAll(async ({ request }) => {
  expect((await request.delete(`/api/sessions/${session.id}`)).ok()).toBe(true);
});

test("GET /api/summarizers lists the configured endpoints and their models, never a key", async ({ request }) => {
  const response = await request.get("/api/summarizers");
  expect(response.ok()).toBe(true);
  const text = await response.text();
  expect(text).not.toContain("e2e-dummy");
  const { summarizers } = JSON.parse(text) as { summarizers: { provider: string; configured: boolean; models: string[]; baseUrl: string | null }[] };
  const openai = summarizers.find((entry) => entry.provider === "openai")!;
  expect(openai.configured).toBe(true);
  expect(openai.models).toEqual(["fake-gpt-mini", "fake-qwen-local"]);
  expect(summarizers.find((entry) => entry.provider === "anthropic")?.configured).toBe(true);
});

test("one comparison, one strategy, two summarizer models on two endpoints: both rows with their figures and costs", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const compare = new ComparePage(page);
  await compare.goto(session.id);
  await compare.addStrategy("pi");
  await compare.addStrategy("pi");
  await compare.setWindow(30_000);
  const pickers = page.getByTestId("config-summarizer");
  await expect(pickers.first().locator("option", { hasText: "fake-qwen-local" })).toHaveCount(1);
  await pickers.nth(0).selectOption({ label: "Anthropic · claude-haiku-4-5" });
  const openaiOption = pickers.nth(1).locator("option", { hasText: "fake-qwen-local" });
  await pickers.nth(1).selectOption({ label: (await openaiOption.textContent())! });
  await compare.run("done", 90_000);
  await keepScreenshot(page, testInfo, "compare-two-summarizer-models");

  const haiku = compare.rowByLabel("pi · claude-haiku-4-5");
  const qwen = compare.rowByLabel("pi · fake-qwen-local");
  for (const row of [haiku, qwen]) {
    await expect(row).toHaveAttribute("data-phase", "done");
    await expect(row.getByTestId("cell-compactions")).not.toHaveText("0");
    await expect(row.getByTestId("cell-summarizer-failures")).toHaveText("0");
  }
  // Haiku is in the dated price table; a local model's price is unknown, shown as unknown rather than guessed
  await expect(haiku.getByTestId("cell-cost")).toHaveText(/^\$\d+\.\d{4}$/);
  await expect(qwen.getByTestId("cell-cost")).toHaveText("—");

  // each configuration's run was stored with its own summarizer, and its summaries are that endpoint's text
  const href = await qwen.getByTestId("compare-row-link").getAttribute("href");
  const runId = new URL(href!, "http://x").searchParams.get("run")!;
  const detail = await (await request.get(`/api/runs/${runId}`)).json();
  expect((detail.run ?? detail).options).toMatchObject({ summarizer: "openai", model: "fake-qwen-local", baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1$/) });
  expect(JSON.stringify(detail)).not.toContain("e2e-dummy");
});

test("the playground runs with an OpenAI-compatible model picked from the endpoint's list", async ({ page, request }) => {
  const sessionPage = new SessionPage(page);
  const playground = new PlaygroundPanel(page);
  await sessionPage.goto(session.id);
  await playground.waitForPanel();
  await playground.pickStrategy("pi");
  await playground.setWindow(30_000);
  await checkRadio(page.getByTestId("summarizer-openai"));
  await expect(page.getByTestId("model-input")).toHaveValue("fake-gpt-mini");
  await playground.setModel("fake-qwen-local");
  await playground.run("done");
  await expect(playground.runRows.first()).toContainText("fake-qwen-local");
  const runs = (await (await request.get(`/api/sessions/${session.id}/runs`)).json()).runs as { id: string; options: { summarizer: string } }[];
  const latest = runs.find((run) => run.options.summarizer === "openai")!;
  const detail = await (await request.get(`/api/runs/${latest.id}`)).json();
  const summaries = (detail.result?.events ?? []).filter((event: { type: string; summary?: string }) => event.type === "compaction-end" && event.summary);
  expect(summaries.length).toBeGreaterThan(0);
  expect(summaries[0].summary).toContain("[fake-openai summary]");
});
