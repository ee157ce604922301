// Refreshes the README's opening picture (public/readme-session.png): a session page after a run, at 1440×900.
// Against the production build (run `next build` first) on a fresh SQLite file of generated demo sessions, in the
// system Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Run: npm run screenshot. SCREENSHOT_PORT picks the port.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const ROOT = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.SCREENSHOT_PORT ?? 3310);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = path.join(ROOT, "public", "readme-session.png");
const DATABASE_URL = "file:./data/screenshot.db";
/** a window the medium demo session (400 messages, peak ~116K) overflows: its strategy (claude-code) compacts a few times */
const WINDOW = 80_000;

if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
  console.error("screenshot: no production build; run `next build` first");
  process.exit(1);
}
const env = { ...process.env, DATABASE_URL, NEXT_TELEMETRY_DISABLED: "1" };
fs.mkdirSync(path.join(ROOT, "data"), { recursive: true });
for (const file of ["data/screenshot.db", "data/screenshot.db-journal"]) fs.rmSync(path.join(ROOT, file), { force: true });
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
for (const [command, args] of [
  [bin("prisma"), ["migrate", "deploy"]],
  [bin("tsx"), ["scripts/seed.ts"]],
] as const) {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`screenshot: ${path.basename(command)} ${args.join(" ")} failed`);
}

const server = spawn("bash", [path.join(ROOT, "scripts/next-start.sh"), "-p", String(PORT), "-H", "127.0.0.1"], { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
try {
  await waitFor(`${BASE}/api/health`, 90_000);
  const { sessions } = (await (await fetch(`${BASE}/api/sessions`)).json()) as { sessions: { id: string; title: string; messageCount: number }[] };
  const session = sessions.find((candidate) => candidate.messageCount === 400) ?? sessions[0];
  if (!session) throw new Error("screenshot: the seed stored no session");

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    await page.goto(`${BASE}/sessions/${session.id}`);
    await page.getByTestId("strategy-panel").waitFor({ timeout: 30_000 });
    await page.getByTestId("window-input").fill(String(WINDOW));
    await page.getByTestId("run-button").click();
    await page.locator('[data-testid="run-progress"][data-phase="done"]').waitFor({ timeout: 120_000 });
    await page.getByTestId("run-chart").waitFor({ timeout: 30_000 });
    // the page as a visitor sees it after the run: scrolled to the top, nothing focused or hovered
    await page.mouse.move(0, 0);
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      for (const element of document.querySelectorAll("*")) if (element.scrollTop > 0) element.scrollTop = 0;
    });
    await page.waitForTimeout(500);
    fs.writeFileSync(OUT, await page.screenshot({ fullPage: false }));
    console.log(`screenshot: wrote ${path.relative(ROOT, OUT)} (${session.title.slice(0, 60)}…, window ${WINDOW})`);
  } finally {
    await browser.close();
  }
} finally {
  server.kill("SIGTERM");
}

async function waitFor(url: string, timeout: number): Promise<void> {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`screenshot: ${url} did not answer within ${timeout / 1000} s`);
}
