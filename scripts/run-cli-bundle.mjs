// Runs the CLI bundle (scripts/build-cli.mjs) in this process with V8's code cache, for scripts/lab.mjs.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import { CLI_BUNDLE_FILE, CODE_CACHE_FOLDER } from "./build-cli.mjs";

/**
 * Runs the bundle in `folder` as Node would run it as a CommonJS module, compiled with the code cache of `command`'s
 * earlier runs (`<folder>/code-cache/<command>.bin`). Node 20 compiles a module from source at every start: for
 * `lab simulate` that was ~100 ms of parsing and compiling the bundle (zod alone is ~750 KB) before any work. With
 * the cache, V8 reads the bytecode of every function the command ran last time instead.
 *
 * A command without a cache, or whose cache V8 refuses (another Node version or V8 flags), writes one when it exits
 * with 0, after its work: the cache then holds every function the run compiled, not only the top level. Each command
 * keeps its own, so `lab strategies` running first does not leave `lab simulate` a cache without its functions.
 * Written aside and renamed, so a process starting meanwhile reads a whole cache or none; a cache that cannot be
 * written (read-only folder, a newer build removed this one) only costs the next start a compilation.
 */
export function runCliBundle(folder, command) {
  const file = path.join(folder, CLI_BUNDLE_FILE);
  const cacheFile = /^[a-z][a-z-]{0,31}$/.test(command ?? "") ? path.join(folder, CODE_CACHE_FOLDER, `${command}.bin`) : null;
  let cachedData;
  try {
    cachedData = cacheFile ? fs.readFileSync(cacheFile) : undefined;
  } catch {
    cachedData = undefined;
  }
  // the wrapper Node puts around a CommonJS module
  const source = `(function (exports, require, module, __filename, __dirname) { ${fs.readFileSync(file, "utf8")}\n});`;
  const script = new vm.Script(source, { filename: file, cachedData });
  if (cacheFile && (cachedData === undefined || script.cachedDataRejected)) {
    process.once("exit", (code) => {
      if (code !== 0) return;
      try {
        const staging = `${cacheFile}.${process.pid}.tmp`;
        fs.writeFileSync(staging, script.createCachedData());
        fs.renameSync(staging, cacheFile);
      } catch {
        // the next start compiles again
      }
    });
  }
  const module = { exports: {}, id: file, filename: file, loaded: false };
  script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, folder);
}
