import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { toClaudeCodeJsonl } from "../lib/generator/to-claude-code-jsonl";
import { importThroughApi } from "./fixtures/api";
import { CorpusPanel } from "./pages/corpus-panel";
import { SessionPage } from "./pages/session-page";

const NEEDLE_PATH = "src/corpus/needle-finder.ts";
/** where the path is read: past the timeline's first page (100 messages), so opening there fetches its own page */
const NEEDLE_SEQ = 141;

/** An OpenAI chat of 160 messages whose only mention of NEEDLE_PATH is a tool call at NEEDLE_SEQ, beside some markup. */
function chatWithNeedle(): string {
  const messages: unknown[] = [{ role: "system", content: "You are terse." }];
  while (messages.length < NEEDLE_SEQ) messages.push(messages.length % 2 === 1 ? { role: "user", content: `step ${messages.length}: keep going` } : { role: "assistant", content: "done" });
  messages.push({ role: "assistant", content: null, tool_calls: [{ id: "n1", type: "function", function: { name: "read_file", arguments: JSON.stringify({ path: NEEDLE_PATH, note: "<b>not bold</b>" }) } }] });
  messages.push({ role: "tool", tool_call_id: "n1", content: "export const needle = 1;" });
  while (messages.length < 160) messages.push(messages.length % 2 === 1 ? { role: "user", content: "more" } : { role: "assistant", content: "ok" });
  return JSON.stringify(messages);
}

test("the search box finds a session by a file path and opens it at that message", async ({ page, request, consoleErrors }) => {
  const target = await importThroughApi(request, { name: "needle-chat.json", body: chatWithNeedle(), format: "openai" });
  await importThroughApi(request, { name: "decoy-chat.json", body: JSON.stringify([{ role: "user", content: "src/corpus is a folder, needle elsewhere" }, { role: "assistant", content: "ok" }]), format: "openai" });

  const corpus = new CorpusPanel(page);
  await page.goto("/");
  await corpus.search(NEEDLE_PATH);
  await expect(page).toHaveURL(/\?q=src%2Fcorpus%2Fneedle-finder\.ts$/);
  await expect(corpus.searchSummary).toHaveText(`1 message in 1 session matches “${NEEDLE_PATH}”`);
  await expect(page.getByTestId("search-session")).toHaveCount(1);
  const hit = corpus.hits.first();
  await expect(hit).toHaveAttribute("data-session-id", target.id);
  await expect(hit).toHaveAttribute("data-seq", String(NEEDLE_SEQ));
  await expect(hit.locator("mark")).toHaveText([NEEDLE_PATH]);
  // the transcript's markup is shown as the text it is, never as elements
  await expect(hit.getByTestId("search-snippet")).toContainText("<b>not bold</b>");
  await expect(hit.locator("b")).toHaveCount(0);

  await hit.getByTestId("search-hit-link").click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${target.id}\\?message=${NEEDLE_SEQ}$`));
  const session = new SessionPage(page);
  const message = session.message(NEEDLE_SEQ);
  await expect(message).toBeInViewport({ timeout: 20_000 });
  await expect(message).toContainText(NEEDLE_PATH);

  // a query with nothing to search for is refused with the reason, not run
  consoleErrors.expect(/status of 400 .*\/api\/search\?offset=0&q=%2F%2F%2F/);
  await page.goto("/?q=%2F%2F%2F");
  await expect(page.getByTestId("session-search-error")).toContainText("a query needs at least one letter or digit");
});

test("a filter narrows the sessions list on the server, the sums follow, and the URL keeps it", async ({ page, request }) => {
  // a generated Claude Code session: recorded usage on claude-sonnet-4-5, so it has recorded dollars
  await importThroughApi(request, { name: "generated-claude.jsonl", body: toClaudeCodeJsonl(generateSession({ seed: 11, messages: 60 })), format: "claude-code" });
  await importThroughApi(request, { name: "small-chat.json", body: JSON.stringify([{ role: "user", content: "hi" }, { role: "assistant", content: "hello" }]), format: "openai" });
  const all = (await (await request.get("/api/sessions")).json()) as { sessions: unknown[]; corpus: { totals: { sessions: number } } };
  const claude = (await (await request.get("/api/sessions?agent=claude-code")).json()) as { sessions: unknown[]; corpus: { totals: { sessions: number; estimatedTokens: number; recordedUsd: number } } };
  expect(claude.corpus.totals.recordedUsd).toBeGreaterThan(0);
  expect(claude.corpus.totals.sessions).toBeLessThan(all.corpus.totals.sessions);

  const corpus = new CorpusPanel(page);
  await page.goto("/");
  await expect(corpus.totalSessions).toHaveText(String(all.corpus.totals.sessions));
  await expect(corpus.rows).toHaveCount(all.sessions.length);
  const usdBefore = await corpus.totalUsd.textContent();
  const tokensBefore = await corpus.totalTokens.textContent();

  await corpus.filter("agent").selectOption("claude-code");
  await expect(page).toHaveURL(/\?agent=claude-code$/);
  await expect(corpus.rows).toHaveCount(claude.sessions.length);
  await expect(corpus.totals).toContainText(`${claude.corpus.totals.sessions} of ${all.corpus.totals.sessions} sessions`);
  await expect(corpus.totalUsd).toHaveText(`$${claude.corpus.totals.recordedUsd.toFixed(claude.corpus.totals.recordedUsd < 0.1 ? 4 : 2)}`);
  await expect(corpus.totalTokens).toHaveText(new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }).format(claude.corpus.totals.estimatedTokens));
  expect(usdBefore).not.toBeNull();
  expect(tokensBefore).not.toBeNull();

  // the filter survives a reload, and another narrows further: no session is that large
  await page.reload();
  await expect(corpus.filter("agent")).toHaveValue("claude-code");
  await expect(corpus.rows).toHaveCount(claude.sessions.length);
  await corpus.filter("minTokens").fill(String(claude.corpus.totals.estimatedTokens + 1));
  await expect(page.getByTestId("corpus-no-match")).toHaveText("No session matches these filters.");
  await expect(corpus.totalSessions).toHaveText("0");
  await expect(corpus.totalUsd).toHaveText("$0.0000");

  await page.getByTestId("corpus-filters-clear").click();
  await expect(page).toHaveURL(/\/$/);
  await expect(corpus.rows).toHaveCount(all.sessions.length);
  await expect(corpus.totalUsd).toHaveText(usdBefore!);
});
