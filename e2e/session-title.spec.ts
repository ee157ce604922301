import { expect, test } from "./fixtures/test";
import { importThroughApi } from "./fixtures/api";
import { SessionPage } from "./pages/session-page";
import { SessionsPage } from "./pages/sessions-page";

const chat = (firstUserText: string) =>
  JSON.stringify([
    { role: "system", content: "You are terse." },
    { role: "user", content: firstUserText },
    { role: "assistant", content: "On it." },
  ]);

test("a session that opens with an injected skill block is titled by the user's request, and can be renamed and restored", async ({ page, request, consoleErrors }) => {
  const request_ = "port the user-message selector to the new theme";
  const stored = await importThroughApi(request, {
    name: "skill-first.json",
    format: "openai",
    body: chat(`<skill name="tmux" location="/home/me/.pi/agent/skills/tmux/SKILL.md">\nDrive tmux for long jobs.\n</skill>\n\n${request_}`),
  });
  expect(stored.title).toBe(request_);

  const sessions = new SessionsPage(page);
  await sessions.goto();
  await expect(sessions.row("skill-first.json")).toContainText(request_);
  await expect(sessions.row("skill-first.json")).not.toContainText("<skill");

  const session = new SessionPage(page);
  await session.goto(stored.id);
  const title = page.getByTestId("session-title");
  await expect(title).toHaveText(request_);

  await page.getByTestId("rename-session").click();
  const input = page.getByTestId("session-title-input");
  await expect(input).toBeFocused();
  await input.fill("Theme port, second pass");
  await input.press("Enter");
  await expect(title).toHaveText("Theme port, second pass");
  await expect(page.getByTestId("imported-title")).toHaveAttribute("title", request_);
  await expect(page.getByTestId("imported-title")).toContainText("imported as “port the user-message selector");

  // the list and a reload read the stored title, not the page's state
  await page.reload();
  await expect(page.getByTestId("session-title")).toHaveText("Theme port, second pass");
  await sessions.goto();
  await expect(sessions.row("skill-first.json")).toContainText("Theme port, second pass");

  // a title past the API's limit is refused with the field named, and the old title stays
  consoleErrors.expect(/status of 400 .*\/api\/sessions\/[^/]+\)$/);
  await session.goto(stored.id);
  await page.getByTestId("rename-session").click();
  await page.getByTestId("session-title-input").evaluate((element: HTMLInputElement) => element.removeAttribute("maxlength"));
  await page.getByTestId("session-title-input").fill("x".repeat(201));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("rename-error")).toContainText("title");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("session-title")).toHaveText("Theme port, second pass");

  await page.getByTestId("imported-title").getByRole("button", { name: "restore" }).click();
  await expect(page.getByTestId("session-title")).toHaveText(request_);
  await expect(page.getByTestId("imported-title")).toHaveCount(0);
});

test("a Chinese title renders with a CJK font, not empty boxes", async ({ page, request }) => {
  const chinese = "请把登录页面的按钮改成蓝色，并更新测试";
  const stored = await importThroughApi(request, { name: "chinese.json", format: "openai", body: chat(chinese) });
  const session = new SessionPage(page);
  await session.goto(stored.id);
  await expect(page.getByTestId("session-title")).toHaveText(chinese);

  // which fonts Chromium really drew the title's glyphs with (DevTools protocol): every glyph from a CJK font
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: '[data-testid="session-title"]' });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  const cjkGlyphs = fonts.filter((font) => /CJK|Han|PingFang|YaHei|Hiragino|Gothic/i.test(font.familyName)).reduce((sum, font) => sum + font.glyphCount, 0);
  const han = [...chinese].filter((character) => /\p{Script=Han}/u.test(character)).length;
  expect(cjkGlyphs, JSON.stringify(fonts)).toBeGreaterThanOrEqual(han);
});
