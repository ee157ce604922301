import { expect, test } from "./fixtures/test";
import { importFileThroughApi } from "./fixtures/api";
import { sharedTranscript } from "./fixtures/shared-transcripts";
import { SessionPage } from "./pages/session-page";

test("a session that recorded its agent's compactions shows them beside the replay of that agent (fidelity)", async ({ page, request }) => {
  const stored = await importFileThroughApi(request, sharedTranscript("codex/agent-sessions__codex-small-schema-fixture.jsonl"));
  const session = new SessionPage(page);
  await session.goto(stored.id);
  const panel = page.getByTestId("fidelity-panel");
  await expect(panel).toBeVisible();
  await panel.locator("summary").click();
  // as the API measures it: codex at the recorded window, one row per recorded compaction
  const api = (await (await request.get(`/api/sessions/${stored.id}/fidelity`)).json()) as { fidelity: { recorded: { recordedStep: number }[]; window: number } };
  await expect(panel.getByTestId("fidelity-row")).toHaveCount(api.fidelity.recorded.length);
  await expect(panel).toContainText(`${api.fidelity.window.toLocaleString("en-US")}-token window (recorded in the transcript)`);
  await expect(panel.getByTestId("fidelity-summary")).toContainText(`of ${api.fidelity.recorded.length} recorded compactions replayed within 5 calls`);
  await expect(panel.getByTestId("fidelity-row").first()).toContainText(String(api.fidelity.recorded[0].recordedStep));
});
