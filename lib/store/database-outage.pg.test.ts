import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAdvisoryLockPools, withAdvisoryLock } from "./advisory-lock";
import { isDatabaseUnavailable } from "./database-unavailable";
import { retryWhileUnavailable } from "./retry-while-unavailable";
import { PG_TEST_URL, useTestDatabase } from "../testing/use-test-database";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a PostgreSQL restart does to a process, on a real server: its connections are terminated under it
 * (pg_terminate_backend, as a fast shutdown does). An idle or held connection closing must not end the process
 * (an unheard 'error' event would, and vitest reports it), and the errors it causes read as "unavailable".
 */
function outageSuite() {
  const database = useTestDatabase("postgresql");
  let url = "";
  let admin: pg.Client;
  beforeAll(async () => {
    url = database.url();
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await closeAdvisoryLockPools();
  });

  /** Terminates every other connection to the test database, as a restart would. */
  const terminateOthers = async () => {
    const { rows } = await admin.query<{ terminated: boolean }>(
      "SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    return rows.filter((row) => row.terminated).length;
  };

  it("the lock pool's idle connections closing under it do not end the process; the next lock opens new ones", async () => {
    expect(await withAdvisoryLock({ url, key: "lab:test:outage:idle", fn: async () => "first" })).toBe("first");
    expect(await terminateOthers()).toBeGreaterThanOrEqual(1);
    await sleep(300);
    expect(await withAdvisoryLock({ url, key: "lab:test:outage:idle", fn: async () => "after" })).toBe("after");
  });

  it("a held lock's connection closing does not end the process: the holder finishes, the lock is free again", async () => {
    const value = await withAdvisoryLock({
      url,
      key: "lab:test:outage:held",
      fn: async () => {
        expect(await terminateOthers()).toBeGreaterThanOrEqual(1);
        await sleep(300);
        return "held through it";
      },
    });
    expect(value).toBe("held through it");
    expect(await withAdvisoryLock({ url, key: "lab:test:outage:held", fn: async () => "free" })).toBe("free");
  });

  it("reads a terminated connection and a refused one as unavailable, a bad query as not", async () => {
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => undefined);
    await client.connect();
    await terminateOthers();
    const terminated = await client.query("SELECT 1").catch((error: unknown) => error);
    await client.end().catch(() => undefined);
    expect(isDatabaseUnavailable(terminated)).toBe(true);

    const refused = await new pg.Client({ connectionString: Object.assign(new URL(url), { port: "1" }).toString() }).connect().catch((error: unknown) => error);
    expect(isDatabaseUnavailable(refused)).toBe(true);

    const healthy = new pg.Client({ connectionString: url });
    await healthy.connect();
    const syntax = await healthy.query("SELEC 1").catch((error: unknown) => error);
    await healthy.end();
    expect(syntax).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(syntax)).toBe(false);
  });

  it("retryWhileUnavailable waits out an outage, and passes any other error on at once", async () => {
    // the server "restarts": the first tries get real refused connections, then the real database answers
    let tries = 0;
    const value = await retryWhileUnavailable(
      async () => {
        tries++;
        const target = tries < 3 ? Object.assign(new URL(url), { port: "1" }).toString() : url;
        const client = new pg.Client({ connectionString: target });
        await client.connect();
        try {
          return (await client.query<{ answer: number }>("SELECT 42 AS answer")).rows[0].answer;
        } finally {
          await client.end();
        }
      },
      { what: "test" },
    );
    expect(value).toBe(42);
    expect(tries).toBe(3);
    let other = 0;
    await expect(
      retryWhileUnavailable(async () => {
        other++;
        throw new Error("a bad query");
      }, { what: "test" }),
    ).rejects.toThrow("a bad query");
    expect(other).toBe(1);
  });
}

if (PG_TEST_URL) describe("a PostgreSQL outage (connections terminated under the process)", () => outageSuite());
else describe.skip("a PostgreSQL outage (skipped: set PG_TEST_URL)", () => it("needs PG_TEST_URL", () => {}));
