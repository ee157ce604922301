import { describe, expect, it } from "vitest";
import { untilAborted } from "./until-aborted";

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("untilAborted", () => {
  it("resolves with the work's value when the signal never fires", async () => {
    expect(await untilAborted(later(5, "loaded"), new AbortController().signal)).toBe("loaded");
  });

  it("rejects with the work's own error", async () => {
    await expect(untilAborted(Promise.reject(new Error("not found")), new AbortController().signal)).rejects.toThrow("not found");
  });

  it("rejects with the signal's reason as soon as it fires, without waiting for the work, which still completes", async () => {
    const controller = new AbortController();
    let finished = false;
    const work = later(200, "loaded").then((value) => {
      finished = true;
      return value;
    });
    const started = performance.now();
    setTimeout(() => controller.abort(new Error("cancel requested")), 10);
    await expect(untilAborted(work, controller.signal)).rejects.toThrow("cancel requested");
    expect(performance.now() - started).toBeLessThan(150);
    expect(finished).toBe(false);
    expect(await work).toBe("loaded");
  });

  it("rejects at once when the signal had already fired", async () => {
    const controller = new AbortController();
    controller.abort(new Error("cancelled before"));
    await expect(untilAborted(later(50, 1), controller.signal)).rejects.toThrow("cancelled before");
  });
});
