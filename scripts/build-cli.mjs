#!/usr/bin/env node
// The lab CLI's prebuilt bundle (node_modules/.cache/lab-cli/<stamp>): esbuild, one chunk per command, loaded lazily
// by scripts/lab.mjs. `node scripts/build-cli.mjs` builds it when a source is newer than it (scripts/start.sh and
// scripts/test.sh run it after installing, so the first `lab` call pays nothing); lab.mjs builds it on its own too.
// Packages stay external (resolved from node_modules) except zod (see bundledZod); `@/` paths follow tsconfig.json.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const cache = path.join(root, "node_modules", ".cache", "lab-cli");

/** Newest modification time of the CLI's sources: lib/ (generated Prisma client included) and the config files. */
function newestSource() {
  let newest = 0;
  const visit = (dir) => {
    for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, item.name);
      if (item.isDirectory()) visit(full);
      else if (/\.(ts|tsx|mts|js|mjs|json)$/.test(item.name) && !item.name.endsWith(".test.ts")) newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  visit(path.join(root, "lib"));
  for (const file of ["tsconfig.json", "package-lock.json", "scripts/lab.mjs", "scripts/build-cli.mjs"]) newest = Math.max(newest, fs.statSync(path.join(root, file)).mtimeMs);
  return newest;
}

/**
 * gpt-tokenizer's o200k module builds its 200,000-rank encoder when it is imported (~2 MB of source, ~130 ms
 * here), and only the `bpe` estimator uses it. In the CLI bundle its one import (`countTokens`, from
 * lib/engine/tokens/bpe-estimator.ts) becomes a function that requires the package's own CommonJS build on first
 * use, so every other command starts without it. Same package, same code, same counts.
 */
const lazyTokenizer = {
  name: "lazy-o200k",
  setup(build) {
    build.onResolve({ filter: /^gpt-tokenizer\/encoding\/o200k_base$/ }, () => ({ path: "o200k_base", namespace: "lazy-o200k" }));
    build.onLoad({ filter: /.*/, namespace: "lazy-o200k" }, () => ({
      contents: [
        'import { createRequire } from "node:module";',
        "const require = createRequire(import.meta.url);",
        "let encoding;",
        'export function countTokens(text, options) { return (encoding ??= require("gpt-tokenizer/encoding/o200k_base")).countTokens(text, options); }',
      ].join("\n"),
      loader: "js",
      resolveDir: root,
    }));
  },
};

/**
 * zod is the one package bundled in (the others stay external): `lab simulate` and `lab compare` load it for the
 * strategies' settings schemas, and as a package it is ~90 ES modules that Node resolves, reads and links one by one
 * at every start. Inlined into the chunk that needs it, starting `lab simulate` costs ~40 ms less CPU here. The
 * same zod code either way (`import.meta.resolve` finds the copy Node would load).
 */
const bundledZod = {
  name: "bundled-zod",
  setup(build) {
    build.onResolve({ filter: /^zod$/ }, () => ({ path: fileURLToPath(import.meta.resolve("zod")) }));
  },
};

/** The bundle's folder for the current sources, built first when missing. One folder per source state, built aside
 * and renamed into place: processes starting together (tests) never read a half-written bundle, and a process
 * still running an older build keeps its files. */
export async function ensureCliBundle() {
  const stamp = Math.floor(newestSource()).toString(36);
  const current = path.join(cache, stamp);
  if (fs.existsSync(path.join(current, "main.mjs"))) return current;
  const { build } = await import("esbuild");
  const staging = `${current}.${process.pid}.tmp`;
  await build({
    entryPoints: [path.join(root, "lib", "cli", "main.ts")],
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    plugins: [lazyTokenizer, bundledZod],
    outdir: staging,
    outExtension: { ".js": ".mjs" },
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
  try {
    fs.renameSync(staging, current);
  } catch {
    fs.rmSync(staging, { recursive: true, force: true }); // another process won the race with the same build
  }
  for (const old of fs.readdirSync(cache)) if (old !== stamp && !old.endsWith(".tmp")) fs.rmSync(path.join(cache, old), { recursive: true, force: true });
  return current;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const folder = await ensureCliBundle();
  console.log(`[lab] CLI bundle: ${path.relative(root, folder)}`);
}
