import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/**
 * Team mode in real Chromium: the same production build served with LAB_ACCESS_TOKEN set, on its own port and
 * SQLite file, for e2e/team/*.spec.ts (the sign-in page, the token on API routes).
 */
export const TEAM_TOKEN = process.env.E2E_TEAM_TOKEN ?? "e2e-team-token-5d1f0c";
const PORT = Number(process.env.E2E_TEAM_PORT ?? 3201);
const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  ...base,
  testDir: "./e2e/team",
  testIgnore: [],
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "reports/playwright-team.json" }]],
  use: { ...base.use, baseURL: BASE_URL },
  webServer: [
    {
      command: `mkdir -p data && rm -f data/e2e-team.db data/e2e-team.db-journal && DATABASE_URL=file:./data/e2e-team.db ./node_modules/.bin/prisma migrate deploy && ./node_modules/.bin/next start -p ${PORT}`,
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { NEXT_TELEMETRY_DISABLED: "1", DATABASE_URL: "file:./data/e2e-team.db", LAB_ACCESS_TOKEN: TEAM_TOKEN },
    },
  ],
});
