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

test("a Claude Code session is replayed with each version of claude-code, and the panel says which it matches", async ({ page, request }) => {
  const stored = await importFileThroughApi(request, sharedTranscript("claude-code/spotter__fa812bfe.jsonl"));
  const session = new SessionPage(page);
  await session.goto(stored.id);
  const panel = page.getByTestId("fidelity-panel");
  await panel.locator("summary").click();
  const api = (await (await request.get(`/api/sessions/${stored.id}/fidelity`)).json()) as { versions: { strategyId: string }[]; bestMatch: string | null };
  const versions = panel.getByTestId("fidelity-versions");
  await expect(versions.getByTestId("fidelity-version-row")).toHaveCount(api.versions.length);
  await expect(versions).toContainText("claude-code@2.1.299");
  await expect(versions).toContainText("2.1.299, 2026-10-14");
  await expect(versions.getByTestId("fidelity-best-match")).toContainText(api.bestMatch === null ? "replay this session alike" : `matches ${api.bestMatch} best`);
});
