import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { runLabCli } from "../testing/run-lab-cli";

const REPO = path.resolve(import.meta.dirname, "../..");

/** A process of the lab started with `env` over a clean copy of this one's; its exit code and stderr. */
async function start(args: string[], env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", ...args], { cwd: REPO, env: { ...process.env, DATABASE_URL: "file:./data/never-opened.db", ...env }, timeout: 60_000 });
    return { code: 0, stderr };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { code: failed.code ?? -1, stderr: failed.stderr ?? "" };
  }
}

describe("a bad environment value stops start-up with one message", () => {
  it("the worker (npm run worker): LAB_JOB_EXPIRE_SECONDS=abc, which used to fall back silently", async () => {
    const outcome = await start(["scripts/worker.ts"], { LAB_JOB_EXPIRE_SECONDS: "abc" });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr.trim()).toBe('[worker] cannot start. The environment has a bad value:\n  LAB_JOB_EXPIRE_SECONDS must be a whole number of seconds ≥ 1, got "abc"');
  });

  it("the server (instrumentation's register): WORKER_CONCURRENCY=abc", async () => {
    const outcome = await start(["-e", 'import("./instrumentation.ts").then((m) => m.register())'], { NEXT_RUNTIME: "nodejs", WORKER_CONCURRENCY: "abc" });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr.trim()).toBe('[server] cannot start. The environment has a bad value:\n  WORKER_CONCURRENCY must be a whole number ≥ 1, got "abc"');
  });

  it("the CLI: exit 2 and the message, for a command that needs no database too", async () => {
    const outcome = await runLabCli(["formats"], { LAB_WORKERS: "yes" });
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toBe('error: The environment has a bad value:\n  LAB_WORKERS must be 0 (this web instance runs no workers) or 1, got "yes"\n');
    expect(outcome.stdout).toBe("");
  });
});
