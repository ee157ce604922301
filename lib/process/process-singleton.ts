const REGISTRY = Symbol.for("compaction-lab.process-singletons");

/**
 * This process's one value named `name`, made by `create` on the first call. Kept on globalThis (under a registered
 * symbol), not in a module variable: a module can be evaluated more than once in one process — Next's dev reloads,
 * route bundles, a test's fresh module graph — and every copy must find the same connections, queues and handles.
 *
 * For per-process resources and caches only (connections, worker queues, run slots, abort handles, LRUs): several
 * processes share one database, so nothing kept here may be needed for correctness; what they must agree on lives
 * in the database.
 */
export function processSingleton<Value>(name: string, create: () => Value): Value {
  const holder = globalThis as { [REGISTRY]?: Map<string, unknown> };
  const registry = (holder[REGISTRY] ??= new Map<string, unknown>());
  if (!registry.has(name)) registry.set(name, create());
  return registry.get(name) as Value;
}
