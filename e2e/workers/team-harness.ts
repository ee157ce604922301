import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { expect } from "@playwright/test";
import pg from "pg";
import { generateSession } from "../../lib/generator/generate-session";
import { dropPgDatabase } from "../../lib/testing/drop-pg-database";
import { exportOpenAI } from "../../lib/transcripts/export-openai";

/** A process a spec started, with the tail of its output (printed when a wait times out). */
export interface Started {
  name: string;
  child: ChildProcess;
  output: string[];
}

/**
 * Real processes for a team-mode spec on PostgreSQL: a fresh database on `serverUrl`'s server, web instances
 * (`next start`, LAB_WORKERS=0) and `npm run worker` processes. `stop()` kills them all and drops the database.
 */
export function teamHarness(options: { serverUrl: string; prefix: string }) {
  const processes: Started[] = [];
  const databaseName = `${options.prefix}_${process.pid}_${Date.now()}`;
  const databaseUrl = Object.assign(new URL(options.serverUrl), { pathname: `/${databaseName}` }).toString();

  const start = (name: string, command: string, args: string[], env: Record<string, string>): Started => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    const entry = { name, child, output: [] as string[] };
    const keep = (chunk: Buffer) => {
      entry.output.push(chunk.toString());
      if (entry.output.length > 400) entry.output.shift();
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    processes.push(entry);
    return entry;
  };

  const dump = () => processes.map((entry) => `--- ${entry.name} (exit ${entry.child.exitCode ?? "-"})\n${entry.output.join("").slice(-2_500)}`).join("\n");

  const waitFor = async (check: () => Promise<boolean>, what: string, timeoutMs = 60_000, everyMs = 250): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await check().catch(() => false)) return;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    throw new Error(`timed out waiting for ${what}\n${dump()}`);
  };

  const query = async <Row>(sql: string, values: unknown[] = []): Promise<Row[]> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql, values)).rows as Row[];
    } finally {
      await client.end();
    }
  };

  return {
    databaseUrl,
    processes,
    dump,
    waitFor,
    query,
    migrate() {
      execFileSync("./node_modules/.bin/prisma", ["migrate", "deploy"], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: "ignore" });
    },
    async startWeb(name: string, base: string, env: Record<string, string>): Promise<Started> {
      const web = start(name, "bash", ["scripts/next-start.sh", "-p", new URL(base).port, "-H", "127.0.0.1"], { ...env, DATABASE_URL: databaseUrl, LAB_WORKERS: "0", NEXT_TELEMETRY_DISABLED: "1" });
      await waitFor(async () => (await fetch(`${base}/api/health`)).ok, `${base}/api/health`, 90_000);
      return web;
    },
    async startWorker(name: string, env: Record<string, string>): Promise<Started> {
      const worker = start(name, process.execPath, ["--import", "tsx", "scripts/worker.ts"], { ...env, DATABASE_URL: databaseUrl });
      await waitFor(async () => worker.output.join("").includes("job(s) at once"), `${name} to start`, 60_000);
      return worker;
    },
    /** Busy loops, one per core: the machine at full CPU load while they run. */
    loadCpu(count: number): Started[] {
      return Array.from({ length: count }, (_, index) => start(`busy loop ${index + 1}`, process.execPath, ["-e", "for (;;) {}"], {}));
    },
    async stop(): Promise<void> {
      for (const entry of processes) entry.child.kill("SIGKILL");
      await dropPgDatabase(options.serverUrl, databaseName).catch(() => undefined);
    },
  };
}

/** Uploads a generated session through the API; its id. */
export async function uploadGenerated(base: string, messages: number, seed: number): Promise<string> {
  const body = JSON.stringify(exportOpenAI(generateSession({ seed, messages })));
  const form = new FormData();
  form.set("file", new Blob([body]), `generated-${seed}.json`);
  const response = await fetch(`${base}/api/sessions`, { method: "POST", body: form, headers: { origin: base } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

export function postJson(url: string, body: unknown): Promise<Response> {
  const origin = new URL(url).origin;
  return fetch(url, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", origin } });
}

/** Reads an NDJSON response to its end (or until `onLine` returns true), every line parsed. */
export async function readLines(response: Response, onLine: (line: Record<string, unknown>) => boolean | void = () => false): Promise<Record<string, unknown>[]> {
  expect(response.status, response.status === 200 ? "" : await response.clone().text()).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const lines: Record<string, unknown>[] = [];
  let buffer = "";
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = JSON.parse(buffer.slice(0, newline)) as Record<string, unknown>;
      buffer = buffer.slice(newline + 1);
      lines.push(line);
      if (onLine(line)) {
        await reader.cancel();
        return lines;
      }
      newline = buffer.indexOf("\n");
    }
  }
  return lines;
}

/** The p-th percentile (0-100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
