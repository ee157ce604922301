import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The oracle packages live in conformance/oracles/node_modules, installed by `npm run conformance` (scripts/
 * conformance.mjs) with their own lockfile — never app dependencies, never imported by app/ or lib/.
 */
export const ORACLES_DIR = path.resolve(import.meta.dirname, "oracles", "node_modules");

export async function loadOracle<T>(relative: string): Promise<T> {
  const file = path.join(ORACLES_DIR, relative);
  if (!fs.existsSync(file)) throw new Error(`oracle module ${relative} is not installed at ${file}: run npm run conformance (it installs conformance/oracles)`);
  return (await import(pathToFileURL(file).href)) as T;
}
