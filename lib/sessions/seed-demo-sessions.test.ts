import { describe, expect, it } from "vitest";
import { seedDemoSessions } from "./seed-demo-sessions";
import { listSessions } from "../store/sessions";
import { useTestDatabase } from "../testing/use-test-database";
import { reimportUpload } from "./reimport-upload";

describe("seedDemoSessions (fresh SQLite file)", () => {
  useTestDatabase("sqlite");

  it("stores three generated demo sessions as re-importable uploads once, then does nothing", async () => {
    const stored = await seedDemoSessions();
    expect(stored).toHaveLength(3);
    for (const session of stored) expect(session).toMatchObject({ title: expect.stringMatching(/^Generated demo session/), format: "claude-code" });
    // each reads back with exactly the message count its title gives
    expect(stored.map((session) => session.messageCount)).toEqual([60, 400, 2_000]);
    for (const session of stored) expect(session.title).toContain(`(${session.messageCount.toLocaleString("en-US")} messages)`);

    expect(await seedDemoSessions()).toEqual([]);
    expect(await listSessions()).toHaveLength(3);
    expect(await reimportUpload(stored[0].id)).toEqual(stored[0]);
  });
});
