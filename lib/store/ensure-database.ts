import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { PrismaClient } from "../generated/prisma/client.ts";

const run = promisify(execFile);

/** Where each provider's migrations live, relative to the project root (as in prisma.config.ts). */
export const MIGRATIONS_DIRECTORY = { sqlite: "prisma/migrations", postgresql: "prisma/postgres/migrations" } as const;

export interface EnsureDatabaseOptions {
  url: string;
  provider: keyof typeof MIGRATIONS_DIRECTORY;
  /** the project root holding prisma.config.ts and node_modules; default: the working directory */
  root?: string;
}

/**
 * Makes sure the database exists and has every migration in the repo applied, so the app works on a fresh
 * machine whichever way it was started.
 *
 * Why two layers: scripts/start.sh runs `prisma migrate deploy` before `next start` (the documented way, and the
 * only one that migrates before the first request). A bare `next start` or `next dev` skips that, so the first
 * database use in each process comes here. The check is one cheap query against `_prisma_migrations`; only when
 * a migration in the repo is missing (or the database or table does not exist yet) does it run the same CLI
 * command, `prisma migrate deploy`, which creates the database if needed. It never runs `migrate dev` or
 * resets anything: a database that is ahead of the repo (extra migrations) is left as it is.
 *
 * Needs the Prisma CLI in node_modules (a dev dependency) when migrations are missing; the error says so.
 */
export async function ensureDatabase(client: PrismaClient, options: EnsureDatabaseOptions): Promise<void> {
  const root = options.root ?? process.cwd();
  // turbopackIgnore: the paths are only known at run time; without it Next traces the whole project into the build
  const expected = migrationNames(path.join(/*turbopackIgnore: true*/ root, MIGRATIONS_DIRECTORY[options.provider]));
  const applied = await appliedMigrations(client);
  if (expected.every((name) => applied.has(name))) return;
  await migrateDeploy({ url: options.url, root });
}

/** Runs `prisma migrate deploy` for `url` through the project's CLI (which reads prisma.config.ts). */
export async function migrateDeploy(options: { url: string; root?: string }): Promise<void> {
  const root = options.root ?? process.cwd();
  const cli = path.join(/*turbopackIgnore: true*/ root, "node_modules", "prisma", "build", "index.js");
  if (!fs.existsSync(cli)) {
    throw new Error(
      `The database at ${redact(options.url)} needs migrations, but the Prisma CLI is not installed (${cli}). Run \`npm ci\` and \`npm run db:deploy\`.`,
    );
  }
  try {
    await run(process.execPath, [cli, "migrate", "deploy"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: options.url },
      timeout: 120_000,
    });
  } catch (error) {
    const output = error && typeof error === "object" ? `${(error as { stdout?: string }).stdout ?? ""}${(error as { stderr?: string }).stderr ?? ""}` : "";
    throw new Error(`prisma migrate deploy failed for ${redact(options.url)}:\n${output.trim() || String(error)}`);
  }
}

function migrationNames(directory: string): string[] {
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(/*turbopackIgnore: true*/ directory, entry.name, "migration.sql")))
    .map((entry) => entry.name);
}

/** Finished, not rolled-back migrations; empty when the database or the table does not exist yet. */
async function appliedMigrations(client: PrismaClient): Promise<Set<string>> {
  try {
    const rows = await client.$queryRawUnsafe<{ migration_name: string }[]>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    return new Set(rows.map((row) => row.migration_name));
  } catch {
    return new Set();
  }
}

/** A URL without its password, for messages and logs. */
function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
}
