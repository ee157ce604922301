import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { importThroughApi } from "./fixtures/api";
import { PlaygroundPanel } from "./pages/playground-panel";

/**
 * Running the same settings again (issue #42, item 9): the panel names the stored run with exactly its settings and
 * opens it, instead of adding identical rows unannounced; changing a setting makes it a new run again.
 */
test("the panel says 'same settings as run …' and opens it; a changed setting is a new run", async ({ page, request }) => {
  test.setTimeout(90_000);
  const session = await importThroughApi(request, { name: "same-settings.json", body: JSON.stringify(exportOpenAI(generateSession({ seed: 9, messages: 200 }))), format: "openai" });
  await page.goto(`/sessions/${session.id}`);
  const panel = new PlaygroundPanel(page);
  await panel.waitForPanel();
  await panel.setWindow(30_000);
  await expect(page.getByTestId("same-settings")).toHaveCount(0);
  await panel.run("done");
  await expect(panel.runRows).toHaveCount(1);
  const runId = (await panel.runRows.first().getAttribute("data-run-id"))!;

  // the finished run is open, and the panel holds its settings: Run would repeat it
  const notice = page.getByTestId("same-settings");
  await expect(notice).toHaveAttribute("data-run-id", runId);
  await expect(notice).toContainText("open above");
  await expect(panel.runButton).toHaveText(/^Run again: /);

  // closed, the notice opens it again
  await panel.runRows.first().getByTestId("run-open").click();
  await expect(page).not.toHaveURL(/run=/);
  await expect(notice).toContainText("Same settings as run");
  await page.getByTestId("same-settings-open").click();
  await expect(page).toHaveURL(new RegExp(`run=${runId}`));
  await expect(panel.runRows).toHaveCount(1);

  // another window is another run: no notice, and Run adds a row
  await panel.setWindow(40_000);
  await expect(notice).toHaveCount(0);
  await expect(panel.runButton).toHaveText(/^Run /);
  await panel.run("done");
  await expect(panel.runRows).toHaveCount(2);
  // back to the first run's window: the panel points to that run, not to the newer one
  await panel.setWindow(30_000);
  await expect(notice).toHaveAttribute("data-run-id", runId);
});
