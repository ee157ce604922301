#!/usr/bin/env node
// `npm run lab -- …`: the lab's CLI from its prebuilt esbuild bundle (scripts/build-cli.mjs: one CommonJS script,
// rebuilt only when a source file is newer than it), run with V8's code cache (scripts/run-cli-bundle.mjs), so a
// command starts in plain Node instead of paying tsx's on-the-fly TypeScript compilation on every call
// (`lab --help`: ~0.29 s → ~0.08 s here) or Node's compilation of the bundle.
import { ensureCliBundle } from "./build-cli.mjs";
import { runCliBundle } from "./run-cli-bundle.mjs";

runCliBundle(await ensureCliBundle(), process.argv[2]);
