import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const REPO = path.resolve(import.meta.dirname, "../..");
const MAIN = path.join(REPO, "lib/cli/main.ts");

export interface LabCliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `lab …` in a child process, as `npm run lab` runs it, for CLI tests. Asynchronous, so a fake server living in the
 * test's own process keeps answering. `env` is laid over this process's environment; a variable set to undefined is
 * removed (e.g. `ANTHROPIC_API_KEY: undefined` to test the no-key path). `options.input` is written to its stdin.
 */
export async function runLabCli(args: readonly string[], env: Record<string, string | undefined> = {}, options: { input?: string } = {}): Promise<LabCliOutcome> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  try {
    const running = promisify(execFile)(process.execPath, ["--import", "tsx", MAIN, ...args], { cwd: REPO, env: childEnv, maxBuffer: 64 * 1024 * 1024 });
    // what the command reads on stdin (a hook's JSON); without it stdin is closed at once
    running.child.stdin?.end(options.input ?? "");
    const { stdout, stderr } = await running;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}
