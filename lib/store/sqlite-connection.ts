import type BetterSqlite3 from "better-sqlite3";
import type { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { processSingleton } from "../process/process-singleton";

export type SqliteConnection = BetterSqlite3.Database;
type Connection = SqliteConnection;

/** Each SQLite Prisma client's adapter, and the connection it opened last (a client that reconnects opens another). */
const connectionsByClient = processSingleton("sqlite-connections", () => new WeakMap<object, { current: Connection | null }>());

/**
 * The SQLite adapter for a Prisma client, remembering the better-sqlite3 connection it opens: Prisma's SQLite adapter
 * runs every query, a transaction's included, on that one connection, so a statement run on it inside a Prisma
 * transaction is part of that transaction. Call {@link rememberSqliteConnection} with the client made from it.
 */
export function connectionKeepingAdapter(adapter: PrismaBetterSqlite3): { adapter: PrismaBetterSqlite3; holder: { current: Connection | null } } {
  const holder: { current: Connection | null } = { current: null };
  const connect = adapter.connect.bind(adapter);
  adapter.connect = async () => {
    const opened = await connect();
    // the adapter keeps its connection as `client` (7.x); anything else leaves the holder empty, and writes go through Prisma
    const client = (opened as { client?: Partial<Connection> }).client;
    holder.current = client && typeof client.prepare === "function" && typeof client.inTransaction === "boolean" ? (client as Connection) : null;
    return opened;
  };
  return { adapter, holder };
}

export function rememberSqliteConnection(client: object, holder: { current: Connection | null }): void {
  connectionsByClient.set(client, holder);
}

/**
 * The better-sqlite3 connection under a SQLite Prisma client, while a transaction is open on it, else null (another
 * provider, a client not made by lib/store/db.ts, an adapter that changed how it keeps its connection, or no
 * transaction). For bulk writes inside a Prisma transaction: statements prepared once and run with their parameters
 * as they are, where a Prisma raw query serialises its parameters to JSON and parses them back, and keeps them in
 * its debug history (issue #39).
 */
export function sqliteTransactionConnection(client: object): Connection | null {
  const connection = connectionsByClient.get(client)?.current ?? null;
  return connection !== null && connection.open && connection.inTransaction ? connection : null;
}
