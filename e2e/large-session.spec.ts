import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { importThroughApi } from "./fixtures/api";
import { keepScreenshot } from "./fixtures/keep-screenshot";
import { SessionPage } from "./pages/session-page";

const MESSAGE_COUNT = 10_000;

test("a 10,000-message session opens fast, stays virtualized and scrolls to the end", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  // the project's deterministic demo generator, exported as an OpenAI message array (12 MB)
  const generated = generateSession({ seed: 7, messages: MESSAGE_COUNT });
  const uploaded = await importThroughApi(request, {
    name: "generated-10k.json",
    body: JSON.stringify(exportOpenAI(generated)),
    format: "openai",
  });
  expect(uploaded.messageCount).toBe(MESSAGE_COUNT);

  const session = new SessionPage(page);
  const started = Date.now();
  await page.goto(`/sessions/${uploaded.id}`);
  await expect(session.messages.first()).toBeVisible({ timeout: 20_000 });
  const firstRenderMs = Date.now() - started;
  expect(await session.totalMessages()).toBe(MESSAGE_COUNT);
  // the session's own curve is thinned for drawing: every call counted, at most 800 points drawn
  await expect(session.chart).toBeVisible();
  expect(Number(await session.chart.getAttribute("data-steps"))).toBeGreaterThan(2_000);
  expect(Number(await session.chart.getAttribute("data-points"))).toBeLessThanOrEqual(800);
  const rowsAtStart = await session.messages.count();
  expect(rowsAtStart).toBeLessThan(100);

  // a jump far ahead fetches the target's page directly (the cursor is the seq), not the 36 pages before it
  const cursors: number[] = [];
  const onRequest = (request: { url(): string }) => {
    const match = /\/messages\?cursor=(\d+)/.exec(request.url());
    if (match) cursors.push(Number(match[1]));
  };
  page.on("request", onRequest);
  const jumpStarted = Date.now();
  await session.jumpTo(9_000);
  await expect(session.message(9_000)).toBeInViewport({ timeout: 20_000 });
  const jumpFarMs = Date.now() - jumpStarted;
  page.off("request", onRequest);
  expect(cursors).toContain(9_000);
  expect(cursors.length).toBeLessThanOrEqual(4);
  await session.jumpTo(0);
  await expect(session.message(0)).toBeInViewport({ timeout: 20_000 });

  // wheel-scroll a few screens, as a reader would
  for (let step = 0; step < 10; step++) await session.scrollBy(1_500);
  await expect(session.messages.first()).toBeVisible();

  // then drag to the very end: the last pages load directly
  const scrollStarted = Date.now();
  await expect(async () => {
    await session.scrollToBottom();
    await expect(session.message(MESSAGE_COUNT - 1)).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  const scrollToEndMs = Date.now() - scrollStarted;
  const rowsAtEnd = await session.messages.count();
  const placeholders = await page.getByTestId("message-placeholder").count();
  expect(rowsAtEnd + placeholders).toBeLessThan(100);

  // a frame-time sample while scrolling back up through loaded rows
  const frames = await session.timeline.evaluate(async (element) => {
    const times: number[] = [];
    let last = performance.now();
    for (let frame = 0; frame < 60; frame++) {
      element.scrollTop -= 400;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      times.push(now - last);
      last = now;
    }
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)], max: times[times.length - 1] };
  });

  // jump far back with the jump box
  await session.jumpTo(1_234);
  await expect(session.message(1_234)).toBeInViewport();

  const metrics = { messages: MESSAGE_COUNT, firstRenderMs, rowsAtStart, jumpFarMs, jumpFarRequests: cursors.length, rowsAtEnd, scrollToEndMs, frames };
  console.log(`[large-session] ${JSON.stringify(metrics)}`);
  await testInfo.attach("large-session-metrics.json", { body: JSON.stringify(metrics, null, 2), contentType: "application/json" });
  await keepScreenshot(page, testInfo, "large-session");
});
