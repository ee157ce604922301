import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

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
});
