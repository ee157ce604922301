import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { importThroughApi, type UploadedSession } from "./fixtures/api";
import { keepScreenshot } from "./fixtures/keep-screenshot";
import { PlaygroundPanel } from "./pages/playground-panel";
import { SessionPage } from "./pages/session-page";

/**
 * The lab's own strategy in the playground: its settings are controls like any strategy's, a run draws pivots
 * that say what the evidence ledger holds, and the ledger as the model is sent it opens from the pivot (inert text).
 */
test.describe.configure({ mode: "serial" });

let session: UploadedSession;

test.beforeAll(async ({ request }) => {
  const generated = generateSession({ seed: 21, messages: 600 });
  session = await importThroughApi(request, { name: "generated-21-600.json", body: JSON.stringify(exportOpenAI(generated)), format: "openai" });
});

test("evidence: settings panel, a run with ledger pivots, the ledger as sent", async ({ page, request }, testInfo) => {
  const playground = new PlaygroundPanel(page);
  await page.goto(`/sessions/${session.id}`);
  await playground.waitForPanel();
  await playground.pickStrategy("evidence");
  for (const key of ["triggerRatio", "keepRecentRatio", "ledgerBudgetRatio", "growthRoom", "keepToolResults", "narrativeMaxTokens"]) {
    await expect(page.getByTestId(`setting-${key}`)).toBeVisible();
  }
  await playground.setWindow(40_000);
  await playground.run("done");

  // jump to where the first compaction happened (the timeline is virtualized)
  const list = await (await request.get(`/api/sessions/${session.id}/runs`)).json();
  const run = (await (await request.get(`/api/runs/${list.runs[0].id}`)).json()) as { result: { steps: { messageIndex: number }[]; events: { type: string; step: number }[] } };
  const compaction = run.result.events.find((event) => event.type === "compaction-end")!;
  expect(compaction).toBeDefined();
  await new SessionPage(page).jumpTo(run.result.steps[compaction.step].messageIndex);
  const pivot = playground.pivotCards.first();
  await expect(pivot).toBeVisible({ timeout: 20_000 });
  const ledger = pivot.getByTestId("pivot-ledger");
  await expect(ledger).toContainText("evidence ledger");
  await expect(ledger).toContainText(/\d+ messages read/);
  await expect(ledger).toContainText(/\d+ (files|commands|errors)/);
  await ledger.getByTestId("pivot-ledger-show").click();
  const text = pivot.getByTestId("pivot-ledger-text");
  await expect(text).toContainText("Evidence ledger: exact facts from the", { timeout: 20_000 });
  await expect(text).toContainText("recorded deterministically");
  await keepScreenshot(page, testInfo, "evidence-ledger-pivot");
});
