#!/usr/bin/env node
// `npm run lab -- …`: the lab's CLI from its prebuilt esbuild bundle (scripts/build-cli.mjs: one CommonJS script,
// rebuilt only when a source file is newer than it), run with V8's code cache (scripts/cli-bundle.cjs), so a command
// starts in plain Node instead of paying tsx's on-the-fly TypeScript compilation on every call (`lab --help`:
// ~0.29 s → ~0.06 s here) or Node's compilation of the bundle. CommonJS: a current bundle runs without Node's ES
// module loader; the builder (an ES module, with esbuild) is loaded only when the bundle must be built.
"use strict";
const { currentBundleFolder, runCliBundle } = require("./cli-bundle.cjs");

const current = currentBundleFolder();
if (current !== null) runCliBundle(current, process.argv[2]);
else {
  import("./build-cli.mjs")
    .then(({ ensureCliBundle }) => ensureCliBundle())
    .then(
      (built) => runCliBundle(built, process.argv[2]),
      (error) => {
        process.stderr.write(`lab: the CLI bundle could not be built: ${error instanceof Error ? error.stack : String(error)}\n`);
        process.exitCode = 1;
      },
    );
}
