// Server-only: this module opens database connections. Never import it from a client component.
import fs from "node:fs";
import path from "node:path";
import type { PrismaClient } from "../generated/prisma/client.ts";
import { closeAdvisoryLockPools } from "./advisory-lock";
import { ensureDatabase } from "./ensure-database";
import { processSingleton } from "../process/process-singleton";
import { readEnv } from "../env/read-env";
import { connectionKeepingAdapter, rememberSqliteConnection } from "./sqlite-connection";


export type DatabaseProvider = "sqlite" | "postgresql";

/**
 * The app is typed against the SQLite-generated client. The PostgreSQL twin (lib/generated/prisma-pg) is the
 * same schema, so at runtime it answers the same calls; code here avoids PG-only query features.
 */
export type Database = PrismaClient;

// One client per process and URL (a test run that points DATABASE_URL elsewhere gets its own client instead of
// silently reusing another database).
const clients = processSingleton("databases", () => new Map<string, Promise<Database>>());

export function databaseUrl(): string {
  return readEnv().DATABASE_URL;
}

export function providerOf(url: string): DatabaseProvider {
  return url.startsWith("postgres") ? "postgresql" : "sqlite";
}

/**
 * The process's Prisma client for DATABASE_URL. The first call creates the client and brings the database up to
 * date (see {@link ensureDatabase}), so a fresh checkout works even when nobody ran the start script; later
 * calls return the same client. A failed start is not cached: the next call tries again.
 */
export function db(): Promise<Database> {
  const url = databaseUrl();
  let client = clients.get(url);
  if (!client) {
    client = open(url);
    clients.set(url, client);
    client.catch(() => clients.delete(url));
  }
  return client;
}

/** Closes every client this process opened, and its lock connections (scripts and tests; the server keeps them for its lifetime). */
export async function closeDatabases(): Promise<void> {
  const open = [...clients.values()];
  clients.clear();
  await Promise.all([...open.map(async (client) => (await client.catch(() => null))?.$disconnect()), closeAdvisoryLockPools()]);
}

async function open(url: string): Promise<Database> {
  const client = await createClient(url);
  try {
    await ensureDatabase(client, { url, provider: providerOf(url) });
  } catch (error) {
    await client.$disconnect().catch(() => undefined);
    throw error;
  }
  return client;
}

async function createClient(url: string): Promise<Database> {
  if (providerOf(url) === "postgresql") {
    const [{ PrismaClient: PgClient }, { PrismaPg }] = await Promise.all([
      import("../generated/prisma-pg/client.ts"),
      import("@prisma/adapter-pg"),
    ]);
    return new PgClient({ adapter: new PrismaPg({ connectionString: url }) }) as unknown as Database;
  }
  const file = sqliteFile(url);
  if (file) fs.mkdirSync(path.dirname(file), { recursive: true });
  const [{ PrismaClient: SqliteClient }, { PrismaBetterSqlite3 }] = await Promise.all([
    import("../generated/prisma/client.ts"),
    import("@prisma/adapter-better-sqlite3"),
  ]);
  const { adapter, holder } = connectionKeepingAdapter(new PrismaBetterSqlite3({ url }));
  const client = new SqliteClient({ adapter });
  rememberSqliteConnection(client, holder);
  return client;
}

/** The file behind a `file:` URL, relative to the working directory as the adapter and the CLI read it. */
export function sqliteFile(url: string): string | null {
  if (!url.startsWith("file:")) return null;
  const file = url.slice("file:".length).split("?")[0];
  return file === "" || file === ":memory:" ? null : path.resolve(file);
}
