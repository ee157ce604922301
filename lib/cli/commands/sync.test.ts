import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { AGENT_HOME_IDS, buildAgentHome, sharedLines, type AgentHome } from "../../testing/agent-home";
import { describeWithShared } from "../../testing/describe-with-shared";
import { useTestDatabase } from "../../testing/use-test-database";
import { runLabCli } from "../../testing/run-lab-cli";
import { listSessions, loadSession } from "../../store/sessions";
import { fakeCredentials } from "../../testing/fake-credentials";
import { runCli } from "../run-cli";

/** `lab sync …` in this process, with HOME pointing at the test's home folder. */
function sync(home: string, ...args: string[]) {
  return syncWithStdin(home, undefined, ...args);
}

/** `lab sync …` in this process with `readStdin` answering what a hook would write. */
async function syncWithStdin(home: string, readStdin: (() => Promise<string>) | undefined, ...args: string[]) {
  let stdout = "";
  let stderr = "";
  const previous = process.env.HOME;
  process.env.HOME = home;
  try {
    const code = await runCli(["sync", ...args], { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), readStdin });
    return { code, stdout, stderr, report: args.includes("--json") && stdout ? JSON.parse(stdout) : null };
  } finally {
    process.env.HOME = previous;
  }
}

describeWithShared("lab sync into DATABASE_URL's database (SQLite file)", () => {
  const database = useTestDatabase("sqlite");
  let agentHome: AgentHome;
  beforeAll(() => {
    agentHome = buildAgentHome();
  });
  afterAll(() => agentHome.remove());

  it("stores the three sessions once: a second run stores none, a grown file updates its session in place", async () => {
    const dry = await sync(agentHome.home, "--json", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.report).toMatchObject({ dryRun: true, found: 3, imported: 3, updated: 0, skipped: 0, failed: 0 });
    expect(await listSessions()).toHaveLength(0);

    const first = await sync(agentHome.home, "--json");
    expect(first.code).toBe(0);
    expect(first.report).toMatchObject({ found: 3, imported: 3, updated: 0, skipped: 0, held: 0, failed: 0 });
    const keys = first.report.sessions.map((session: { agent: string; agentSessionId: string; project: string }) => [session.agent, session.agentSessionId, session.project]);
    expect(keys).toEqual([
      ["claude-code", AGENT_HOME_IDS.claudeCode, "/path/to/Demo"],
      ["codex", AGENT_HOME_IDS.codex, "/tmp/repo"],
      ["pi", AGENT_HOME_IDS.pi, "/Users/badlogic/workspaces/pi-mono"],
    ]);
    const stored = await listSessions();
    expect(stored.map((session) => session.format).sort()).toEqual(["claude-code", "codex", "pi"]);

    const second = await sync(agentHome.home, "--json");
    expect(second.report).toMatchObject({ found: 3, imported: 0, updated: 0, skipped: 3, failed: 0 });

    const before = stored.find((session) => session.format === "claude-code")!;
    fs.appendFileSync(agentHome.claudeCodeFile, sharedLines("claude-code/ccviewer__1af7fc5e.jsonl", 12, 10));
    const third = await sync(agentHome.home, "--json");
    expect(third.report).toMatchObject({ imported: 0, updated: 1, skipped: 2, failed: 0 });
    const after = (await listSessions()).find((session) => session.format === "claude-code")!;
    expect(after.id).toBe(before.id);
    expect(after.messageCount).toBeGreaterThan(before.messageCount);
    expect(await listSessions()).toHaveLength(3);
  });

  it("takes --include / --exclude by project, --file for one session, and names a file that does not fit with its line", async () => {
    const included = await sync(agentHome.home, "--json", "--dry-run", "--include", "pi-mono");
    expect(included.report).toMatchObject({ found: 3, excluded: 2, skipped: 1 });
    const excluded = await sync(agentHome.home, "--json", "--dry-run", "--exclude", "/tmp/**", "--exclude", "Demo");
    expect(excluded.report.sessions.map((session: { agent: string }) => session.agent)).toEqual(["pi"]);

    const subagent = path.join(path.dirname(agentHome.claudeCodeFile), AGENT_HOME_IDS.claudeCode, "subagents", "agent-a5bdbc1.jsonl");
    fs.mkdirSync(path.dirname(subagent), { recursive: true });
    fs.writeFileSync(subagent, sharedLines("claude-code/session-share__0ccf1a04__subagents__agent-a5bdbc1.jsonl", 0, 7));
    const one = await sync(agentHome.home, "--json", "--file", subagent);
    expect(one.report).toMatchObject({ found: 1, imported: 1 });
    expect(one.report.sessions[0].agentSessionId).toBe(AGENT_HOME_IDS.claudeCodeSubagent);
    const all = await sync(agentHome.home, "--json");
    expect(all.report).toMatchObject({ found: 4, imported: 0, skipped: 4 });

    const broken = path.join(path.dirname(agentHome.codexFile), "rollout-2026-08-03T11-00-00-019fc8be-3658-7ca3-9e29-00000000beef.jsonl");
    fs.writeFileSync(broken, `${sharedLines("codex/agent-sessions__codex-small-schema-fixture.jsonl", 0, 3)}{"timestamp":"2026-08-03T10:49:00.000Z","type":"response_item"}\n`);
    // a new session holding a credential goes into this machine's database with its findings, counted in the report
    const token = fakeCredentials(5).find((credential) => credential.rule === "github")!.value;
    const leaky = path.join(agentHome.home, ".pi/agent/sessions/--tmp-leaky--/2026-01-01_leaky.jsonl");
    fs.mkdirSync(path.dirname(leaky), { recursive: true });
    fs.writeFileSync(leaky, `${JSON.stringify({ type: "session", version: 3, id: "leaky-session", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/tmp/leaky" })}\n${JSON.stringify({ type: "message", id: "m1", parentId: null, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: `push with ${token}` } })}\n`);
    const local = await sync(agentHome.home, "--json", "--agents", "pi");
    expect(local.report.sessions.find((session: { agentSessionId: string }) => session.agentSessionId === "leaky-session")).toMatchObject({ outcome: "imported", credentials: 2 });
    expect(local.stdout).not.toContain(token);
    // grown, and synced with --redact: the stored session is updated without the credential
    fs.appendFileSync(leaky, `${JSON.stringify({ type: "message", id: "m2", parentId: "m1", timestamp: "2026-01-01T00:00:02.000Z", message: { role: "user", content: "and tag it" } })}\n`);
    const redacted = await sync(agentHome.home, "--json", "--agents", "pi", "--redact");
    const stored = redacted.report.sessions.find((session: { agentSessionId: string }) => session.agentSessionId === "leaky-session");
    expect(stored).toMatchObject({ outcome: "updated" });
    expect(stored.credentials).toBeUndefined();
    const content = JSON.stringify(await loadSession(stored.id));
    expect(content).not.toContain(token);
    expect(content).toContain("[REDACTED:GITHUB_TOKEN]");
    fs.rmSync(leaky);

    const failing = await sync(agentHome.home, "--json");
    expect(failing.code).toBe(1);
    expect(failing.report).toMatchObject({ found: 5, imported: 0, skipped: 4, failed: 1 });
    const failure = failing.report.sessions.find((session: { outcome: string }) => session.outcome === "failed");
    expect(failure.reason).toMatch(/format codex: .*line 4/);
    expect(await listSessions()).toHaveLength(5);
    fs.rmSync(broken);
  });

  it("syncs the session a Claude Code hook names on stdin (the real CLI, HOME from the environment)", async () => {
    fs.appendFileSync(agentHome.claudeCodeFile, sharedLines("claude-code/ccviewer__1af7fc5e.jsonl", 22, 4));
    const hookInput = JSON.stringify({ session_id: AGENT_HOME_IDS.claudeCode, transcript_path: agentHome.claudeCodeFile, cwd: "/path/to/Demo", hook_event_name: "PreCompact", trigger: "auto" });
    const outcome = await runLabCli(["sync", "--hook", "--json"], { HOME: agentHome.home, DATABASE_URL: database.url() }, { input: hookInput });
    expect(outcome.stderr).toBe("");
    expect(JSON.parse(outcome.stdout)).toMatchObject({ found: 1, updated: 1 });
  });

  it("finds the session a Codex hook names by its session id when its transcript_path is null", async () => {
    fs.appendFileSync(agentHome.codexFile, sharedLines("codex/agent-sessions__codex-small-schema-fixture.jsonl", 40, 10));
    const stdin = (text: string) => async () => text;
    const hook = JSON.stringify({ session_id: AGENT_HOME_IDS.codex, transcript_path: null, cwd: "/tmp/repo", hook_event_name: "Stop", model: "gpt-5.5" });
    const synced = await syncWithStdin(agentHome.home, stdin(hook), "--hook", "--json");
    expect(synced.report).toMatchObject({ found: 1, updated: 1 });
    expect(synced.report.sessions[0].agentSessionId).toBe(AGENT_HOME_IDS.codex);
    const unknown = await syncWithStdin(agentHome.home, stdin(JSON.stringify({ session_id: "no-such-session", transcript_path: null })), "--hook");
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining("no session no-such-session in the agents' folders") });
    const notJson = await syncWithStdin(agentHome.home, stdin("hello"), "--hook");
    expect(notJson).toMatchObject({ code: 2, stderr: expect.stringContaining("text that is not JSON") });
  });
});

describeWithShared("lab sync --dry-run into a SQLite file that does not exist yet", () => {
  let agentHome: AgentHome;
  beforeAll(() => {
    agentHome = buildAgentHome();
  });
  afterAll(() => agentHome.remove());

  it("reports every session as one it would import and leaves no database file behind", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "lab-sync-dry-"));
    const file = path.join(folder, "nested", "lab.db");
    const previous = process.env.DATABASE_URL;
    process.env.DATABASE_URL = `file:${file}`;
    try {
      const dry = await sync(agentHome.home, "--json", "--dry-run");
      expect(dry.code).toBe(0);
      expect(dry.report).toMatchObject({ dryRun: true, found: 3, imported: 3, skipped: 0, failed: 0 });
      expect(fs.existsSync(file)).toBe(false);
      expect(fs.existsSync(path.dirname(file))).toBe(false);
    } finally {
      process.env.DATABASE_URL = previous;
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
