import { expect, test } from "./fixtures/test";
import { generateClaudeCodeSession } from "../lib/generator/generate-claude-code-session";
import { generateSession } from "../lib/generator/generate-session";
import { toClaudeCodeJsonl } from "../lib/generator/to-claude-code-jsonl";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { importFileThroughApi, importThroughApi } from "./fixtures/api";
import { sharedTranscript } from "./fixtures/shared-transcripts";
import { PlaygroundPanel } from "./pages/playground-panel";

/** What a newcomer sees first on a session (issue #29, item 10). */

test("a Codex session opens on the Codex strategy, a session of no single agent on opencode", async ({ page, request }) => {
  const codex = await importFileThroughApi(request, sharedTranscript("codex/agent-sessions__codex-small-schema-fixture.jsonl"));
  const playground = new PlaygroundPanel(page);
  await page.goto(`/sessions/${codex.id}`);
  await expect(playground.strategySelect).toHaveValue("codex");

  const arrays = await importThroughApi(request, {
    name: "generated-openai.json",
    body: JSON.stringify(exportOpenAI(generateSession({ seed: 11, messages: 40 }))),
    format: "openai",
  });
  await page.goto(`/sessions/${arrays.id}`);
  await expect(playground.strategySelect).toHaveValue("opencode");
});

test("the home page says what the lab is and opens a demo, or every strategy compared on it", async ({ page, request }) => {
  const demo = await importThroughApi(request, {
    name: "generated-demo-medium.jsonl",
    body: toClaudeCodeJsonl(generateClaudeCodeSession({ seed: 2, messages: 120 })),
  });
  await page.goto("/");
  const intro = page.getByTestId("home-intro");
  await expect(intro.getByRole("heading", { level: 1 })).toHaveText("Compaction Lab");
  await expect(intro).toContainText("replays real transcripts through those compaction strategies");
  await intro.getByTestId("open-demo").click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${demo.id}$`));

  await page.goto("/");
  await page.getByTestId("compare-demo").click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${demo.id}/compare\\?preset=all$`));
  // every strategy the lab replays itself; the providers' own compaction runs only when asked for by name
  const strategies = ((await (await request.get("/api/strategies")).json()).strategies as { provider?: string }[]).filter((strategy) => !strategy.provider);
  await expect(page.getByTestId("config-count")).toHaveText(`${Math.min(strategies.length, 24)} of 24`);
});

test("the run history shows the playground's runs, with the estimator, and comparison runs on request", async ({ page, request }) => {
  const session = await importThroughApi(request, {
    name: "history.json",
    body: JSON.stringify(exportOpenAI(generateSession({ seed: 12, messages: 120 }))),
    format: "openai",
  });
  const run = await request.post(`/api/sessions/${session.id}/runs`, { data: { strategy: "opencode", window: 60_000, estimator: "calibrated" } });
  expect(run.ok(), await run.text()).toBe(true);
  const compared = await request.post(`/api/sessions/${session.id}/compare`, { data: { configs: [{ strategy: "pi" }, { strategy: "codex" }], window: 60_000 } });
  expect(compared.ok(), await compared.text()).toBe(true);

  const playground = new PlaygroundPanel(page);
  await page.goto(`/sessions/${session.id}`);
  await expect(playground.runRows).toHaveCount(1);
  await expect(playground.runRows.first().getByTestId("run-settings-line")).toContainText("estimator=calibrated");
  await page.getByTestId("run-history-comparisons").check();
  await expect(playground.runRows).toHaveCount(3);
  await expect(page.getByTestId("run-from-comparison")).toHaveCount(2);
});
