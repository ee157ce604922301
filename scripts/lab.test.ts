import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { runCli } from "../lib/cli/run-cli";

const ROOT = path.resolve(import.meta.dirname, "..");
const run = (...args: string[]) => promisify(execFile)(process.execPath, ["scripts/lab.mjs", ...args], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });

describe("npm run lab (scripts/lab.mjs: the CLI from its prebuilt bundle)", () => {
  it("three processes starting together build the bundle once between them and all answer; bad input still exits 2", async () => {
    const answers = await Promise.all([run("formats", "--json"), run("strategies", "--json"), run("formats", "--json")]);
    expect(JSON.parse(answers[0].stdout)).toContain("claude-code");
    expect((JSON.parse(answers[1].stdout) as { id: string }[]).map((strategy) => strategy.id)).toContain("nous");
    expect(answers[2].stdout).toBe(answers[0].stdout);
    await expect(run("simulate", path.join(ROOT, "package.json"), "--strategy", "none")).rejects.toMatchObject({ code: 2 });
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
});
