import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/**
 * Team mode on PostgreSQL with real processes (e2e/workers/*.spec.ts): the spec itself starts two web instances of
 * the production build and two `npm run worker` processes on a fresh database of PG_TEST_URL's server (no browser,
 * no webServer here), so it can SIGKILL a worker mid-sweep.
 */
export default defineConfig({
  ...base,
  testDir: "./e2e/workers",
  testIgnore: [],
  timeout: 240_000,
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "reports/playwright-workers.json" }]],
  webServer: undefined,
});
