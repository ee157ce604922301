import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The house keeps its test doubles apart: nothing production runs — the pages and route handlers (`app/`), the
 * proxy, the Next.js config, every non-test file of `lib/` — reaches, through static or dynamic imports, a file of
 * `lib/testing` (the fake model servers and their answers, fake credentials, fuzzers, contract suites) or
 * `lib/engine/testing` (session builders). So `lib/llm` holds only what production runs, and a test double cannot
 * slip into the server bundle. Read from the source text, so a new import anywhere fails here, naming its chain.
 */
const ROOT = path.resolve(__dirname, "../..");
const TEST_ONLY = [path.join(ROOT, "lib/testing"), path.join(ROOT, "lib/engine/testing")];
const SPECIFIER = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

const isTestOnly = (file: string) => TEST_ONLY.some((dir) => file.startsWith(`${dir}${path.sep}`));

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || isTestOnly(full + path.sep) || TEST_ONLY.includes(full) ? [] : productionFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (base === null) return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null; // a JSON or CSS file, or one tsc would report
}

/** Every project file the entries reach, with the file that imported it first. */
function importGraph(entries: readonly string[]): Map<string, string | null> {
  const importedBy = new Map<string, string | null>(entries.map((file) => [file, null]));
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    for (const match of fs.readFileSync(file, "utf8").matchAll(SPECIFIER)) {
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

describe("production code never imports test helpers or doubles", () => {
  const entries = [...productionFiles(path.join(ROOT, "app")), ...productionFiles(path.join(ROOT, "lib")), path.join(ROOT, "proxy.ts"), path.join(ROOT, "next.config.ts")];

  it("reads a real tree: app, lib and the proxy are there, and the fakes live in lib/testing/fake-llm", () => {
    expect(entries.length).toBeGreaterThan(300);
    expect(fs.existsSync(path.join(ROOT, "lib/testing/fake-llm/fake-anthropic-server.ts"))).toBe(true);
    expect(fs.readdirSync(path.join(ROOT, "lib/llm")).filter((name) => /fake/.test(name))).toEqual([]);
  });

  it("no file of app/, lib/ (but the test helpers) or proxy.ts reaches lib/testing or lib/engine/testing", () => {
    const graph = importGraph(entries);
    const reached = [...graph.keys()].filter(isTestOnly).map((file) => chain(graph, file));
    expect(reached).toEqual([]);
  });

  it("would see one: a test helper's own imports are followed like any other", () => {
    const graph = importGraph([path.join(ROOT, "lib/testing/use-fake-model-servers.ts")]);
    expect([...graph.keys()].some((file) => file.endsWith(path.join("fake-llm", "fake-anthropic-server.ts")))).toBe(true);
  });
});
