import { describe, expect, it } from "vitest";
import type { Session } from "../engine/model";
import { runCli } from "./run-cli";

async function run(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { code, stdout, stderr };
}

describe("runCli", () => {
  it.each([
    { args: [], message: /commands:/ },
    { args: ["nope"], message: /unknown command "nope"/ },
    { args: ["formats", "--yaml"], message: /Unknown option '--yaml'/ },
    { args: ["import"], message: /import takes one file, got 0/ },
    { args: ["import", "a.json", "b.json"], message: /import takes one file, got 2/ },
    { args: ["import", "a.json", "--format", "xml"], message: /unknown format "xml"/ },
    { args: ["import", "a.json", "--pick=-1"], message: /--pick takes an integer ≥ 0/ },
    { args: ["import", "a.json", "--pick", "one"], message: /--pick takes an integer/ },
    { args: ["generate", "--messages", "2"], message: /--messages takes an integer ≥ 3/ },
    { args: ["generate", "--as", "xml"], message: /--as takes one of/ },
  ])("exits 2 with a usage message for $args", async ({ args, message }) => {
    const { code, stdout, stderr } = await run(...args);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
    expect(stderr).toMatch(/usage:/);
  });

  it.each(["--help", "help"])("lists the commands for %s on stdout", async (flag) => {
    const { code, stdout } = await run(flag);
    expect(code).toBe(0);
    for (const command of ["formats", "import", "generate", "strategies", "simulate"]) {
      expect(stdout).toMatch(new RegExp(`^  ${command} +\\S`, "m"));
    }
  });

  it("writes a canonical session to stdout without --out", async () => {
    const { code, stdout } = await run("generate", "--seed", "4", "--messages", "30", "--as", "canonical");
    expect(code).toBe(0);
    const session = JSON.parse(stdout) as Session;
    expect(session.messages).toHaveLength(30);
    expect(session.title).toContain("seed 4");
  });

  it("writes an Anthropic request with the system prompt kept", async () => {
    const { code, stdout } = await run("generate", "--seed", "4", "--messages", "30", "--as", "anthropic");
    expect(code).toBe(0);
    const request = JSON.parse(stdout) as { system: string; messages: { role: string }[] };
    expect(request.system).toMatch(/coding agent/);
    expect(request.messages[0].role).toBe("user");
  });
});
