// Where the lab CLI's prebuilt bundle lives, whether it is still current, and how it runs: CommonJS, so that
// scripts/lab.cjs starts a command without Node's ES module loader (~32M instructions of every `lab` start) and
// without loading scripts/build-cli.mjs, which it imports only when the bundle has to be built.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
const { createRequire } = require("node:module");

const root = path.resolve(__dirname, "..");
/** This checkout's name in the shared caches: worktrees often share one node_modules (a symlink), and each keeps its
 * own bundles there, so one checkout's build never deletes or serves another's. */
const checkout = root.replace(/[^\w-]+/g, "_");
/** This checkout's bundles, one folder per stamp. */
const bundleCache = path.join(root, "node_modules", ".cache", "lab-cli", checkout);
/** The bundle's script in its folder, and the folder (made with the bundle) where its code caches go. */
const CLI_BUNDLE_FILE = "main.cjs";
const CODE_CACHE_FOLDER = "code-cache";
/**
 * Where this checkout keeps its last walk of the sources (node_modules, so this cache, may be shared by several
 * worktrees: one record per root, beside the bundles so that their clean-up leaves it alone).
 */
const recordFile = path.join(root, "node_modules", ".cache", "lab-cli-walks", `${checkout}.json`);

/**
 * The stamp of the last walk when nothing it saw has moved, else null. A folder's mtime changes when an entry is
 * added, removed or renamed in it, a file's when it is written, so with every recorded mtime unchanged a new walk
 * would find the same files with the same times and give the same stamp. Checking is one stat per recorded path
 * (~690 here) instead of reading every folder again (~30 ms, and several times that on a busy machine), paid by
 * every `lab` start.
 */
function recordedStamp() {
  let record;
  try {
    record = JSON.parse(fs.readFileSync(recordFile, "utf8"));
  } catch {
    return null;
  }
  for (const file in record.mtimes) if (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs !== record.mtimes[file]) return null;
  return record.stamp;
}

/** The folder of the bundle built from the sources as they are, when it exists and nothing moved since; else null. */
function currentBundleFolder() {
  const recorded = recordedStamp();
  return recorded !== null && fs.existsSync(path.join(bundleCache, recorded, CLI_BUNDLE_FILE)) ? path.join(bundleCache, recorded) : null;
}

/**
 * Runs the bundle in `folder` as Node would run it as a CommonJS module, compiled with the code cache of `command`'s
 * earlier runs (`<folder>/code-cache/<command>.bin`). Node compiles a module from source at every start: for
 * `lab simulate` that was ~100 ms of parsing and compiling the bundle (zod alone is ~750 KB) before any work. With
 * the cache, V8 reads the bytecode of every function the command ran last time instead.
 *
 * A command without a cache, or whose cache V8 refuses (another Node version or V8 flags), writes one when it exits
 * with 0, after its work: the cache then holds every function the run compiled, not only the top level. Each command
 * keeps its own, so `lab strategies` running first does not leave `lab simulate` a cache without its functions.
 * Written aside and renamed, so a process starting meanwhile reads a whole cache or none; a cache that cannot be
 * written (read-only folder, a newer build removed this one) only costs the next start a compilation.
 */
function runCliBundle(folder, command) {
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
  const bundleModule = { exports: {}, id: file, filename: file, loaded: false };
  script.runInThisContext().call(bundleModule.exports, bundleModule.exports, createRequire(file), bundleModule, file, folder);
}

module.exports = { root, bundleCache, recordFile, CLI_BUNDLE_FILE, CODE_CACHE_FOLDER, currentBundleFolder, runCliBundle };
