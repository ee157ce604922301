import { describe, expect, it } from "vitest";
import { createFingerprintCache } from "./fingerprint-cache";

function fixture(size: number) {
  const fingerprints = new Map<string, string>([["a", "1"], ["b", "1"], ["c", "1"]]);
  const loads: string[] = [];
  const cache = createFingerprintCache<{ id: string; version: string }>({
    size,
    fingerprint: async (id) => {
      const fingerprint = fingerprints.get(id);
      if (!fingerprint) throw new Error(`not_found:${id}`);
      return fingerprint;
    },
    load: async (id) => {
      loads.push(id);
      return { id, version: fingerprints.get(id)! };
    },
  });
  return { cache, fingerprints, loads };
}

describe("createFingerprintCache", () => {
  it("loads once while the fingerprint holds, and again when it changes", async () => {
    const { cache, fingerprints, loads } = fixture(2);
    const first = await cache.get("a");
    expect(await cache.get("a")).toBe(first);
    expect(loads).toEqual(["a"]);
    fingerprints.set("a", "2");
    const second = await cache.get("a");
    expect(second).toEqual({ id: "a", version: "2" });
    expect(loads).toEqual(["a", "a"]);
  });

  it("put keeps a value under the current fingerprint without loading it, until the fingerprint changes", async () => {
    const { cache, fingerprints, loads } = fixture(2);
    const built = { id: "a", version: "built" };
    await cache.put("a", built);
    expect(await cache.get("a")).toBe(built);
    expect(loads).toEqual([]);
    fingerprints.set("a", "2");
    expect(await cache.get("a")).toEqual({ id: "a", version: "2" });
    expect(loads).toEqual(["a"]);
  });

  it("a fingerprint read that fails (a deleted row) throws instead of answering from memory", async () => {
    const { cache, fingerprints } = fixture(2);
    await cache.get("a");
    fingerprints.delete("a");
    await expect(cache.get("a")).rejects.toThrow("not_found:a");
  });

  it("keeps the most recently read entries up to its size", async () => {
    const { cache, loads } = fixture(2);
    await cache.get("a");
    await cache.get("b");
    await cache.get("a"); // a is now the most recent
    await cache.get("c"); // drops b
    expect(cache.ids).toEqual(["a", "c"]);
    await cache.get("a");
    await cache.get("b");
    expect(loads).toEqual(["a", "b", "c", "b"]);
  });
});

describe("createFingerprintCache with a caller's load", () => {
  it("loads a miss with the load handed to get, keeps it, and loads again after forget", async () => {
    let fingerprint = "1";
    const cache = createFingerprintCache<string>({ size: 2, fingerprint: async () => fingerprint });
    await expect(cache.get("k")).rejects.toThrow("no load for k");
    expect(await cache.get("k", async (id) => `${id}@first`)).toBe("k@first");
    expect(await cache.get("k", async () => "unused")).toBe("k@first");
    cache.forget("k");
    expect(await cache.get("k", async () => "k@second")).toBe("k@second");
    fingerprint = "2";
    expect(await cache.get("k", async () => "k@third")).toBe("k@third");
  });
});
