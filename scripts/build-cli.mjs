#!/usr/bin/env node
// The lab CLI's prebuilt bundle (node_modules/.cache/lab-cli/<checkout>/<stamp>/main.cjs): esbuild, one CommonJS script
// whose commands run their modules' code only when called, loaded by scripts/lab.cjs with V8's code cache
// (scripts/cli-bundle.cjs). `node scripts/build-cli.mjs` builds it when a source is newer than it (scripts/start.sh
// and scripts/test.sh run it after installing, so the first `lab` call pays nothing); lab.cjs builds it on its own too.
// Packages stay external (resolved from node_modules) except zod (see bundledZod); `@/` paths follow tsconfig.json.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { tokenizer } from "acorn";
import cliBundle from "./cli-bundle.cjs";

const { root, bundleCache: cache, recordFile, CLI_BUNDLE_FILE, CODE_CACHE_FOLDER, currentBundleFolder } = cliBundle;
export { CLI_BUNDLE_FILE, CODE_CACHE_FOLDER };

/**
 * The CLI's sources: lib/ (generated Prisma client included) and the config files. The stamp is their newest
 * modification time; `mtimes` holds what the walk saw, every folder of lib/ and every source file, for
 * `recordedStamp` (scripts/cli-bundle.cjs).
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
  for (const file of ["tsconfig.json", "package-lock.json", "scripts/lab.cjs", "scripts/cli-bundle.cjs", "scripts/build-cli.mjs"]) {
    const full = path.join(root, file);
    newest = Math.max(newest, (mtimes[full] = fs.statSync(full).mtimeMs));
  }
  return { stamp: Math.floor(newest).toString(36), mtimes };
}

/** Saves a walk for cli-bundle.cjs's `recordedStamp`; written aside and renamed, so a reader sees a whole record or the old one. */
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

/**
 * Rewrites the bundle as ASCII. esbuild escapes what is outside ASCII in strings and templates, but leaves the
 * comments it keeps and the regular expressions as written (`→`, `…`, `•`, `—`), and one character outside Latin-1
 * makes V8 hold the whole 2 MB script as two-byte text, decoded from UTF-8 at every start (~44M instructions of a
 * `lab import`). In a comment an escape means nothing; in a string or a regular expression `\uXXXX` is the same
 * UTF-16 unit (an astral character's two escaped halves are one code point under the `u` flag, as the character
 * was), except right after a backslash. acorn reads the bundle and says where each such character is: the build
 * fails, rather than guess, for one anywhere else (a template, whose raw text keeps escapes as written; an
 * identifier) or after a backslash.
 */
export function asciiOnly(file) {
  const source = fs.readFileSync(file, "utf8");
  if (!/[^\x00-\x7f]/.test(source)) return;
  /** [start, end, is a literal (a backslash before the character would change its meaning)] of each comment, string and regular expression, in order */
  const escapable = [];
  const comments = [];
  for (const token of tokenizer(source, { ecmaVersion: "latest", sourceType: "script", allowHashBang: true, allowReturnOutsideFunction: true, onComment: comments })) {
    if (token.type.label === "regexp" || token.type.label === "string") escapable.push([token.start, token.end, true]);
  }
  for (const comment of comments) escapable.push([comment.start, comment.end, false]);
  escapable.sort((x, y) => x[0] - y[0]);
  let out = "";
  let from = 0;
  let range = 0;
  for (let at = 0; at < source.length; at++) {
    const unit = source.charCodeAt(at);
    if (unit < 0x80) continue;
    while (range < escapable.length && escapable[range][1] <= at) range++;
    const inside = range < escapable.length && escapable[range][0] <= at;
    if (!inside || (escapable[range][2] && source[at - 1] === "\\")) throw new Error(`build-cli: the bundle holds ${JSON.stringify(source[at])} at ${at}, outside a comment, a string or a regular expression, or after a backslash: cannot write it as ASCII safely`);
    out += `${source.slice(from, at)}\\u${unit.toString(16).padStart(4, "0")}`;
    from = at + 1;
  }
  fs.writeFileSync(file, out + source.slice(from));
}

/** The bundle's folder for the current sources, built first when missing. One folder per source state, built aside
 * and renamed into place: processes starting together (tests) never read a half-written bundle, and a process
 * still running an older build keeps its files.
 *
 * One CommonJS script rather than ES module chunks: Node 20 compiles every ES module it loads from source at every
 * start (no compile cache before Node 22), while a script can be compiled with V8's code cache (`vm.Script`
 * `cachedData`, see cli-bundle.cjs). Dynamic imports inside it (the commands, the Anthropic summarizer) become
 * lazy module initialisers, so a command still runs only its own modules' code. The folder's `code-cache/` holds the
 * caches, one per command, written by the command's first run. */
export async function ensureCliBundle() {
  const fresh = currentBundleFolder();
  if (fresh !== null) return fresh;
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
    // the script runs in a vm.Script (scripts/cli-bundle.cjs), which has no loader for import(): an external
    // package loaded lazily (the database adapters, pg-boss) is required instead (Node 20.19+ requires ES modules)
    supported: { "dynamic-import": false },
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
  asciiOnly(path.join(staging, CLI_BUNDLE_FILE));
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
