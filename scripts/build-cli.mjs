#!/usr/bin/env node
// The lab CLI's prebuilt bundle (node_modules/.cache/lab-cli/<checkout>/<stamp>/main.cjs): esbuild, one CommonJS script
// whose commands run their modules' code only when called, loaded by scripts/lab.mjs with V8's code cache
// (scripts/run-cli-bundle.mjs). `node scripts/build-cli.mjs` builds it when a source is newer than it (scripts/start.sh
// and scripts/test.sh run it after installing, so the first `lab` call pays nothing); lab.mjs builds it on its own too.
// Packages stay external (resolved from node_modules) except zod (see bundledZod); `@/` paths follow tsconfig.json.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
/** This checkout's name in the shared caches: worktrees often share one node_modules (a symlink), and each keeps its
 * own bundles there, so one checkout's build never deletes or serves another's. */
const checkout = root.replace(/[^\w-]+/g, "_");
const cache = path.join(root, "node_modules", ".cache", "lab-cli", checkout);

/** The bundle's script in its folder, and the folder (made with the bundle) where its code caches go. */
export const CLI_BUNDLE_FILE = "main.cjs";
export const CODE_CACHE_FOLDER = "code-cache";

/**
 * The CLI's sources: lib/ (generated Prisma client included) and the config files. The stamp is their newest
 * modification time; `mtimes` holds what the walk saw, every folder of lib/ and every source file, for
 * {@link recordedStamp}.
 */
function walkSources() {
  const mtimes = {};
  let newest = 0;
  const visit = (dir) => {
    mtimes[dir] = fs.statSync(dir).mtimeMs; // before reading it: an entry added meanwhile moves it past the record
    for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, item.name);
      if (item.isDirectory()) visit(full);
      else if (/\.(ts|tsx|mts|js|mjs|json)$/.test(item.name) && !item.name.endsWith(".test.ts")) newest = Math.max(newest, (mtimes[full] = fs.statSync(full).mtimeMs));
    }
  };
  visit(path.join(root, "lib"));
  for (const file of ["tsconfig.json", "package-lock.json", "scripts/lab.mjs", "scripts/build-cli.mjs"]) {
    const full = path.join(root, file);
    newest = Math.max(newest, (mtimes[full] = fs.statSync(full).mtimeMs));
  }
  return { stamp: Math.floor(newest).toString(36), mtimes };
}

/**
 * Where this checkout keeps its last walk (node_modules, so this cache, may be shared by several worktrees: one
 * record per root, beside the bundles so that their clean-up leaves it alone).
 */
const recordFile = path.join(root, "node_modules", ".cache", "lab-cli-walks", `${checkout}.json`);

/**
 * The stamp of the last walk when nothing it saw has moved, else null. A folder's mtime changes when an entry is
 * added, removed or renamed in it, a file's when it is written, so with every recorded mtime unchanged a new walk
 * would find the same files with the same times and give the same stamp. Checking is one stat per recorded path
 * (~350 here, ~13 ms of CPU) instead of reading every folder again (~30 ms, and several times that on a busy machine),
 * paid by every `lab` start.
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

/** Saves a walk for {@link recordedStamp}; written aside and renamed, so a reader sees a whole record or the old one. */
function recordWalk(walk) {
  try {
    fs.mkdirSync(path.dirname(recordFile), { recursive: true });
    const staging = `${recordFile}.${process.pid}.tmp`;
    fs.writeFileSync(staging, JSON.stringify(walk));
    fs.renameSync(staging, recordFile);
  } catch {
    // a read-only cache only costs the next start a walk
  }
}

/**
 * gpt-tokenizer's o200k module builds its 200,000-rank encoder when it is imported (~2 MB of source, ~130 ms
 * here), and only the `bpe` estimator uses it. In the CLI bundle its imports (`countTokens` and `clearMergeCache`,
 * from lib/engine/tokens/bpe-estimator.ts) become functions that require the package's own CommonJS build on first
 * count (the bundle's own `require`, resolved from its folder), so every other command starts without it. Same
 * package, same code, same counts; a cache not yet built has nothing to clear.
 */
const lazyTokenizer = {
  name: "lazy-o200k",
  setup(build) {
    // the lazy module's own require of the package stays a require of the package (external), not of itself
    build.onResolve({ filter: /^gpt-tokenizer\/encoding\/o200k_base$/ }, (args) =>
      args.namespace === "lazy-o200k" ? { path: args.path, external: true } : { path: "o200k_base", namespace: "lazy-o200k" },
    );
    build.onLoad({ filter: /.*/, namespace: "lazy-o200k" }, () => ({
      contents: [
        "let encoding;",
        'export function countTokens(text, options) { return (encoding ??= require("gpt-tokenizer/encoding/o200k_base")).countTokens(text, options); }',
        "export function clearMergeCache() { encoding?.clearMergeCache(); }",
      ].join("\n"),
      loader: "js",
      resolveDir: root,
    }));
  },
};

