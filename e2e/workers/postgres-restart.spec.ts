import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { postJson, readLines, teamHarness, uploadGenerated, type Started } from "./team-harness";

/**
 * PostgreSQL restarts during a comparison (issue #28): one web instance and two `npm run worker` processes on a
 * database of a cluster this test may restart (PG_RESTART_URL, PG_RESTART_CLUSTER "<version> <name>" for
 * pg_ctlcluster — never the cluster other suites use; scripts/test.sh creates one), a browser following the
 * comparison's progress. `pg_ctlcluster … restart` mid-comparison (a fast shutdown: every connection terminated):
 * the processes stay up, every run ends `done`, and the page's progress view reaches the end without a reload.
 */
const PG_RESTART_URL = process.env.PG_RESTART_URL;
const PG_RESTART_CLUSTER = process.env.PG_RESTART_CLUSTER;
const BASE = `http://127.0.0.1:${Number(process.env.E2E_WORKERS_PORT ?? 3221) + 4}`;
const STRATEGIES = ["none", "trim-messages", "observation-masking", "anthropic-clear-tool-uses", "pi", "claude-code", "codex", "gemini-cli", "opencode", "openclaw", "vibe", "micro-agent", "nous", "evidence"];
const CONFIGS = [...STRATEGIES.map((strategy) => ({ strategy })), { strategy: "trim-messages", settings: { maxConversationMessages: 20 } }, { strategy: "micro-agent", settings: { maxConversationMessages: 20 } }];

test.skip(!PG_RESTART_URL || !PG_RESTART_CLUSTER, "needs PG_RESTART_URL and PG_RESTART_CLUSTER (a PostgreSQL cluster of its own to restart): scripts/test.sh sets them up");

const team = teamHarness({ serverUrl: PG_RESTART_URL ?? "postgresql://unset", prefix: "lab_restart" });
const started: Started[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  team.migrate();
  started.push(await team.startWeb("web", BASE, {}));
  for (const name of ["worker 1", "worker 2"]) started.push(await team.startWorker(name, { WORKER_CONCURRENCY: "2", NEXT_TELEMETRY_DISABLED: "1" }));
});

test.afterAll(async () => {
  await team.stop();
});

test("a PostgreSQL restart mid-comparison: workers stay up, every run ends done, the page's progress view recovers without a reload", async ({ page }) => {
  test.setTimeout(300_000);
  const sessionId = await uploadGenerated(BASE, 3_000, 51);
  const response = await postJson(`${BASE}/api/sessions/${sessionId}/compare`, { configs: CONFIGS, window: 32_000 });
  let resolveId: (id: string) => void = () => undefined;
  const idPromise = new Promise<string>((resolve) => (resolveId = resolve));
  const lines = readLines(response, (line) => {
    if (line.type === "started") resolveId(line.comparisonId as string);
  });
  lines.catch(() => undefined);
  const comparisonId = await idPromise;

  await page.goto(`${BASE}/sessions/${sessionId}/compare?comparison=${comparisonId}`);
  // a mark on this document: a reload would start a new one without it
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const progress = page.getByTestId("compare-progress");
  await expect(progress).toHaveAttribute("data-phase", "running", { timeout: 30_000 });
  // mid-comparison: some configurations done, others running or waiting
  await team.waitFor(async () => {
    const [row] = await team.query<{ done: string; open: string }>(
      `SELECT count(*) FILTER (WHERE status = 'done') AS done, count(*) FILTER (WHERE status IN ('queued', 'running')) AS open FROM "Run" WHERE "comparisonId" = $1`,
      [comparisonId],
    );
    return Number(row.done) >= 2 && Number(row.open) >= 6;
  }, "two configurations done and six still open", 120_000, 100);
  await expect(page.locator('[data-testid="config-progress"][data-phase="done"]').first()).toBeVisible();

  const restartedAt = Date.now();
  execFileSync("pg_ctlcluster", [...PG_RESTART_CLUSTER!.split(" "), "restart"], { stdio: "ignore" });
  console.log(`PostgreSQL restarted in ${Date.now() - restartedAt} ms`);

  await expect(progress).toHaveAttribute("data-phase", "done", { timeout: 240_000 });
  await expect(page.locator('[data-testid="config-progress"][data-phase="done"]')).toHaveCount(16);
  const streamed = await lines;
  const runs = await team.query<{ status: string; attempts: number }>(`SELECT status, attempts FROM "Run" WHERE "comparisonId" = $1`, [comparisonId]);
  console.log(
    `after the restart: the comparison ended ${Math.round((Date.now() - restartedAt) / 1000)} s later; runs ${JSON.stringify(runs.map((run) => run.status))}; ` +
      `attempts ${JSON.stringify(runs.map((run) => run.attempts))}`,
  );
  expect(runs).toHaveLength(16);
  expect(runs.filter((run) => run.status !== "done")).toEqual([]);
  expect(streamed.at(-1)).toMatchObject({ type: "done", rows: 16, failed: 0 });
  // the page was never reloaded: still the document that was marked before the restart
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  for (const entry of started) {
    expect(entry.child.exitCode, `${entry.name} exited\n${team.dump()}`).toBeNull();
    expect(entry.output.join(""), entry.name).not.toMatch(/uncaughtException|Unhandled 'error' event/);
  }
});
