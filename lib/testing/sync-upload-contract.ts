import fs from "node:fs";
import { expect, it } from "vitest";
import { syncUpload } from "../sessions/sync-upload";
import { findSyncedSessions } from "../store/find-synced-sessions";
import { listSessions } from "../store/sessions";
import { sharedLines } from "./agent-home";
import { sharedTranscript } from "./shared-transcripts";

/**
 * syncUpload on whichever database the caller's useTestDatabase opened (SQLite or PostgreSQL): new → imported,
 * same hash → unchanged, grown → updated in place, and two syncs racing to store one new agent session store one.
 */
export function syncUploadContract(): void {
  const encode = (text: string) => new TextEncoder().encode(text);
  const key = { format: "pi" as const, agentSessionId: "d703a1a9-1b7b-4fb1-b512-c9738b1fe617" };

  it("imports a new agent session, leaves the same file alone, updates a grown one in place", async () => {
    const first = await syncUpload({ ...key, bytes: encode(sharedLines("pi/pi-mono__large-session.jsonl", 0, 20)), sourceName: "s.jsonl" });
    expect(first.outcome).toBe("imported");
    expect((await syncUpload({ ...key, bytes: encode(sharedLines("pi/pi-mono__large-session.jsonl", 0, 20)) })).outcome).toBe("unchanged");
    const grown = await syncUpload({ ...key, bytes: encode(sharedLines("pi/pi-mono__large-session.jsonl", 0, 40)) });
    expect(grown).toMatchObject({ outcome: "updated", id: first.id });
    expect(grown.session!.messageCount).toBeGreaterThan(first.session!.messageCount);
    const [stored] = await findSyncedSessions([key]);
    expect(stored).toMatchObject({ id: first.id, ...key, sourceSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await listSessions()).filter((session) => session.format === "pi")).toHaveLength(1);
  });

  it("stores one session when two syncs of a new agent session race", async () => {
    const raced = { format: "codex" as const, agentSessionId: "019ed99c-d00d-7613-b2e7-d2f512f78afd" };
    const bytes = new Uint8Array(fs.readFileSync(sharedTranscript("codex/agent-sessions__codex-small-schema-fixture.jsonl")));
    const outcomes = await Promise.all([syncUpload({ ...raced, bytes }), syncUpload({ ...raced, bytes: bytes.slice() })]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(expect.arrayContaining(["imported"]));
    expect(new Set(outcomes.map((outcome) => outcome.id)).size).toBe(1);
    expect((await listSessions()).filter((session) => session.format === "codex")).toHaveLength(1);
  });
}
