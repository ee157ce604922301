/**
 * How deep an imported JSON value may nest. V8 parses any depth, but everything after the import that walks a
 * value recursively — JSON.stringify in the token estimators, Prisma's JSON columns, React — overflows the stack
 * somewhere past a few thousand levels (a fuzzed tool input nested 200,000 deep made an upload answer 500). No real
 * transcript comes near: the deepest in ../shared/transcripts nests under 20.
 */
export const MAX_JSON_DEPTH = 1_000;

/**
 * The JSON path (`$.message.content[0].input…`, cut after a few steps) of the first place `value` nests deeper
 * than `maxDepth`, or null when it does not. Iterative, so it cannot overflow the stack itself. A file that
 * passes (every real one) is walked once without building any path; the paths are only spelled out for a file
 * that fails.
 */
export function findTooDeep(value: unknown, maxDepth: number = MAX_JSON_DEPTH): string | null {
  return nestsDeeperThan(value, maxDepth) ? pathTooDeep(value, maxDepth) : null;
}

/** Whether some object or array in `value` sits at depth `maxDepth` or deeper (the root object at depth 0). */
function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const values: object[] = [];
  const depths: number[] = [];
  if (value !== null && typeof value === "object") {
    values.push(value);
    depths.push(0);
  }
  while (values.length > 0) {
    const current = values.pop()!;
    const depth = depths.pop()!;
    if (depth >= maxDepth) return true;
    const items = Array.isArray(current) ? current : Object.values(current);
    for (let index = 0; index < items.length; index++) {
      const item: unknown = items[index];
      if (item === null || typeof item !== "object") continue;
      values.push(item);
      depths.push(depth + 1);
    }
  }
  return false;
}

function pathTooDeep(value: unknown, maxDepth: number): string | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: "$" }];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.value === null || typeof current.value !== "object") continue;
    if (current.depth >= maxDepth) return current.path;
    const entries: [string, unknown][] = Array.isArray(current.value)
      ? current.value.map((item, index) => [`[${index}]`, item])
      : Object.entries(current.value).map(([key, item]) => [/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`, item]);
    for (const [step, item] of entries) {
      // the path is kept readable: the first steps, then "…" for the rest of the descent
      const path = current.depth < 6 ? `${current.path}${step}` : current.path.endsWith("…") ? current.path : `${current.path}…`;
      stack.push({ value: item, depth: current.depth + 1, path });
    }
  }
  return null;
}
