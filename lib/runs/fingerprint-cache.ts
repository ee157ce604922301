/**
 * A small in-process LRU of values keyed by id and checked against a fingerprint on every read: each `get` asks
 * `fingerprint(id)` (cheap: one indexed lookup) and reuses the cached value only when the fingerprint is unchanged,
 * else it `load`s it again. A fingerprint read that throws (a deleted row: `not_found`) throws through, so a cache
 * never answers for something that is gone. Per process and for speed only: correctness never depends on a hit.
 * Cached values are shared between callers, who must not mutate them.
 */
export interface FingerprintCache<Value> {
  /** The value for `id`; on a miss, loaded by `load` when given (a load that needs the caller's context), else by the cache's own. */
  get(id: string, load?: (id: string) => Promise<Value>): Promise<Value>;
  /** Keeps `value` for `id` under its current fingerprint, as if loaded: for a caller that just built it anyway. */
  put(id: string, value: Value): Promise<void>;
  /** Drops `id` (a cached promise that rejected: the next get loads it again). */
  forget(id: string): void;
  /** ids cached now, least recently used first */
  readonly ids: readonly string[];
}

export function createFingerprintCache<Value>(options: {
  /** most entries kept; the least recently read is dropped beyond it */
  size: number;
  fingerprint: (id: string) => Promise<string>;
  /** the load of a miss, unless the caller of `get` hands one in */
  load?: (id: string) => Promise<Value>;
}): FingerprintCache<Value> {
  const entries = new Map<string, { fingerprint: string; value: Value }>();
  const keep = (id: string, fingerprint: string, value: Value) => {
    entries.delete(id);
    entries.set(id, { fingerprint, value });
    while (entries.size > options.size) entries.delete(entries.keys().next().value as string);
  };
  return {
    async get(id, load = options.load) {
      const fingerprint = await options.fingerprint(id);
      const hit = entries.get(id);
      entries.delete(id);
      if (hit && hit.fingerprint === fingerprint) {
        entries.set(id, hit);
        return hit.value;
      }
      if (!load) throw new Error(`no load for ${id}`);
      const value = await load(id);
      keep(id, fingerprint, value);
      return value;
    },
    async put(id, value) {
      keep(id, await options.fingerprint(id), value);
    },
    forget(id) {
      entries.delete(id);
    },
    get ids() {
      return [...entries.keys()];
    },
  };
}
