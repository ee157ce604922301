import { describe, expect, it } from "vitest";
import { createSessionLocks, withSessionLock } from "./session-lock";

/** A promise resolved from outside, to hold a lock open while the test looks at the others. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("session locks (seed 004 § Concurrency: per-session lock, double-check)", () => {
  it("two concurrent compactions of one session: the second waits, re-checks and does not compact again", async () => {
    const locks = createSessionLocks();
    let compactions = 0;
    let tokens = 150_000;
    const held = gate();
    const order: string[] = [];
    const compact = (name: string, wait?: Promise<void>) =>
      locks.runIfStillNeeded({
        sessionId: "s1",
        needed: () => {
          order.push(`${name} checks ${tokens}`);
          return tokens > 100_000;
        },
        run: async () => {
          order.push(`${name} compacts`);
          await wait;
          compactions++;
          tokens = 20_000;
        },
      });
    const first = compact("first", held.opened);
    const second = compact("second");
    await tick();
    expect(order).toEqual(["first checks 150000", "second checks 150000", "first checks 150000", "first compacts"]);
    held.open();
    expect(await Promise.all([first, second])).toEqual([true, false]);
    expect(order.at(-1)).toBe("second checks 20000");
    expect(compactions).toBe(1);
    expect(locks.activeSessions).toBe(0);
  });

  it("different sessions run in parallel", async () => {
    const locks = createSessionLocks();
    const held = gate();
    const running: string[] = [];
    const a = locks.withSessionLock("a", async () => {
      running.push("a");
      await held.opened;
    });
    const b = locks.withSessionLock("b", async () => {
      running.push("b");
    });
    await b;
    expect(running).toEqual(["a", "b"]);
    held.open();
    await a;
  });

  it("holders of one session run one at a time, in arrival order, and a failure releases the lock", async () => {
    const locks = createSessionLocks();
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    const runs = [0, 1, 2, 3].map((index) =>
      locks
        .withSessionLock("s", async () => {
          inside++;
          most = Math.max(most, inside);
          await tick();
          order.push(index);
          inside--;
          if (index === 1) throw new Error("summarizer failed");
          return index;
        })
        .catch((error: Error) => error.message),
    );
    expect(await Promise.all(runs)).toEqual([0, "summarizer failed", 2, 3]);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(most).toBe(1);
    expect(locks.activeSessions).toBe(0);
  });

  it("the process-wide withSessionLock returns the function's result", async () => {
    expect(await withSessionLock("any", () => 42)).toBe(42);
  });
});
