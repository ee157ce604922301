import { describe, expect, it, vi } from "vitest";
import { processSingleton } from "./process-singleton";

describe("processSingleton", () => {
  it("creates a value once per name and hands the same one back", () => {
    const create = vi.fn(() => new Map<string, number>());
    const first = processSingleton("test:once", create);
    first.set("a", 1);
    expect(processSingleton("test:once", create)).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
    expect(processSingleton("test:other", () => new Map())).not.toBe(first);
  });

  it("is found by a second copy of the module (a fresh module graph in one process)", async () => {
    const value = processSingleton("test:copies", () => ({ id: Math.random() }));
    vi.resetModules();
    const copy = (await import("./process-singleton?copy" as string)) as typeof import("./process-singleton");
    expect(copy.processSingleton).not.toBe(processSingleton);
    expect(copy.processSingleton("test:copies", () => ({ id: -1 }))).toBe(value);
  });
});
