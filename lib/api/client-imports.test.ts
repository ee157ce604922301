import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The browser side of the lab (every "use client" module and everything it imports, transitively) may use
 * `lib/api/contracts` (schemas, types, domain errors) but never the HTTP helpers or server-only code: those pull
 * Prisma, the LLM SDK or the access token toward the client bundle. The walk uses TypeScript's own import scanner
 * and follows relative and `@/` imports, type-only ones included (a type import of server code is the first step
 * toward a value import).
 */
const REPO = path.resolve(import.meta.dirname, "../..");
const SERVER_ONLY = ["lib/http/", "lib/present/", "lib/testing/", "lib/env/", "lib/store/", "lib/sessions/", "lib/jobs/", "lib/llm/", "lib/security/", "lib/transcripts/"];
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function sourceFilesUnder(directory: string): string[] {
  return fs.readdirSync(path.join(REPO, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFilesUnder(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

function resolveImport(specifier: string, fromFile: string): string | null {
  const base = specifier.startsWith("@/") ? specifier.slice(2) : specifier.startsWith(".") ? path.posix.join(path.posix.dirname(fromFile), specifier) : null;
  if (base === null) return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    const full = path.join(REPO, candidate);
    if (fs.existsSync(full) && fs.statSync(full).isFile()) return candidate;
  }
  return null;
}

/** Every repository file reachable from `entries`, each with the chain of imports that first reached it. */
function clientGraph(entries: string[]): Map<string, string[]> {
  const chainByFile = new Map<string, string[]>();
  const queue = entries.map((file) => [file]);
  while (queue.length > 0) {
    const chain = queue.shift()!;
    const file = chain[chain.length - 1];
    if (chainByFile.has(file)) continue;
    chainByFile.set(file, chain);
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(REPO, file), "utf8"), true, true);
    for (const imported of importedFiles) {
      const target = resolveImport(imported.fileName, file);
      if (target && !chainByFile.has(target)) queue.push([...chain, target]);
    }
  }
  return chainByFile;
}

const clientEntries = [...sourceFilesUnder("app"), ...sourceFilesUnder("lib")].filter((file) =>
  /^\s*["']use client["']/.test(fs.readFileSync(path.join(REPO, file), "utf8")),
);
const graph = clientGraph(clientEntries);

describe("client import boundary", () => {
  it("walks a real client graph (not vacuous)", () => {
    expect(clientEntries.length).toBeGreaterThan(10);
    expect(graph.has("lib/api/contracts/run-schemas.ts")).toBe(true);
    expect(graph.has("lib/engine/model.ts")).toBe(true);
  });

  it.each(SERVER_ONLY)("no client module reaches %s", (prefix) => {
    const offenders = [...graph].filter(([file]) => file.startsWith(prefix)).map(([, chain]) => chain.join(" → "));
    expect(offenders).toEqual([]);
  });

  it("the only lib/api modules a client reaches are contracts", () => {
    const apiFiles = [...graph.keys()].filter((file) => file.startsWith("lib/api/"));
    expect(apiFiles.filter((file) => !file.startsWith("lib/api/contracts/"))).toEqual([]);
  });
});
