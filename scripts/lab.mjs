#!/usr/bin/env node
// `npm run lab -- …`: the lab's CLI from its prebuilt esbuild bundle (scripts/build-cli.mjs: one chunk per command,
// loaded lazily; rebuilt only when a source file is newer than it), so a command starts in plain Node instead of
// paying tsx's on-the-fly TypeScript compilation on every call (`lab --help`: ~0.29 s → ~0.08 s here).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureCliBundle } from "./build-cli.mjs";

await import(pathToFileURL(path.join(await ensureCliBundle(), "main.mjs")).href);
