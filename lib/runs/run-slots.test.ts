import { describe, expect, it } from "vitest";
import { maxConcurrentRuns, RunSlots } from "./run-slots";

describe("run slots (LAB_MAX_CONCURRENT_RUNS)", () => {
  it("reads the limit from the environment, refuses a bad value naming it, defaults from cores and heap", () => {
    expect(maxConcurrentRuns({ LAB_MAX_CONCURRENT_RUNS: "3" })).toBe(3);
    expect(() => maxConcurrentRuns({ LAB_MAX_CONCURRENT_RUNS: "0" })).toThrow(/LAB_MAX_CONCURRENT_RUNS must be a whole number ≥ 1, got "0"/);
    expect(() => maxConcurrentRuns({ LAB_MAX_CONCURRENT_RUNS: "two" })).toThrow(/LAB_MAX_CONCURRENT_RUNS/);
    expect(maxConcurrentRuns({})).toBeGreaterThanOrEqual(1);
  });

  it("runs up to the limit at once, queues the rest first in first out, and tells each waiter its position as it moves up", async () => {
    const slots = new RunSlots(2);
    const positions: Record<string, number[]> = { c: [], d: [] };
    const a = await slots.acquire();
    const b = await slots.acquire();
    const order: string[] = [];
    const c = slots.acquire({ onQueued: (position) => positions.c.push(position) }).then((release) => (order.push("c"), release));
    const d = slots.acquire({ onQueued: (position) => positions.d.push(position) }).then((release) => (order.push("d"), release));
    expect([slots.running, slots.waiting]).toEqual([2, 2]);
    expect(positions).toEqual({ c: [1], d: [2] });
    a();
    a(); // idempotent: a second release frees nothing more
    const releaseC = await c;
    expect(positions.d).toEqual([2, 1]);
    expect([slots.running, slots.waiting]).toEqual([2, 1]);
    b();
    const releaseD = await d;
    expect(order).toEqual(["c", "d"]);
    releaseC();
    releaseD();
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  it("a waiter whose signal aborts leaves the queue (the ones behind move up) and rejects with the reason", async () => {
    const slots = new RunSlots(1);
    const release = await slots.acquire();
    const controller = new AbortController();
    const positions: number[] = [];
    const cancelled = slots.acquire({ signal: controller.signal });
    const behind = slots.acquire({ onQueued: (position) => positions.push(position) });
    controller.abort(new Error("cancel requested"));
    await expect(cancelled).rejects.toThrow("cancel requested");
    expect(positions).toEqual([2, 1]);
    release();
    (await behind)();
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });
});
