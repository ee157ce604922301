import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures/test";
import { fakeCredentials } from "../lib/testing/fake-credentials";
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
