import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importChain, importGraph } from "./import-graph";

/**
 * The house keeps its test doubles apart: nothing production runs — the pages and route handlers (`app/`), the
 * proxy, the Next.js config, every non-test file of `lib/` — reaches, through static or dynamic imports, a file of
 * `lib/testing` (the fake model servers and their answers, fake credentials, fuzzers, contract suites) or
 * `lib/engine/testing` (session builders). So `lib/llm` holds only what production runs, and a test double cannot
 * slip into the server bundle. Read from the source text, so a new import anywhere fails here, naming its chain.
 */
const ROOT = path.resolve(__dirname, "../..");
const TEST_ONLY = [path.join(ROOT, "lib/testing"), path.join(ROOT, "lib/engine/testing")];
const isTestOnly = (file: string) => TEST_ONLY.some((dir) => file.startsWith(`${dir}${path.sep}`));

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || isTestOnly(full + path.sep) || TEST_ONLY.includes(full) ? [] : productionFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("production code never imports test helpers or doubles", () => {
  const entries = [...productionFiles(path.join(ROOT, "app")), ...productionFiles(path.join(ROOT, "lib")), path.join(ROOT, "proxy.ts"), path.join(ROOT, "next.config.ts")];

  it("reads a real tree: app, lib and the proxy are there, and the fakes live in lib/testing/fake-llm", () => {
    expect(entries.length).toBeGreaterThan(300);
    expect(fs.existsSync(path.join(ROOT, "lib/testing/fake-llm/fake-anthropic-server.ts"))).toBe(true);
    expect(fs.readdirSync(path.join(ROOT, "lib/llm")).filter((name) => /fake/.test(name))).toEqual([]);
  });

  it("no file of app/, lib/ (but the test helpers) or proxy.ts reaches lib/testing or lib/engine/testing", () => {
    const graph = importGraph({ root: ROOT, entries });
    const reached = [...graph.keys()].filter(isTestOnly).map((file) => importChain(graph, file, ROOT));
    expect(reached).toEqual([]);
  });

  it("would see one: a test helper's own imports are followed like any other", () => {
    const graph = importGraph({ root: ROOT, entries: [path.join(ROOT, "lib/testing/use-fake-model-servers.ts")] });
    expect([...graph.keys()].some((file) => file.endsWith(path.join("fake-llm", "fake-anthropic-server.ts")))).toBe(true);
  });
});
