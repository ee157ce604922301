import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { importThroughApi } from "./fixtures/api";

/**
 * Demo mode (issue #42, item 12): a run plays call by call — the chart's cursor and the view's step follow — and
 * pauses at its first compaction with the before/after and what it lost; the keyboard steps and plays; a link opens
 * the run at a given call, on the session page and on a shared run's page.
 */
test("play a run call by call: it pauses at the first compaction; keys step; ?call= opens at a call", async ({ page, request }) => {
  test.setTimeout(90_000);
  const session = await importThroughApi(request, { name: "demo-mode.json", body: JSON.stringify(exportOpenAI(generateSession({ seed: 62, messages: 240 }))), format: "openai" });
  const started = await request.post(`/api/sessions/${session.id}/runs`, { data: { strategy: "opencode", window: 20_000 } });
  expect(started.ok(), await started.text()).toBe(true);
  const runs = (await (await request.get(`/api/sessions/${session.id}/runs`)).json()).runs as { id: string }[];
  const run = (await (await request.get(`/api/runs/${runs[0].id}`)).json()) as { result: { steps: unknown[]; events: { type: string; step: number; summary?: string | null }[] } };
  const firstCut = run.result.events.find((event) => (event.type === "compaction-end" && event.summary != null) || event.type === "trim")!.step;
  // playing starts at call 0: the first cut is where it stops first
  expect(firstCut).toBeGreaterThan(0);

  await page.goto(`/sessions/${session.id}?run=${runs[0].id}`);
  await page.getByTestId("demo-toggle").click();
  const player = page.getByTestId("demo-player");
  await expect(player).toBeVisible();
  await page.getByTestId("demo-speed").selectOption("25");
  await page.getByTestId("demo-play").click();
  // it plays to the first compaction and pauses there, saying what it did
  await expect(page.getByTestId("demo-cut")).toHaveAttribute("data-step", String(firstCut), { timeout: 20_000 });
  await expect(player).toHaveAttribute("data-playing", "false");
  await expect(player).toHaveAttribute("data-step", String(firstCut));
  await expect(page.getByTestId("demo-cut")).toContainText(/Compaction before call \d+: [\d,]+ → [\d,]+ tokens/);
  await expect(page.getByTestId("demo-cut-lost")).toBeVisible();
  // the chart's cursor and the view's step follow the call
  await expect(page.getByTestId("run-chart-cursor")).toHaveAttribute("data-step", String(firstCut));
  await expect(page.getByTestId("view-step-input")).toHaveValue(String(firstCut));

  // keys: → one call on, ← back, Space plays
  await page.keyboard.press("ArrowRight");
  await expect(player).toHaveAttribute("data-step", String(firstCut + 1));
  await page.keyboard.press("ArrowLeft");
  await expect(player).toHaveAttribute("data-step", String(firstCut));
  // at one call a second, so the next call (perhaps another compaction, where it pauses) does not come first
  await page.getByTestId("demo-speed").selectOption("1");
  await page.getByTestId("demo-speed").blur();
  await page.keyboard.press(" ");
  await expect(player).toHaveAttribute("data-playing", "true");
  await page.keyboard.press(" ");
  await expect(player).toHaveAttribute("data-playing", "false");

  // a link to a call opens the run there, the player shown
  await page.goto(`/sessions/${session.id}?run=${runs[0].id}&call=3`);
  await expect(page.getByTestId("demo-player")).toHaveAttribute("data-step", "3", { timeout: 30_000 });
  await expect(page.getByTestId("view-step-input")).toHaveValue("3");

  // a shared run's link opens at a call too: marked on its curve, with what it sent there and the compaction before it
  const shared = await request.post("/api/share-links", { data: { kind: "run", targetId: runs[0].id, label: "demo" } });
  expect(shared.ok(), await shared.text()).toBe(true);
  const { path } = (await shared.json()) as { path: string };
  await page.goto(`${path}?call=${firstCut}`);
  await expect(page.getByTestId("share-call")).toHaveAttribute("data-step", String(firstCut));
  await expect(page.getByTestId("share-call")).toContainText(`the last compaction before it: call ${firstCut}`);
  await expect(page.getByTestId("share-curve")).toHaveAttribute("data-cursor", String(firstCut));
});
