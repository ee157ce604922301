import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { runCli } from "../lib/cli/run-cli";

const ROOT = path.resolve(import.meta.dirname, "..");
const run = (...args: string[]) => promisify(execFile)(process.execPath, ["scripts/lab.cjs", ...args], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });

describe("npm run lab (scripts/lab.cjs: the CLI from its prebuilt bundle)", () => {
  it("three processes starting together build the bundle once between them and all answer; bad input still exits 2", async () => {
    const answers = await Promise.all([run("formats", "--json"), run("strategies", "--json"), run("formats", "--json")]);
    expect(JSON.parse(answers[0].stdout)).toContain("claude-code");
    expect((JSON.parse(answers[1].stdout) as { id: string }[]).map((strategy) => strategy.id)).toContain("nous");
    expect(answers[2].stdout).toBe(answers[0].stdout);
    await expect(run("simulate", path.join(ROOT, "package.json"), "--strategy", "none")).rejects.toMatchObject({ code: 2 });
  });

  it("a command's first run leaves its code cache beside the bundle, and runs that start from it answer the same", async () => {
    const built = await promisify(execFile)(process.execPath, ["scripts/build-cli.mjs"], { cwd: ROOT });
    const folder = /CLI bundle: (.+)/.exec(built.stdout)?.[1] ?? "";
    const cache = path.join(ROOT, folder, "code-cache", "formats.bin");
    fs.rmSync(cache, { force: true });
    const first = await run("formats", "--json");
    expect(fs.statSync(cache).size).toBeGreaterThan(0);
    const written = fs.statSync(cache).mtimeMs;
    const second = await run("formats", "--json");
    expect(second.stdout).toBe(first.stdout);
    expect(fs.statSync(cache).mtimeMs).toBe(written); // accepted by V8, so not written again
  });

  it("the bundle's lazily loaded o200k tokenizer counts exactly as the module the app imports (--estimator bpe)", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lab-cli-bpe-")), "session.json");
    await run("generate", "--seed", "7", "--messages", "120", "--as", "anthropic", "--out", file);
    const args = ["simulate", file, "--strategy", "claude-code", "--window", "8000", "--estimator", "bpe", "--json"];
    const bundled = JSON.parse((await run(...args)).stdout) as { estimator: string; steps: { contextTokens: number }[] };
    let inProcess = "";
    expect(await runCli(args, { stdout: (text) => void (inProcess += text), stderr: () => {} })).toBe(0);
    expect(bundled.estimator).toBe("bpe");
    expect(bundled.steps.length).toBeGreaterThan(10);
    expect(bundled).toEqual(JSON.parse(inProcess));
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it("the bundle's lazily required price catalog prices a run exactly as the module the app imports (--cost-model), and a session without a model prices nothing", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lab-cli-prices-")), "session.json");
    await run("generate", "--seed", "7", "--messages", "120", "--as", "anthropic", "--out", file);
    for (const extra of [["--cost-model", "claude-sonnet-4-5"], []]) {
      const args = ["simulate", file, "--strategy", "claude-code", "--window", "8000", ...extra, "--json"];
      const bundled = JSON.parse((await run(...args)).stdout) as { cost: { totalUsd: number | null; price: { source: string } } | null };
      let inProcess = "";
      expect(await runCli(args, { stdout: (text) => void (inProcess += text), stderr: () => {} })).toBe(0);
      expect(bundled).toEqual(JSON.parse(inProcess));
      if (extra.length > 0) expect(bundled.cost).toMatchObject({ totalUsd: expect.any(Number), price: { source: expect.stringContaining("@pydantic/genai-prices") } });
      else expect(bundled.cost).toBeNull();
    }
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it("lab worker starts a job worker on DATABASE_URL (the embedded queue on a fresh SQLite file), replays a queued run, and stops on SIGTERM; a bad --concurrency exits 2", async () => {
    await expect(run("worker", "--concurrency", "0")).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("--concurrency takes a whole number") });
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-cli-worker-"));
    const url = `file:${path.join(directory, "lab.db")}`;
    const { spawn } = await import("node:child_process");
    const child = spawn(process.execPath, ["scripts/lab.cjs", "worker", "--concurrency", "1"], { cwd: ROOT, env: { ...process.env, DATABASE_URL: url }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    await expect.poll(() => output, { timeout: 60_000 }).toContain("embedded on file:");
    expect(output).toContain("1 job(s) at once");
    // a run stored `queued` in its database by someone else is replayed by this worker
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = url;
    const { storeSession } = await import("../lib/store/sessions");
    const { createRun, getRunRecord } = await import("../lib/store/runs");
    const { closeDatabases } = await import("../lib/store/db");
    const { generateSession } = await import("../lib/generator/generate-session");
    try {
      const { id: sessionId } = await storeSession({ session: generateSession({ seed: 3, messages: 60 }), sessionCount: 1, pick: 0 });
      const queued = await createRun({ sessionId, strategyId: "trim-messages", settings: { maxConversationMessages: 10 }, options: { window: 8_000, outputReserve: 0, estimator: "chars4", summarizer: "extractive", model: null, instructions: null, compactAtStep: null, promptOverrides: null } });
      await expect.poll(async () => (await getRunRecord(queued.id)).status, { timeout: 30_000 }).toBe("done");
    } finally {
      await closeDatabases();
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("SIGTERM: stopping");
    fs.rmSync(directory, { recursive: true, force: true });
  }, 120_000);
});
