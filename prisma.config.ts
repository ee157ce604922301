import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma 7's CLI downloads a native schema engine at every command, which this offline machine cannot do.
// Use the wasm-backed stand-in in scripts/ unless the caller names a real binary.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve(import.meta.dirname ?? ".", "scripts/schema-engine-wasm-shim.mjs");

const url = process.env.DATABASE_URL ?? "file:./data/lab.db";
const pg = url.startsWith("postgres");

export default defineConfig({
  schema: pg ? "prisma/postgres/schema.prisma" : "prisma/schema.prisma",
  migrations: { path: pg ? "prisma/postgres/migrations" : "prisma/migrations" },
  datasource: { url },
});
