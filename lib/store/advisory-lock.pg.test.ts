import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withSessionLock } from "../runs/session-lock";
import { closeAdvisoryLockPools, withAdvisoryLock } from "./advisory-lock";
import { PG_TEST_URL, useTestDatabase } from "../testing/use-test-database";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function advisoryLockSuite() {
  const database = useTestDatabase("postgresql");
  let url = "";
  // two pools = two sets of connections, as two processes on one database would have
  let pools: pg.Pool[] = [];
  beforeAll(() => {
    url = database.url();
    pools = [new pg.Pool({ connectionString: url, max: 4 }), new pg.Pool({ connectionString: url, max: 4 })];
    // pool.end() resolves once its idle clients are told to close, not once their sockets have: the test database is
    // then dropped WITH (FORCE), whose termination (57P01) can reach a client still closing, which its pool re-emits
    // as 'error' — unheard, an uncaught exception that failed a CI run with every test passed. The app's lock pool
    // listens the same way (advisory-lock.ts).
    for (const pool of pools) pool.on("error", () => undefined);
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await closeAdvisoryLockPools();
  });

  it("holders of one key on two connection pools never overlap; another key does not wait", async () => {
    const key = `lab:test:session:${Date.now()}`;
    const log: string[] = [];
    let aEntered!: () => void;
    const aIn = new Promise<void>((resolve) => (aEntered = resolve));
    let inside = 0;
    let maxInside = 0;
    const hold = (name: string, pool: pg.Pool, ms: number) =>
      withAdvisoryLock({
        url,
        key,
        pool,
        fn: async () => {
          inside++;
          maxInside = Math.max(maxInside, inside);
          log.push(`${name} in`);
          if (name === "a") aEntered();
          await sleep(ms);
          log.push(`${name} out`);
          inside--;
        },
      });
    // what had happened when the other key's holder got in, asked once `a` holds its lock: it must not wait for `a`
    const seenByOtherKey: string[][] = [];
    await Promise.all([
      hold("a", pools[0], 600),
      sleep(50).then(() => hold("b", pools[1], 50)),
      sleep(50).then(() => hold("c", pools[0], 50)),
      aIn.then(() => withAdvisoryLock({ url, key: `${key}:other`, pool: pools[1], fn: async () => void seenByOtherKey.push([...log]) })),
    ]);
    expect(maxInside).toBe(1);
    expect(log.slice(0, 2)).toEqual(["a in", "a out"]);
    expect(log).toHaveLength(6);
    expect(seenByOtherKey, "a different session's lock is free while `a` holds its own").toEqual([["a in"]]);
  });

  it("the app's per-session lock (withSessionLock) waits for another process holding the session's lock in the database", async () => {
    const sessionId = `session-${Date.now()}`;
    let release!: () => void;
    const other = withAdvisoryLock({ url, key: `lab:session:${sessionId}`, pool: pools[1], fn: () => new Promise<void>((resolve) => (release = resolve)) });
    await sleep(50);
    const order: string[] = [];
    const mine = withSessionLock(sessionId, () => void order.push("mine ran"));
    await sleep(200);
    order.push("other releases");
    release();
    await Promise.all([other, mine]);
    expect(order).toEqual(["other releases", "mine ran"]);
    // another session is not held up by it
    expect(await withSessionLock(`${sessionId}-b`, () => "free")).toBe("free");
  });

  it("a waiter stops waiting when its signal aborts, and the lock is released when the holder throws", async () => {
    const key = `lab:test:abort:${Date.now()}`;
    const controller = new AbortController();
    let release!: () => void;
    const holding = withAdvisoryLock({ url, key, pool: pools[0], fn: () => new Promise<void>((resolve) => (release = resolve)) });
    await sleep(50);
    const waiting = withAdvisoryLock({ url, key, pool: pools[1], signal: controller.signal, fn: async () => "never" });
    setTimeout(() => controller.abort(new Error("stop waiting")), 100);
    await expect(waiting).rejects.toThrow("stop waiting");
    release();
    await holding;
    await expect(withAdvisoryLock({ url, key, pool: pools[1], fn: async () => Promise.reject(new Error("boom")) })).rejects.toThrow("boom");
    expect(await withAdvisoryLock({ url, key, pool: pools[0], fn: async () => "free again" })).toBe("free again");
  });
}

if (PG_TEST_URL) describe("PostgreSQL advisory lock (the per-session lock across processes)", () => advisoryLockSuite());
else describe.skip("PostgreSQL advisory lock (skipped: set PG_TEST_URL)", () => it("needs PG_TEST_URL", () => {}));
