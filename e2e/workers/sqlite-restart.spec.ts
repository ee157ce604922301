import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { generateSession } from "../../lib/generator/generate-session";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "../../lib/testing/fake-llm/fake-anthropic-server";
import { exportOpenAI } from "../../lib/transcripts/export-openai";

/**
 * The embedded default (SQLite, the server's in-process worker): a run in flight when the server is SIGKILLed is not
 * lost — after a restart the recovery sweep re-queues it and the restarted server's worker replays it again to the
 * end; a run whose key came with the request (never stored) is marked `interrupted` with that reason instead.
 */
const PORT = Number(process.env.E2E_RESTART_PORT ?? 3225);
const BASE = `http://127.0.0.1:${PORT}`;

let directory = "";
let file = "";
let fake: FakeAnthropicServer;
let server: ChildProcess | null = null;
let output: string[] = [];

async function startServer(): Promise<void> {
  output = [];
  server = spawn("bash", ["scripts/next-start.sh", "-p", String(PORT), "-H", "127.0.0.1"], {
    env: { ...process.env, DATABASE_URL: `file:${file}`, ANTHROPIC_API_KEY: "restart-e2e-key", ANTHROPIC_BASE_URL: fake.url, LAB_STALE_HEARTBEAT_MS: "3000", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (await fetch(`${BASE}/api/health`).then((response) => response.ok).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not start:\n${output.join("")}`);
}

function runRow(id: string): { status: string; attempts: number; error: string | null } {
  const sqlite = new Database(file, { readonly: true });
  try {
    return sqlite.prepare(`SELECT status, attempts, error FROM "Run" WHERE id = ?`).get(id) as { status: string; attempts: number; error: string | null };
  } finally {
    sqlite.close();
  }
}

async function startRun(sessionId: string, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${BASE}/api/sessions/${sessionId}/runs`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", origin: BASE } });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  await reader.cancel();
  return (JSON.parse(first.split("\n")[0]) as { runId: string }).runId;
}

test.beforeAll(async () => {
  fake = await startFakeAnthropicServer({ port: 0, slowMs: 60_000 });
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-restart-"));
  file = path.join(directory, "lab.db");
  execFileSync("./node_modules/.bin/prisma", ["migrate", "deploy"], { env: { ...process.env, DATABASE_URL: `file:${file}` }, stdio: "ignore" });
});

test.afterAll(async () => {
  server?.kill("SIGKILL");
  await fake?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

test("a run in flight when the server is SIGKILLed is re-queued at restart and replayed; a run with a per-request key is interrupted with the reason", async () => {
  test.setTimeout(180_000);
  await startServer();
  const form = new FormData();
  form.set("file", new Blob([JSON.stringify(exportOpenAI(generateSession({ seed: 51, messages: 400 })))]), "restart.json");
  const uploaded = await fetch(`${BASE}/api/sessions`, { method: "POST", body: form, headers: { origin: BASE } });
  expect(uploaded.status).toBe(201);
  const sessionId = ((await uploaded.json()) as { id: string }).id;
  // the pinned run replays another session: summaries of one session are made one at a time (the per-session lock),
  // so on one session the second run would wait for the first's slow summary instead of being mid-summary itself
  const otherForm = new FormData();
  otherForm.set("file", new Blob([JSON.stringify(exportOpenAI(generateSession({ seed: 52, messages: 400 })))]), "restart-pinned.json");
  const otherUpload = await fetch(`${BASE}/api/sessions`, { method: "POST", body: otherForm, headers: { origin: BASE } });
  expect(otherUpload.status).toBe(201);
  const pinnedSessionId = ((await otherUpload.json()) as { id: string }).id;

  // the fake server holds these summaries for 60 s: both runs are mid-summary when the server dies
  const queued = await startRun(sessionId, { strategy: "opencode", window: 20_000, summarizer: "anthropic", model: "fake-slow" });
  const pinned = await startRun(pinnedSessionId, { strategy: "opencode", window: 20_000, summarizer: "anthropic", model: "fake-slow", apiKey: "a-key-typed-in-the-browser" });
  await expect.poll(() => fake.requests.filter((request) => request.behaviour === "slow").length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  expect(runRow(queued)).toMatchObject({ status: "running", attempts: 1 });
  server!.kill("SIGKILL");
  await new Promise((resolve) => server!.once("exit", resolve));

  await startServer();
  // the restarted server's sweep finds both heartbeats stale: the queued run goes back to the queue and its worker
  // claims it again (attempt 2); the pinned one cannot resume without its key
  await expect.poll(() => runRow(queued).attempts, { timeout: 30_000 }).toBe(2);
  expect(["queued", "running"]).toContain(runRow(queued).status);
  await expect.poll(() => runRow(pinned).status, { timeout: 30_000 }).toBe("interrupted");
  expect(runRow(pinned).error).toContain("its API key came with the request");
  console.log(`after the restart: ${queued} ${JSON.stringify(runRow(queued))}; ${pinned} ${JSON.stringify(runRow(pinned))}`);

  // shown as such: the run history lists both with their status; the re-queued one can be followed and cancelled
  const { runs } = (await (await fetch(`${BASE}/api/sessions/${sessionId}/runs`)).json()) as { runs: { id: string; status: string; error: string | null }[] };
  const { runs: pinnedRuns } = (await (await fetch(`${BASE}/api/sessions/${pinnedSessionId}/runs`)).json()) as { runs: { id: string; status: string; error: string | null }[] };
  expect(pinnedRuns.find((run) => run.id === pinned)).toMatchObject({ status: "interrupted" });
  expect(["queued", "running"]).toContain(runs.find((run) => run.id === queued)!.status);
  const cancel = await fetch(`${BASE}/api/runs/${queued}/cancel`, { method: "POST", headers: { origin: BASE } });
  expect(cancel.status).toBe(200);
  await expect.poll(() => runRow(queued).status, { timeout: 10_000 }).toBe("cancelled");
});
