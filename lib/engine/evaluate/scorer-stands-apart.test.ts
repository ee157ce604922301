import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The scorer stands apart from what it scores: no strategy — nor anything a strategy imports, transitively —
 * imports a file of `lib/engine/evaluate` (the probe extractor, its recognisers, the continuation-recall scorer).
 * A strategy that read a session with the scorer's recognisers would keep exactly what the score counts.
 * Read from the source text of the import graph, so a new import anywhere under the strategies fails here.
 */
const ROOT = path.resolve(__dirname, "../../..");
const STRATEGIES = path.join(ROOT, "lib/engine/strategies");
const EVALUATE = path.join(ROOT, "lib/engine/evaluate");
const SPECIFIER = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (base === null) return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path.relative(ROOT, from)}: cannot resolve "${specifier}"`);
}

/** Every project file the entry files reach through static and dynamic imports, with the file that imported it first. */
function importGraph(entries: readonly string[]): Map<string, string | null> {
  const importedBy = new Map<string, string | null>(entries.map((file) => [file, null]));
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolveImport(file, match[1] ?? match[2]);
      if (target === null || importedBy.has(target)) continue;
      importedBy.set(target, file);
      queue.push(target);
    }
  }
  return importedBy;
}

function chain(graph: Map<string, string | null>, file: string): string {
  const links: string[] = [];
  for (let current: string | null = file; current !== null; current = graph.get(current) ?? null) links.unshift(path.relative(ROOT, current));
  return links.join(" → ");
}

describe("the scorer stands apart", () => {
  const graph = importGraph(sourceFiles(STRATEGIES));

  it("no strategy, nor anything it imports, imports lib/engine/evaluate", () => {
    const reached = [...graph.keys()].filter((file) => file.startsWith(`${EVALUATE}${path.sep}`));
    expect(reached.map((file) => chain(graph, file))).toEqual([]);
  });

  it("the graph is read, not assumed: it follows the strategies' own imports, and finds evaluate from a file that does use it", () => {
    const reachedNames = [...graph.keys()].map((file) => path.relative(ROOT, file));
    expect(reachedNames).toEqual(expect.arrayContaining(["lib/engine/model.ts", "lib/engine/strategies/evidence/ledger.ts", "lib/engine/strategies/evidence/evidence-recognizers.ts"]));
    const compareRow = importGraph([path.join(ROOT, "lib/compare/compare-row.ts")]);
    expect([...compareRow.keys()].some((file) => file.startsWith(`${EVALUATE}${path.sep}`))).toBe(true);
  });
});
