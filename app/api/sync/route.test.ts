import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runCli } from "@/lib/cli/run-cli";
import { listSessions, loadSession } from "@/lib/store/sessions";
import { readSessionUpload } from "@/lib/store/read-session-upload";
import { buildAgentHome, sharedLines, type AgentHome } from "@/lib/testing/agent-home";
import { describeWithShared } from "@/lib/testing/describe-with-shared";
import { fakeCredentials } from "@/lib/testing/fake-credentials";
import { serveRouteHandlers } from "@/lib/testing/serve-route-handlers";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { POST as syncPost } from "./route";
import { POST as statePost } from "./state/route";

const TOKEN = "team-token-for-the-sync-test-0123456789";

/** `lab sync --to <the test's lab> …` in this process, HOME at the test's home folder (the token: LAB_ACCESS_TOKEN, the lab's own). */
async function syncTo(options: { home: string; url: string; args: string[] }) {
  let stdout = "";
  let stderr = "";
  const saved = { HOME: process.env.HOME };
  process.env.HOME = options.home;
  process.env.LAB_ACCESS_TOKEN = TOKEN;
  try {
    const code = await runCli(["sync", "--to", options.url, "--json", ...options.args], { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
    return { code, stderr, report: stdout ? JSON.parse(stdout) : null };
  } finally {
    process.env.HOME = saved.HOME;
  }
}

describeWithShared("lab sync --to a team lab (the real route handlers over HTTP, SQLite)", () => {
  useTestDatabase("sqlite");
  let lab: { url: string; close(): Promise<void> };
  let agentHome: AgentHome;
  const savedToken = process.env.LAB_ACCESS_TOKEN;
  beforeAll(async () => {
    process.env.LAB_ACCESS_TOKEN = TOKEN;
    lab = await serveRouteHandlers({ "/api/sync": { POST: syncPost }, "/api/sync/state": { POST: statePost } });
    agentHome = buildAgentHome();
  });
  afterAll(async () => {
    await lab.close();
    agentHome.remove();
    if (savedToken === undefined) delete process.env.LAB_ACCESS_TOKEN;
    else process.env.LAB_ACCESS_TOKEN = savedToken;
  });

  it("sends the three sessions once, then none; a grown one updates the lab's copy", async () => {
    const first = await syncTo({ home: agentHome.home, url: lab.url, args: [] });
    expect(first.stderr).toBe("");
    expect(first.report).toMatchObject({ target: lab.url, found: 3, imported: 3, updated: 0, skipped: 0, held: 0, failed: 0 });
    expect((await listSessions()).map((session) => session.format).sort()).toEqual(["claude-code", "codex", "pi"]);
    const second = await syncTo({ home: agentHome.home, url: lab.url, args: [] });
    expect(second.report).toMatchObject({ imported: 0, updated: 0, skipped: 3 });
    fs.appendFileSync(agentHome.piFile, sharedLines("pi/pi-mono__large-session.jsonl", 30, 20));
    const third = await syncTo({ home: agentHome.home, url: lab.url, args: [] });
    expect(third.report).toMatchObject({ imported: 0, updated: 1, skipped: 2 });
    expect(await listSessions()).toHaveLength(3);
  });

  it("refuses to go on with a wrong token, naming the lab and the variable", async () => {
    // the lab runs in this process, so the wrong token comes from --token-file (LAB_ACCESS_TOKEN is the lab's own)
    const tokenFile = path.join(agentHome.home, "wrong-token");
    fs.writeFileSync(tokenFile, "not-the-token\n");
    const refused = await syncTo({ home: agentHome.home, url: lab.url, args: ["--token-file", tokenFile] });
    expect(refused.code).toBe(1);
    expect(refused.report).toBeNull();
    expect(refused.stderr).toMatch(/refused the access token \(set LAB_ACCESS_TOKEN/);
  });

  it("holds back a session holding a credential unless --redact, which sends it redacted", async () => {
    const token = fakeCredentials(21).find((credential) => credential.rule === "github")!.value;
    const leaky = path.join(agentHome.home, ".pi", "agent", "sessions", "--tmp-leaky--", "2026-01-01T00-00-00-000Z_leaky.jsonl");
    fs.mkdirSync(path.dirname(leaky), { recursive: true });
    const header = { type: "session", version: 3, id: "5e55e55e-0000-4000-8000-00000000leak", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/tmp/leaky" };
    const message = { type: "message", id: "a1b2c3d4", parentId: null, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: [{ type: "text", text: `push with ${token}` }], timestamp: 1767225601000 } };
    fs.writeFileSync(leaky, `${JSON.stringify(header)}\n${JSON.stringify(message)}\n`);

    const held = await syncTo({ home: agentHome.home, url: lab.url, args: [] });
    expect(held.code).toBe(1);
    expect(held.report).toMatchObject({ found: 4, imported: 0, skipped: 3, held: 1 });
    const heldFile = held.report.sessions.find((session: { outcome: string }) => session.outcome === "held");
    expect(heldFile.reason).toMatch(/holds 2 credentials \(GITHUB_TOKEN\): not sent to http:\/\/127\.0\.0\.1:\d+; pass --redact/);
    expect(await listSessions()).toHaveLength(3);

    const redacted = await syncTo({ home: agentHome.home, url: lab.url, args: ["--redact"] });
    expect(redacted.code).toBe(0);
    expect(redacted.report).toMatchObject({ imported: 1, skipped: 3, held: 0 });
    const id = redacted.report.sessions.find((session: { agentSessionId: string }) => session.agentSessionId === header.id).id;
    const stored = JSON.stringify(await loadSession(id));
    expect(stored).not.toContain(token);
    expect(stored).toContain("[REDACTED:GITHUB_TOKEN]");
    // the lab records the sender's redaction: when, and how many it replaced
    const [summary] = (await listSessions()).filter((session) => session.id === id);
    expect(summary.secrets).toMatchObject({ count: 0, redactedCount: 2, redactedAt: expect.any(Date) });
    const upload = new TextDecoder().decode((await readSessionUpload(id)).bytes);
    expect(upload).not.toContain(token);
    expect(upload).toContain("[REDACTED:GITHUB_TOKEN]");
    // the lab keys it by the file as found: unchanged, it is not sent again
    const again = await syncTo({ home: agentHome.home, url: lab.url, args: ["--redact"] });
    expect(again.report).toMatchObject({ imported: 0, updated: 0, skipped: 4 });
  });

  it("answers 400 naming the line for a file that does not fit, 400 for a bad key, 403 to another site", async () => {
    const headers = { authorization: `Bearer ${TOKEN}`, "content-type": "application/octet-stream" };
    const bad = await fetch(`${lab.url}/api/sync?format=codex&agentSessionId=x`, { method: "POST", headers, body: `${sharedLines("codex/agent-sessions__codex-small-schema-fixture.jsonl", 0, 2)}{"type":"response_item"}\n` });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.error.issues[0].line).toBe(3);
    const noKey = await fetch(`${lab.url}/api/sync?format=codex`, { method: "POST", headers, body: "{}" });
    expect(noKey.status).toBe(400);
    expect((await noKey.json()).error.code).toBe("invalid_request");
    const crossSite = await fetch(`${lab.url}/api/sync?format=codex&agentSessionId=x`, { method: "POST", headers: { ...headers, origin: "https://elsewhere.example" }, body: "{}" });
    expect(crossSite.status).toBe(403);
    const state = await fetch(`${lab.url}/api/sync/state`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ sessions: [{ format: "nope", agentSessionId: "x" }] }) });
    expect(state.status).toBe(400);
  });
});
