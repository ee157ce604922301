/**
 * How deep an imported JSON value may nest. V8 parses any depth, but everything after the import that walks a
 * value recursively — JSON.stringify in the token estimators, Prisma's JSON columns, React — overflows the stack
 * somewhere past a few thousand levels (a fuzzed tool input nested 200,000 deep made an upload answer 500). No real
 * transcript comes near: the deepest in ../shared/transcripts nests under 20.
 */
export const MAX_JSON_DEPTH = 1_000;

/**
 * The JSON path (`$.message.content[0].input…`, cut after a few steps) of the first place `value` nests deeper
 * than `maxDepth`, or null when it does not. A file that passes (every real one) is walked once without building
 * any path; the paths are only spelled out for a file that fails.
 */
export function findTooDeep(value: unknown, maxDepth: number = MAX_JSON_DEPTH): string | null {
  return value !== null && typeof value === "object" && nestsDeeperThan(value, 0, maxDepth) ? pathTooDeep(value, maxDepth) : null;
}

/**
 * Whether JSON `text` is long enough to nest deeper than `maxDepth`: an object or array at depth `maxDepth` sits
 * inside `maxDepth` others, and each of them takes an opening and a closing character. A shorter line (most lines
 * of a transcript) cannot, so its parsed value need not be walked.
 */
export function mayNestTooDeep(text: string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  return lengthMayNestTooDeep(text.length, maxDepth);
}

/** {@link mayNestTooDeep} for a text of `length` characters (or any bound above it). */
export function lengthMayNestTooDeep(length: number, maxDepth: number = MAX_JSON_DEPTH): boolean {
  return length >= 2 * (maxDepth + 1);
}

/**
 * Whether some object or array in `value` (itself at `depth`, the root at 0) sits at depth `maxDepth` or deeper.
 * Recursive, but never past `maxDepth` calls deep, so a value nested 200,000 levels cannot overflow the stack; the
 * loops read the items in place (no Object.values array per object).
 */
function nestsDeeperThan(value: object, depth: number, maxDepth: number): boolean {
  if (depth >= maxDepth) return true;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (item !== null && typeof item === "object" && nestsDeeperThan(item, depth + 1, maxDepth)) return true;
    }
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const item = record[key];
    if (item !== null && typeof item === "object" && nestsDeeperThan(item, depth + 1, maxDepth)) return true;
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
