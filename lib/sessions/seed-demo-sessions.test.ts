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
    const [small, medium, large] = stored.map((session) => session.messageCount);
    expect(small).toBeGreaterThan(30);
    expect(small).toBeLessThan(medium);
    expect(medium).toBeLessThan(large);
    expect(large).toBeGreaterThan(1_000);

    expect(await seedDemoSessions()).toEqual([]);
    expect(await listSessions()).toHaveLength(3);
    expect(await reimportUpload(stored[0].id)).toEqual(stored[0]);
  });
});
