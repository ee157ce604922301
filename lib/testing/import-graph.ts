import fs from "node:fs";
import path from "node:path";

/** Static (`import … from`, `export … from`) and dynamic (`import("…")`) specifiers in a source text. */
const SPECIFIER = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/**
 * The project file a specifier names (`@/…` from `root`, or relative), or null for a package. A project specifier
 * that names no .ts/.tsx file (JSON, CSS, or one tsc would report) is null too, unless `strict`, which throws.
 */
function resolveImport(options: { root: string; from: string; specifier: string; strict: boolean }): string | null {
  const { root, from, specifier } = options;
  const base = specifier.startsWith("@/") ? path.join(root, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  if (options.strict) throw new Error(`${path.relative(root, from)}: cannot resolve "${specifier}"`);
  return null;
}

/**
 * Every project file the entry files reach through static and dynamic imports, read from the source text, each
 * with the file that imported it first (null for an entry) — for tests that hold a layering rule.
 */
export function importGraph(options: { root: string; entries: readonly string[]; strict?: boolean }): Map<string, string | null> {
  const importedBy = new Map<string, string | null>(options.entries.map((file) => [file, null]));
  const queue = [...options.entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    for (const match of fs.readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      const target = resolveImport({ root: options.root, from: file, specifier: match[1] ?? match[2], strict: options.strict ?? false });
      if (target === null || importedBy.has(target)) continue;
      importedBy.set(target, file);
      queue.push(target);
    }
  }
  return importedBy;
}

/** How `file` was reached: the chain of imports from its entry, paths relative to `root`. */
export function importChain(graph: ReadonlyMap<string, string | null>, file: string, root: string): string {
  const links: string[] = [];
  for (let current: string | null = file; current !== null; current = graph.get(current) ?? null) links.unshift(path.relative(root, current));
  return links.join(" → ");
}
