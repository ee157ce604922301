import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures/test";
import { fakeCredentials } from "../lib/testing/fake-credentials";
import { importThroughApi } from "./fixtures/api";
import { checkRadio } from "./fixtures/check-radio";
import { CompareMultiPage } from "./pages/compare-multi-page";
import { SessionsPage } from "./pages/sessions-page";

/**
 * Issue #30 end to end: a transcript whose agent read a .env is uploaded; the list and the session page warn with
 * the count and kinds, the timeline marks the message; a share link is refused; one click redacts it; the page
 * then shows placeholders and the share link is made.
 */
test("secrets: upload, warning shown, redact, share", async ({ page, consoleErrors }) => {
  // the refused share link answers 400 (shown in the panel), which the browser logs
  consoleErrors.expect(/status of 400 .*\/api\/share-links/);
  const credentials = fakeCredentials(11);
  const github = credentials.find((credential) => credential.rule === "github")!.value;
  const anthropic = credentials.find((credential) => credential.rule === "anthropic")!.value;
  const transcript = {
    messages: [
      { role: "user", content: "Why does the deploy fail?" },
      { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "bash", arguments: JSON.stringify({ command: "cat .env" }) } }] },
      { role: "tool", tool_call_id: "call_1", content: `GITHUB_TOKEN=${github}\nANTHROPIC_API_KEY=${anthropic}\nPORT=8080` },
      { role: "assistant", content: "The token is set; the port is wrong." },
    ],
  };
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lab-e2e-secrets-")), "leaky-env.json");
  fs.writeFileSync(file, JSON.stringify(transcript));

  const sessions = new SessionsPage(page);
  await sessions.goto();
  await sessions.chooseFormat("openai");
  await sessions.uploadWithPicker(file);
  await expect(sessions.success).toBeVisible({ timeout: 30_000 });
  await expect(sessions.success.getByTestId("upload-secrets")).toHaveText("⚠ 2 possible secrets found (1 ANTHROPIC_API_KEY, 1 GITHUB_TOKEN)");
  await expect(sessions.row("Why does the deploy fail?").getByTestId("session-secrets-badge")).toContainText("2 credentials");
  await sessions.openImportedSession();

  const warning = page.getByTestId("secrets-warning");
  await expect(warning).toContainText("2 credentials found");
  await expect(page.getByTestId("secrets-kinds")).toHaveText("ANTHROPIC_API_KEY · GITHUB_TOKEN");
  await page.getByTestId("secrets-toggle").click();
  await expect(page.getByTestId("secret-finding")).toHaveCount(2);
  for (const preview of await page.getByTestId("secret-preview").allTextContents()) expect(preview).toMatch(/^.{0,6}….{0,4}$/);
  await expect(page.locator('[data-testid="message"][data-seq="2"]')).toHaveAttribute("data-secrets", "true");
  await expect(page.getByTestId("message-secret-badge")).toContainText("GITHUB_TOKEN");

  // refused before the redaction, with the reason and a way to override
  await page.getByTestId("share-toggle").click();
  await page.getByTestId("share-create-session").click();
  await expect(page.getByTestId("share-error")).toContainText("2 unredacted credentials");
  await expect(page.getByTestId("share-anyway")).toBeVisible();

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByTestId("secrets-redact").click();
  await expect(page.getByTestId("secrets-redacted")).toContainText("2 credentials redacted");
  await expect(page.getByTestId("secrets-warning")).toHaveCount(0);
  const message = page.locator('[data-testid="message"][data-seq="2"]');
  await expect(message).toContainText("[REDACTED:GITHUB_TOKEN]");
  await expect(message).not.toHaveAttribute("data-secrets", "true");
  expect(await page.content()).not.toContain(github);

  await page.getByTestId("share-create-session").click();
  const address = await page.getByTestId("share-address").inputValue();
  expect(address).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("share-link")).toHaveCount(1);
  await expect(page.getByTestId("share-link-secrets")).toHaveCount(0);
  const visitor = await page.context().newPage();
  await visitor.goto(address);
  await expect(visitor.getByTestId("share-page")).toContainText("[REDACTED:ANTHROPIC_API_KEY]");
  expect(await visitor.content()).not.toContain(anthropic);
  await visitor.close();
});

test("secrets: the multi-session compare page asks before sending a session with credentials to an external summarizer", async ({ page, request }) => {
  const github = fakeCredentials(12).find((credential) => credential.rule === "github")!.value;
  const title = "Which token does CI use?";
  const leaky = await importThroughApi(request, {
    name: "leaky-ci.json",
    format: "openai",
    body: JSON.stringify({ messages: [{ role: "user", content: title }, { role: "assistant", content: `It reads GITHUB_TOKEN=${github} from the runner.` }] }),
  });
  const posted: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST" && new URL(sent.url()).pathname === "/api/compare/multi") posted.push(sent.postData() ?? "");
  });
  const multi = new CompareMultiPage(page);
  await multi.goto();
  await multi.pickSession(leaky.id);
  await multi.addStrategy("none");
  await checkRadio(page.getByTestId("compare-summarizer-anthropic"));

  // declined: nothing is sent
  const questions: string[] = [];
  page.once("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await multi.runButton.click();
  await expect.poll(() => questions.length).toBe(1);
  expect(questions[0]).toContain(`"${title}" (1: GITHUB_TOKEN)`);
  expect(questions[0]).toContain("the anthropic summarizer");
  await expect(multi.progress).toHaveCount(0);
  expect(posted).toEqual([]);

  // accepted: sent, saying it was chosen
  page.once("dialog", (dialog) => void dialog.accept());
  await multi.run();
  expect(posted).toHaveLength(1);
  expect(JSON.parse(posted[0])).toMatchObject({ sessionIds: [leaky.id], summarizer: "anthropic", allowSecrets: true });
  await expect(multi.sessionResults).toHaveCount(1);

  // the offline summarizer never asks
  await checkRadio(page.getByTestId("compare-summarizer-extractive"));
  page.once("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await multi.runButton.click();
  await expect.poll(() => posted.length).toBe(2);
  await expect(multi.progress).toHaveAttribute("data-phase", "done", { timeout: 60_000 });
  expect(questions).toHaveLength(1);
  expect(JSON.parse(posted[1])).not.toHaveProperty("allowSecrets");
  expect((await request.delete(`/api/sessions/${leaky.id}`)).ok()).toBe(true);
});
