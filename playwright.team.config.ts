import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/**
 * Team mode in real Chromium: the same production build served with LAB_ACCESS_TOKEN set, on its own port and
 * SQLite file, for e2e/team/*.spec.ts (the sign-in page, sessions and sign-out, the token on API routes), with a
 * trusted-proxy secret so a spec can put its own reverse proxy in front.
 */
export const TEAM_TOKEN = process.env.E2E_TEAM_TOKEN ?? "e2e-team-token-5d1f0c";
/** the secret the suite's own reverse proxy (e2e/team/trusted-proxy.ts) proves itself with */
export const TEAM_PROXY_SECRET = "e2e-team-proxy-secret-7a41c9e2b35d";
export const TEAM_DATABASE_URL = "file:./data/e2e-team.db";
const PORT = Number(process.env.E2E_TEAM_PORT ?? 3201);
export const TEAM_BASE_URL = `http://127.0.0.1:${PORT}`;
const BASE_URL = TEAM_BASE_URL;

export default defineConfig({
  ...base,
  testDir: "./e2e/team",
  testIgnore: [],
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "reports/playwright-team.json" }]],
  use: { ...base.use, baseURL: BASE_URL },
  webServer: [
    {
      command: `mkdir -p data && rm -f data/e2e-team.db data/e2e-team.db-journal && DATABASE_URL=file:./data/e2e-team.db ./node_modules/.bin/prisma migrate deploy && bash scripts/next-start.sh -p ${PORT}`,
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { NEXT_TELEMETRY_DISABLED: "1", DATABASE_URL: TEAM_DATABASE_URL, LAB_ACCESS_TOKEN: TEAM_TOKEN, LAB_TRUSTED_PROXY_SECRET: TEAM_PROXY_SECRET },
    },
  ],
});