/**
 * @pydantic/genai-prices ships its whole price catalog as code (~480 KB of CommonJS) that Node compiles and runs when
 * the package is required: ~60–90 ms of CPU and most of the garbage collection of a `lab simulate` start here. Only a
 * run that prices a model reads it (lib/llm/model-prices.ts calls `calcPrice`, its one value import); a session that
 * names no model and no --cost-model never does. In the CLI bundle `calcPrice` becomes a function that requires the
 * package on its first call, so every other run starts without it. Same package, same code, same prices.
 */
const lazyPriceCatalog = {
  name: "lazy-price-catalog",
  setup(build) {
    build.onResolve({ filter: /^@pydantic\/genai-prices$/ }, (args) =>
      args.namespace === "lazy-price-catalog" ? { path: args.path, external: true } : { path: "genai-prices", namespace: "lazy-price-catalog" },
    );
    build.onLoad({ filter: /.*/, namespace: "lazy-price-catalog" }, () => ({
      contents: ["let catalog;", 'export function calcPrice(...args) { return (catalog ??= require("@pydantic/genai-prices")).calcPrice(...args); }'].join("\n"),
      loader: "js",
      resolveDir: root,
    }));
  },
};

/**
 * zod is the one package bundled in (the others stay external): `lab simulate` and `lab compare` load it for the
 * strategies' settings schemas, and as a package it is ~90 ES modules that Node resolves, reads and links one by one
 * at every start. Inlined, starting `lab simulate` costs ~40 ms less CPU here. The same zod code either way
 * (`import.meta.resolve` finds the ES build Node would load, which esbuild turns into CommonJS with the rest).
 */
const bundledZod = {
  name: "bundled-zod",
  setup(build) {
    build.onResolve({ filter: /^zod$/ }, () => ({ path: fileURLToPath(import.meta.resolve("zod")) }));
  },
};

/** The bundle's folder for the current sources, built first when missing. One folder per source state, built aside
 * and renamed into place: processes starting together (tests) never read a half-written bundle, and a process
 * still running an older build keeps its files.
 *
 * One CommonJS script rather than ES module chunks: Node 20 compiles every ES module it loads from source at every
 * start (no compile cache before Node 22), while a script can be compiled with V8's code cache (`vm.Script`
 * `cachedData`, see run-cli-bundle.mjs). Dynamic imports inside it (the commands, the Anthropic summarizer) become
 * lazy module initialisers, so a command still runs only its own modules' code. The folder's `code-cache/` holds the
 * caches, one per command, written by the command's first run. */
export async function ensureCliBundle() {
  const recorded = recordedStamp();
  if (recorded !== null && fs.existsSync(path.join(cache, recorded, CLI_BUNDLE_FILE))) return path.join(cache, recorded);
  const walk = walkSources();
  const stamp = walk.stamp;
  const current = path.join(cache, stamp);
  if (fs.existsSync(path.join(current, CLI_BUNDLE_FILE))) {
    recordWalk(walk);
    return current;
  }
  const { build } = await import("esbuild");
  const staging = `${current}.${process.pid}.tmp`;
  await build({
    entryPoints: [path.join(root, "lib", "cli", "main.ts")],
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node24",
    packages: "external",
    plugins: [lazyTokenizer, lazyPriceCatalog, bundledZod],
    outfile: path.join(staging, CLI_BUNDLE_FILE),
    // the sources are ES modules, strict throughout; a CommonJS script is not unless it says so. `import.meta` is
    // empty in CommonJS: the generated Prisma client reads import.meta.url at load, so the database-backed commands
    // (redact, recommend) failed with 'The "path" argument must be of type string'; it becomes the bundle's own URL
    banner: { js: '"use strict";const __labBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    define: { "import.meta.url": "__labBundleUrl", "import.meta.dirname": "__dirname" },
    // the script runs in a vm.Script (scripts/run-cli-bundle.mjs), which has no loader for import(): an external
    // package loaded lazily (the database adapters, pg-boss) is required instead (Node 20.19+ requires ES modules)
    supported: { "dynamic-import": false },
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
  fs.mkdirSync(path.join(staging, CODE_CACHE_FOLDER));
  try {
    fs.renameSync(staging, current);
  } catch {
    fs.rmSync(staging, { recursive: true, force: true }); // another process won the race with the same build
  }
  for (const old of fs.readdirSync(cache)) if (old !== stamp && !old.endsWith(".tmp")) fs.rmSync(path.join(cache, old), { recursive: true, force: true });
  recordWalk(walk);
  return current;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const folder = await ensureCliBundle();
  console.log(`[lab] CLI bundle: ${path.relative(root, folder)}`);
}
