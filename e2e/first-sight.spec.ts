import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
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
