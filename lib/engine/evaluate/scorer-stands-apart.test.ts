import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importChain, importGraph } from "../../testing/import-graph";

/**
 * The scorer stands apart from what it scores: no strategy — nor anything a strategy imports, transitively —
 * imports a file of `lib/engine/evaluate` (the probe extractor, its recognisers, the continuation-recall scorer).
 * A strategy that read a session with the scorer's recognisers would keep exactly what the score counts.
 * Read from the source text of the import graph, so a new import anywhere under the strategies fails here.
 */
const ROOT = path.resolve(__dirname, "../../..");
const STRATEGIES = path.join(ROOT, "lib/engine/strategies");
const EVALUATE = path.join(ROOT, "lib/engine/evaluate");
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the scorer stands apart", () => {
  // strict: a specifier under the strategies that names no file is an error, never a silently shorter graph
  const graph = importGraph({ root: ROOT, entries: sourceFiles(STRATEGIES), strict: true });

  it("no strategy, nor anything it imports, imports lib/engine/evaluate", () => {
    const reached = [...graph.keys()].filter((file) => file.startsWith(`${EVALUATE}${path.sep}`));
    expect(reached.map((file) => importChain(graph, file, ROOT))).toEqual([]);
  });

  it("the graph is read, not assumed: it follows the strategies' own imports, and finds evaluate from a file that does use it", () => {
    const reachedNames = [...graph.keys()].map((file) => path.relative(ROOT, file));
    expect(reachedNames).toEqual(expect.arrayContaining(["lib/engine/model.ts", "lib/engine/strategies/evidence/ledger.ts", "lib/engine/strategies/evidence/evidence-recognizers.ts"]));
    const compareRow = importGraph({ root: ROOT, entries: [path.join(ROOT, "lib/compare/compare-row.ts")], strict: true });
    expect([...compareRow.keys()].some((file) => file.startsWith(`${EVALUATE}${path.sep}`))).toBe(true);
  });
});
