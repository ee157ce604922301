import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { importThroughApi, type UploadedSession } from "./fixtures/api";
import { keepScreenshot } from "./fixtures/keep-screenshot";
import { ComparePage } from "./pages/compare-page";
import { SessionPage } from "./pages/session-page";

/**
 * The providers' own compaction beside the lab's strategies, end to end in Chromium: the app's server is configured
 * for the fake Anthropic server (server-side compaction) and the fake OpenAI-compatible server (/responses/compact).
 * One comparison holds pi with two summarizer models on the two endpoints, anthropic-compaction and openai-compaction;
 * every row finishes with its figures and costs, and the OpenAI run's timeline shows the opaque item with its size.
 */

test.describe.configure({ mode: "serial" });

let session: UploadedSession;
test.beforeAll(async ({ request }) => {
  // ~158,000 tokens: past every trigger below at a 100,000-token window
  session = await importThroughApi(request, { name: "generated-provider-compaction-e2e.json", body: JSON.stringify(exportOpenAI(generateSession({ seed: 27, messages: 600 }))), format: "openai" });
});
test.afterAll(async ({ request }) => {
  expect((await request.delete(`/api/sessions/${session.id}`)).ok()).toBe(true);
});

test("GET /api/strategies lists both providers' compaction, runnable here (the server holds both keys)", async ({ request }) => {
  const { strategies } = (await (await request.get("/api/strategies")).json()) as { strategies: { id: string; provider: string | null; unavailable: string | null; opaque: boolean }[] };
  expect(strategies.find((strategy) => strategy.id === "anthropic-compaction")).toMatchObject({ provider: "anthropic", unavailable: null, opaque: false });
  expect(strategies.find((strategy) => strategy.id === "openai-compaction")).toMatchObject({ provider: "openai", unavailable: null, opaque: true });
  expect(strategies.find((strategy) => strategy.id === "pi")).toMatchObject({ provider: null, unavailable: null });
});

test("one comparison: pi with two summarizer models on two endpoints, and the two providers' compaction; results, costs, the opaque block", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const compare = new ComparePage(page);
  await compare.goto(session.id);
  await compare.addStrategy("pi");
  await compare.addStrategy("pi");
  await compare.addStrategy("anthropic-compaction");
  await compare.addStrategy("openai-compaction");
  await compare.setWindow(100_000);
  const cards = page.getByTestId("config-card");
  const pickers = page.getByTestId("config-summarizer");
  await expect(pickers.first().locator("option", { hasText: "fake-qwen-local" })).toHaveCount(1);
  await pickers.nth(0).selectOption({ label: "Anthropic · claude-haiku-4-5" });
  const qwen = pickers.nth(1).locator("option", { hasText: "fake-qwen-local" });
  await pickers.nth(1).selectOption({ label: (await qwen.textContent())! });

  // a provider strategy is paired with its own provider's models only
  await expect(pickers.nth(2).locator("option", { hasText: "fake-qwen-local" })).toHaveCount(0);
  await pickers.nth(2).selectOption({ label: "Anthropic · claude-haiku-4-5" });
  await expect(pickers.nth(3).locator("option", { hasText: "Anthropic" })).toHaveCount(0);
  await pickers.nth(3).selectOption({ label: (await pickers.nth(3).locator("option", { hasText: "fake-gpt-mini" }).textContent())! });
  await expect(cards.nth(3).getByTestId("config-opaque-note")).toContainText("continuation recall and probes cannot read it");
  // the API's lowest trigger, so Anthropic's compaction fires within the 100,000-token window
  await compare.settingInput(cards.nth(2), "triggerTokens").fill("50000");

  await compare.run("done", 150_000);
  await keepScreenshot(page, testInfo, "compare-provider-compaction");

  const rows = {
    haiku: compare.rowByLabel("pi · claude-haiku-4-5"),
    qwen: compare.rowByLabel("pi · fake-qwen-local"),
    anthropic: compare.rowByLabel("anthropic-compaction triggerTokens=50000 · claude-haiku-4-5"),
    openai: compare.rowByLabel("openai-compaction · fake-gpt-mini"),
  };
  for (const row of Object.values(rows)) {
    await expect(row).toHaveAttribute("data-phase", "done");
    await expect(row.getByTestId("cell-compactions")).not.toHaveText("0");
    await expect(row.getByTestId("cell-summarizer-failures")).toHaveText("0");
  }
  // Haiku's calls are priced from the dated table, the providers' compaction included; the fake OpenAI models are not priced
  await expect(rows.haiku.getByTestId("cell-cost")).toHaveText(/^\$\d+\.\d{4}$/);
  await expect(rows.anthropic.getByTestId("cell-cost")).toHaveText(/^\$\d+\.\d{4}$/);
  await expect(rows.openai.getByTestId("cell-cost")).toHaveText("—");

  // the OpenAI run: stored with its summarizer, its compactions opaque, counted at the size the fake reported
  const href = await rows.openai.getByTestId("compare-row-link").getAttribute("href");
  const runId = new URL(href!, "http://x").searchParams.get("run")!;
  const detail = await (await request.get(`/api/runs/${runId}`)).json();
  expect((detail.run ?? detail).options).toMatchObject({ summarizer: "openai", model: "fake-gpt-mini" });
  const ends = (detail.result?.events ?? []).filter((event: { type: string }) => event.type === "compaction-end") as { summary: string | null; opaque?: { tokens: number } }[];
  expect(ends.length).toBeGreaterThan(0);
  expect(ends[0].summary).toBeNull();
  expect(ends[0].opaque?.tokens).toBeGreaterThan(0);
  expect(JSON.stringify(detail)).not.toContain("gAAAAfake");
  expect(JSON.stringify(detail)).not.toContain("e2e-dummy");

  // the Anthropic run's summaries are the server's readable compaction text
  const anthropicHref = await rows.anthropic.getByTestId("compare-row-link").getAttribute("href");
  const anthropicRun = await (await request.get(`/api/runs/${new URL(anthropicHref!, "http://x").searchParams.get("run")!}`)).json();
  const anthropicEnds = (anthropicRun.result?.events ?? []).filter((event: { type: string; summary?: string | null }) => event.type === "compaction-end" && event.summary);
  expect(anthropicEnds[0].summary).toContain("[fake-anthropic compaction]");

  // the timeline shows the opaque item as a block with its token count, and says what cannot read it
  await page.goto(href!);
  const sessionPage = new SessionPage(page);
  await sessionPage.waitForTimeline();
  const step = (ends[0] as { step?: number }).step!;
  await sessionPage.jumpTo(detail.result.steps[step]?.messageIndex ?? 0);
  const opaque = page.locator(`[data-testid="pivot-card"][data-step="${step}"]`).first().getByTestId("pivot-opaque");
  await expect(opaque).toBeVisible({ timeout: 30_000 });
  await expect(opaque.getByTestId("pivot-opaque-tokens")).toContainText(`${ends[0].opaque!.tokens.toLocaleString("en-US")} tokens`);
  await expect(opaque).toContainText("Continuation recall and probes cannot see what it holds");
  await keepScreenshot(page, testInfo, "timeline-opaque-compaction-item");
});
