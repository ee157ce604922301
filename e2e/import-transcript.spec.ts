import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { firstSeqWithPart, firstSummarySeq, importThroughApi } from "./fixtures/api";
import { keepScreenshot } from "./fixtures/keep-screenshot";
import { sharedTranscript } from "./fixtures/shared-transcripts";
import { SessionPage } from "./pages/session-page";
import { SessionsPage } from "./pages/sessions-page";

test.describe("importing real transcripts", () => {
  test("drag-and-drop a pi session: progress, then its timeline, tool results and both chart lines", async ({ page, context }, testInfo) => {
    const file = sharedTranscript("pi/pi-mono__large-session.jsonl");
    const sessions = new SessionsPage(page);
    await sessions.goto();

    // slow the upload (~1 MB at 400 KB/s) so the progress bar is observable
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
    await sessions.uploadByDrop(file);
    await expect(sessions.progress).toBeVisible();
    await expect(sessions.progress.getByRole("progressbar")).toHaveAttribute("aria-valuenow", /\d+/);
    await keepScreenshot(page, testInfo, "upload-progress");
    await expect(sessions.success).toBeVisible({ timeout: 30_000 });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(sessions.success).toContainText("pi coding agent");
    await expect(sessions.row("pi-mono__large-session.jsonl")).toHaveCount(1);

    await sessions.openImportedSession();
    const session = new SessionPage(page);
    await session.waitForTimeline();
    await expect(session.chart).toHaveAttribute("data-series", "estimated,recorded");
    await expect(session.chartLines()).toHaveCount(2);
    await expect(session.messages.first()).toHaveAttribute("data-role", /user|system/);
    await expect(session.toolCalls.first()).toBeVisible();
    await expect(session.toolResults.first()).toBeVisible();
    expect(await session.totalMessages()).toBeGreaterThan(500);
    await keepScreenshot(page, testInfo, "pi-session");

    // hovering the chart shows the step; clicking a point scrolls the timeline to its message
    const plot = session.chart.locator(".recharts-surface");
    const box = (await plot.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
    const tooltip = page.getByTestId("chart-tooltip");
    await expect(tooltip).toContainText(/Step \d+ · message #\d+/);
    const target = Number((await tooltip.textContent())!.match(/message #(\d+)/)![1]);
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height / 2);
    await expect(session.message(target)).toBeInViewport();
    await expect(session.message(target)).toHaveAttribute("data-role", "assistant");
  });

  test("a Claude Code session with recorded compactions: dividers, summary card, tool results", async ({ page, request }, testInfo) => {
    const file = sharedTranscript("claude-code/agent-sessions__claude-small-schema-fixture.jsonl");
    const sessions = new SessionsPage(page);
    await sessions.goto();
    await sessions.chooseFormat("claude-code");
    await sessions.uploadWithPicker(file);
    await sessions.openImportedSession();

    const session = new SessionPage(page);
    await session.waitForTimeline();
    await expect(page.getByTestId("figure-recorded-compactions")).not.toHaveText("0");
    await expect(session.chartLines()).toHaveCount(2);

    const sessionId = page.url().split("/sessions/")[1];
    const dividerSeq = await firstSeqWithPart(request, sessionId, "compaction");
    expect(dividerSeq, "the fixture records compactions").not.toBeNull();
    await session.jumpTo(dividerSeq!);
    const divider = session.message(dividerSeq!).getByTestId("compaction-divider");
    await expect(divider).toBeInViewport();
    await expect(divider).toContainText(/Compaction · (auto|manual)/);

    const summarySeq = await firstSummarySeq(request, sessionId);
    if (summarySeq !== null) {
      await session.jumpTo(summarySeq);
      await expect(session.message(summarySeq).getByTestId("summary-card")).toBeVisible();
    }
    await expect(session.toolResults.first()).toBeVisible();
    await session.jumpTo(dividerSeq!);
    await expect(divider).toBeInViewport();
    await keepScreenshot(page, testInfo, "claude-code-compaction");
  });

  test("a big upload shows what the server is doing after the last byte: reading, then storing its messages", async ({ page }, testInfo) => {
    // 30,000 generated messages (~30 MB of JSON): the server-side read and store take seconds
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lab-big-upload-")), "generated-30k.json");
    fs.writeFileSync(file, JSON.stringify(exportOpenAI(generateSession({ seed: 5, messages: 30_000 }))));
    const sessions = new SessionsPage(page);
    await sessions.goto();
    // every text the progress line shows, however briefly
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { uploadTexts: string[] }).uploadTexts = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="upload-progress-text"]')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await sessions.uploadWithPicker(file);
    await expect(sessions.progress).toBeVisible();
    await expect(sessions.success).toBeVisible({ timeout: 120_000 });
    await expect(sessions.success).toContainText("30,000");
    const texts = await page.evaluate(() => (window as unknown as { uploadTexts: string[] }).uploadTexts);
    expect(texts.some((text) => text.startsWith("Reading the file on the server"))).toBe(true);
    expect(texts.some((text) => /^Storing messages: [\d,]+ of 30,000/.test(text))).toBe(true);
    await keepScreenshot(page, testInfo, "big-upload-stored");
  });

  test("a file of many sessions says how many and imports another index", async ({ page }, testInfo) => {
    const file = sharedTranscript("openai-chat/tau-bench__gpt-4o-airline.json");
    const sessions = new SessionsPage(page);
    await sessions.goto();
    await sessions.uploadWithPicker(file);
    await expect(sessions.multiSession).toBeVisible({ timeout: 30_000 });
    await expect(sessions.multiSession).toContainText(/This file holds \d+ sessions; imported #1\./);
    await page.getByTestId("upload-pick").fill("3");
    await sessions.multiSession.getByRole("button", { name: "Import" }).click();
    await expect(sessions.multiSession).toContainText(/imported #3\./, { timeout: 30_000 });
    await expect(sessions.row(/tau-bench__gpt-4o-airline/)).toHaveCount(2);
    await keepScreenshot(page, testInfo, "multi-session");
  });
});

test.describe("upload errors", () => {
  test("a truncated JSONL names the broken line", async ({ page }, testInfo) => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lab-e2e-")), "truncated-session.jsonl");
    const lines = [
      JSON.stringify({ type: "session", version: 3, id: "e2e-truncated", timestamp: "2025-01-01T00:00:00.000Z", cwd: "/tmp" }),
      JSON.stringify({ type: "message", id: "a1", parentId: null, timestamp: "2025-01-01T00:00:01.000Z", message: { role: "user", content: "hello", timestamp: 1 } }),
      '{"type":"message","id":"a2","parentId":"a1","timestamp":"2025-01-01T00:00:02.000Z","message":{"role":"assistant","content":[{"type":"text","text":"cut off mid-wr',
    ];
    fs.writeFileSync(file, lines.join("\n") + "\n");

    const sessions = new SessionsPage(page);
    await sessions.goto();
    await sessions.uploadWithPicker(file);
    await expect(sessions.error).toBeVisible();
    await expect(sessions.error).toContainText("truncated-session.jsonl");
    await expect(sessions.error.getByTestId("error-issue").first()).toContainText("line 3");
    await expect(sessions.success).toHaveCount(0);
    await keepScreenshot(page, testInfo, "upload-error");
  });

  test("forcing the wrong format explains what did not fit", async ({ page }) => {
    const file = sharedTranscript("claude-code/agent-sessions__claude-small-schema-fixture.jsonl");
    const sessions = new SessionsPage(page);
    await sessions.goto();
    await sessions.chooseFormat("openai");
    await sessions.uploadWithPicker(file);
    await expect(sessions.error).toBeVisible();
    await expect(sessions.error.getByTestId("error-message")).not.toBeEmpty();
    await expect(sessions.error).toContainText("openai");
  });
});

test("uploading a file the lab already holds offers its session, or a second copy on request", async ({ page, request }) => {
  const body = JSON.stringify(exportOpenAI(generateSession({ seed: 41, messages: 24 })));
  const file = path.join(test.info().outputDir, "already-here.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  const first = await importThroughApi(request, { name: "already-here.json", body });

  const sessions = new SessionsPage(page);
  await sessions.goto();
  await sessions.uploadWithPicker(file);
  const duplicate = page.getByTestId("upload-duplicate");
  await expect(duplicate).toContainText(`already-here.json is already in the lab as ${first.title}`);
  await expect(sessions.success).toHaveCount(0);
  await expect(duplicate.getByTestId("upload-duplicate-open")).toHaveAttribute("href", `/sessions/${first.id}`);

  await duplicate.getByTestId("upload-duplicate-again").click();
  await expect(sessions.success).toBeVisible();
  await expect(sessions.rows.filter({ hasText: "already-here.json" })).toHaveCount(2);
});
