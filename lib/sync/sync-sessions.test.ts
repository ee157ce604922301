import { expect, it } from "vitest";
import { sharedLines } from "../testing/agent-home";
import { describeWithShared } from "../testing/describe-with-shared";
import { useTestDatabase } from "../testing/use-test-database";
import { listSessions } from "../store/sessions";
import type { FoundSession } from "./found-session";
import { localSyncTarget } from "./local-sync-target";
import { syncSessions } from "./sync-sessions";

/** A found pi session whose bytes are the first `lines` lines of the shared pi session. */
const piSession = (path: string, lines: number): FoundSession => ({
  agent: "pi",
  format: "pi",
  agentSessionId: "d703a1a9-1b7b-4fb1-b512-c9738b1fe617",
  path,
  project: "/Users/badlogic/workspaces/pi-mono",
  read: async () => new TextEncoder().encode(sharedLines("pi/pi-mono__large-session.jsonl", 0, lines)),
});

describeWithShared("syncSessions into a SQLite database", () => {
  useTestDatabase("sqlite");
  const target = localSyncTarget("the test database", { databaseUrl: process.env.DATABASE_URL ?? "" });

  it("syncs the first of two files claiming one agent session and fails the other naming it, run after run", async () => {
    const report = await syncSessions({ target, sessions: [piSession("/home/a.jsonl", 20), piSession("/home/b.jsonl", 30)] });
    expect(report).toMatchObject({ found: 2, imported: 1, failed: 1 });
    expect(report.sessions[1]).toMatchObject({ path: "/home/b.jsonl", outcome: "failed", reason: "the same pi session (d703a1a9-1b7b-4fb1-b512-c9738b1fe617) as /home/a.jsonl: only that one is synced" });
    const again = await syncSessions({ target, sessions: [piSession("/home/a.jsonl", 20), piSession("/home/b.jsonl", 30)] });
    expect(again).toMatchObject({ skipped: 1, failed: 1, updated: 0 });
    expect(await listSessions()).toHaveLength(1);
  });

  it("reports a file that cannot be read and goes on", async () => {
    const unreadable: FoundSession = { ...piSession("/home/gone.jsonl", 1), agentSessionId: "gone", read: async () => Promise.reject(new Error("ENOENT: /home/gone.jsonl")) };
    const report = await syncSessions({ target, sessions: [unreadable, piSession("/home/a.jsonl", 25)] });
    expect(report).toMatchObject({ updated: 1, failed: 1 });
    expect(report.sessions[0].reason).toBe("ENOENT: /home/gone.jsonl");
  });
});
