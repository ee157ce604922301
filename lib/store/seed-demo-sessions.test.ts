import { describe, expect, it } from "vitest";
import { DEMO_SESSIONS, seedDemoSessions } from "./seed-demo-sessions";
import { listSessions, reimportSession } from "./sessions";
import { useTestDatabase } from "./use-test-database";

describe("seedDemoSessions (fresh SQLite file)", () => {
  useTestDatabase("sqlite");

  it("stores the three generated demo sessions once, then does nothing", async () => {
    const stored = await seedDemoSessions();
    expect(stored.map((session) => session.messageCount)).toEqual(DEMO_SESSIONS.map((demo) => demo.messages));
    for (const session of stored) expect(session.title).toMatch(/^Generated demo session/);
    expect(await seedDemoSessions()).toEqual([]);
    expect((await listSessions()).sessions).toHaveLength(3);
    await expect(reimportSession(stored[0].id)).rejects.toMatchObject({ code: "not_found:upload" });
  });
});
