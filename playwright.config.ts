import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_TMPDIR, STALE_SPOOL } from "./e2e/fixtures/server-tmpdir";

const PORT = Number(process.env.E2E_PORT ?? 3200);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** the project's fake Anthropic server (npm run fake-llm) for the anthropic summarizer; never the real API */
const FAKE_LLM_PORT = Number(process.env.E2E_FAKE_LLM_PORT ?? 4210);
/** the project's fake OpenAI-compatible server (npm run fake-openai) for the openai summarizer */
const FAKE_OPENAI_PORT = Number(process.env.E2E_FAKE_OPENAI_PORT ?? FAKE_LLM_PORT + 1);

/**
 * E2E against the production build (`next build` runs first, in scripts/test.sh) on a fresh SQLite file per run.
 * Reports go to reports/ because Playwright empties test-results/ at start.
 */
export default defineConfig({
  testDir: "./e2e",
  // team mode (LAB_ACCESS_TOKEN) runs against its own server: playwright.team.config.ts
  testIgnore: ["team/**", "workers/**"],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: "test-results",
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "reports/playwright.json" }]],
  use: {
    baseURL: BASE_URL,
    ...devices["Desktop Chrome"],
    viewport: { width: 1440, height: 1000 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's chromium; never `npx playwright install` (no network)
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: [
    {
      // a fresh SQLite file per run, migrated with the normal Prisma CLI, then the built app
      // its own temporary directory, holding an upload spool folder a killed server left three days ago (e2e/housekeeping.spec.ts)
      command: `mkdir -p data && rm -f data/e2e.db data/e2e.db-journal && rm -rf ${E2E_TMPDIR} && mkdir -p ${STALE_SPOOL} && touch ${path.join(STALE_SPOOL, "upload")} && touch -d "3 days ago" ${path.join(STALE_SPOOL, "upload")} ${STALE_SPOOL} && ./node_modules/.bin/prisma migrate deploy && bash scripts/next-start.sh -p ${PORT}`,
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NEXT_TELEMETRY_DISABLED: "1",
        TMPDIR: E2E_TMPDIR,
        DATABASE_URL: "file:./data/e2e.db",
        ANTHROPIC_BASE_URL: `http://127.0.0.1:${FAKE_LLM_PORT}`,
        ANTHROPIC_API_KEY: "e2e-dummy-key",
        OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`,
        OPENAI_API_KEY: "e2e-dummy-openai-key",
      },
    },
    {
      command: "./node_modules/.bin/tsx lib/testing/fake-llm/fake-openai-server-main.ts",
      port: FAKE_OPENAI_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { FAKE_OPENAI_PORT: String(FAKE_OPENAI_PORT) },
    },
    {
      command: "./node_modules/.bin/tsx lib/testing/fake-llm/fake-anthropic-server-main.ts",
      port: FAKE_LLM_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { FAKE_LLM_PORT: String(FAKE_LLM_PORT) },
    },
  ],
});
