import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { toClaudeCodeJsonl } from "../lib/generator/to-claude-code-jsonl";
import { importThroughApi } from "./fixtures/api";
import { SessionPage } from "./pages/session-page";

const TIME_ZONE = "America/Los_Angeles";
test.use({ timezoneId: TIME_ZONE });

test("the first rows come with the page's HTML; the browser hydrates them without fetching that page again and shows times in its own zone", async ({ page, request }) => {
  const generated = generateSession({ seed: 21, messages: 400 });
  const uploaded = await importThroughApi(request, { name: "first-page.jsonl", body: toClaudeCodeJsonl(generated) });

  // the server's HTML already holds the first rows (their text), but no times: the server's zone is not the reader's
  const html = await (await request.get(`/sessions/${uploaded.id}`)).text();
  const rowsInHtml = html.match(/data-testid="message"/g)?.length ?? 0;
  expect(rowsInHtml).toBeGreaterThan(2);
  expect(html).not.toContain("<time");

  const firstPageRequests: string[] = [];
  page.on("request", (sent) => {
    if (/\/messages\?cursor=0&/.test(sent.url())) firstPageRequests.push(sent.url());
  });
  const session = new SessionPage(page);
  await session.goto(uploaded.id);
  await expect(session.chart).toHaveAttribute("data-series", /estimated/);

  // hydrated: the first row's time is shown, in the browser's zone (the fixture fails the test on a hydration mismatch)
  const time = session.timeline.locator("time").first();
  await expect(time).toBeVisible();
  await expect(time).toHaveText(localTime((await time.getAttribute("datetime"))!));
  // the page came with the HTML, so the client never asked for it
  expect(firstPageRequests).toEqual([]);
  // and the client still fetches the pages after it as the reader scrolls
  const last = session.timeline.locator(`[data-testid="message"][data-seq="${uploaded.messageCount - 1}"]`);
  await expect(async () => {
    // rows measured on the way change the height: scroll to the bottom until the last row is there
    await session.scrollToBottom();
    await expect(last).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});

/** "2025-01-31 06:05:07" in {@link TIME_ZONE}, as the row shows it. */
function localTime(iso: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((candidate) => candidate.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}:${part("second")}`;
}
