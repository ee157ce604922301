import type { Message } from "../engine/model";
import type { Prisma } from "../generated/prisma/client.ts";
import { databaseUrl, db, providerOf } from "./db";
import { sqliteTransactionConnection, type SqliteConnection } from "./sqlite-connection";

/**
 * Rows per INSERT at most. 1,000 rows × 3 columns stays far below SQLite's 32,766 and PostgreSQL's 65,535 bound
 * parameters while keeping a 10,000-message session to ten statements.
 */
export const MESSAGE_INSERT_BATCH = 1_000;

/**
 * Characters of message JSON per batch, about (a batch closes at whichever bound it reaches first). Prisma keeps the
 * arguments of its last 100 debug calls whether or not DEBUG is on (@prisma/debug's `argsHistory`), and the client
 * and the driver adapter each log every raw query with its parameters — so the JSON of the last ~50 batches stays
 * reachable: with 1,000-row batches that was every message of a 55,000-message upload (+180 MB of heap, issue #39).
 * 64K characters also keeps each batch's serialised parameters under V8's large-object size, so they die young
 * instead of piling up in large-object space until a full collection (a 96 MB upload's store phase, peak RSS over
 * the scan's: about +500 MB at 1,000 rows, +164 MB at 256K characters, +46 MB at 64K). That is the Prisma path's
 * (PostgreSQL); on SQLite, whose rows are written one by one ({@link directWriter}), the bound only sets how often
 * a batch is indexed, progress is told and the event loop turns.
 */
export const MESSAGE_INSERT_BATCH_CHARS = 64 * 1024;

/**
 * Inserts a session's messages (an array, or a stream taken one batch at a time) as seq 0…n-1 in batches, and
 * returns how many. Call it inside the transaction that writes the session.
 * One parameterised multi-row INSERT per batch, not `createMany`: Prisma's query compiler nested and checked every
 * row's JSON value again (20,000 messages: ~8 s of an upload's ~9, most of it garbage collection). The JSON text
 * is the message's own serialisation, bound as a parameter (text in SQLite, cast to jsonb in PostgreSQL) — the
 * same stored values `createMany` wrote, read back through Prisma as before. Each message is serialised only when
 * its batch is built, so only one batch's JSON is made at a time (see {@link MESSAGE_INSERT_BATCH_CHARS}).
 *
 * On SQLite the rows go straight to the connection that holds the Prisma transaction ({@link directWriter}), one
 * prepared INSERT per message, each message's JSON let go once bound: through Prisma, each batch's JSON was copied
 * (serialised, parsed back), kept by its debug history, and so outlived two young-generation collections — every
 * message's JSON text of a 96 MB upload was promoted and died in the old generation, which grew to ~250 MB before V8
 * collected it. Written directly, the store's heap stays under ~130 MB (issue #39). PostgreSQL (and SQLite without
 * its connection at hand) still writes through Prisma, one multi-row INSERT per batch.
 *
 * On SQLite the batch is indexed for search by two more statements (see {@link indexBatch}) while the session's id
 * sits in "MessageSearchBulk", which the insert trigger skips (migration 20261127170000_perf-import_search_bulk); the
 * row leaves with the last batch, in the same transaction. On PostgreSQL the trigger indexes each row.
 */
export async function insertMessages(
  tx: Prisma.TransactionClient,
  sessionId: string,
  messages: Iterable<Message>,
  onInserted?: (count: number) => void | Promise<void>,
): Promise<number> {
  const postgres = providerOf(databaseUrl()) === "postgresql";
  const writer = postgres ? prismaWriter(tx, { postgres }) : (directWriter(sqliteTransactionConnection(await db())) ?? prismaWriter(tx, { postgres }));
  await writer.begin(sessionId);
  // a message is taken only when its batch has room, so a stream (a streamed import) is read one batch at a time
  const iterator = messages[Symbol.iterator]();
  let start = 0;
  try {
    for (let done = false; !done; ) {
      const batch = writer.batch(sessionId, start);
      let chars = 0;
      // the message that reaches the bound still goes in: a batch holds at least one row, and passes the bound by one at most
      while (batch.rows < MESSAGE_INSERT_BATCH && chars < MESSAGE_INSERT_BATCH_CHARS) {
        const step = iterator.next();
        if (step.done) {
          done = true;
          break;
        }
        const json = toJsonText(step.value);
        chars += json.length;
        batch.add(json);
      }
      if (batch.rows === 0) break;
      await batch.write();
      start += batch.rows;
      await onInserted?.(start);
      await yieldToEventLoop();
    }
  } finally {
    iterator.return?.(); // a stream stopped by a failure lets go of what it reads (a file)
  }
  await writer.end(sessionId);
  return start;
}

/** How a batch of message rows reaches the database: through Prisma's raw queries, or straight to SQLite's connection. */
interface MessageWriter {
  begin(sessionId: string): Promise<void>;
  batch(sessionId: string, firstSeq: number): { readonly rows: number; add(json: string): void; write(): Promise<void> };
  end(sessionId: string): Promise<void>;
}

/**
 * One parameterised multi-row INSERT per batch through Prisma (PostgreSQL; SQLite when its connection is not at
 * hand): the batch's JSON is held until its statement is sent, and Prisma copies it (serialised and parsed back,
 * and kept in its debug history for the next ~100 calls).
 */
function prismaWriter(tx: Prisma.TransactionClient, { postgres }: { postgres: boolean }): MessageWriter {
  return {
    begin: async (sessionId) => {
      if (!postgres) await tx.$executeRawUnsafe(`INSERT INTO "MessageSearchBulk" ("sessionId") VALUES (?)`, sessionId);
    },
    batch(sessionId, firstSeq) {
      const values: unknown[] = [];
      const rows: string[] = [];
      return {
        get rows() {
          return rows.length;
        },
        add(json) {
          values.push(sessionId, firstSeq + rows.length, json);
          const at = values.length - 2;
          rows.push(postgres ? `($${at}, $${at + 1}, $${at + 2}::jsonb)` : "(?, ?, ?)");
        },
        async write() {
          await tx.$executeRawUnsafe(`INSERT INTO "Message" ("sessionId", "seq", "data") VALUES ${rows.join(", ")}`, ...values);
          if (!postgres) await indexBatch(tx, { sessionId, firstSeq, count: rows.length });
        },
      };
    },
    end: async (sessionId) => {
      if (!postgres) await tx.$executeRawUnsafe(`DELETE FROM "MessageSearchBulk" WHERE "sessionId" = ?`, sessionId);
    },
  };
}

/**
 * SQLite's rows written on the connection that holds the Prisma transaction (sqliteTransactionConnection), by
 * statements prepared once: each message's JSON is bound as it is made and let go (SQLite copies it), so no batch of
 * JSON text is ever held, copied or kept by Prisma — a 96 MB upload's store no longer promotes every message's JSON
 * to the old generation (issue #39). The same rows and search rows as {@link prismaWriter}'s; null without a connection.
 */
function directWriter(connection: SqliteConnection | null): MessageWriter | null {
  if (connection === null) return null;
  const insert = connection.prepare(`INSERT INTO "Message" ("sessionId", "seq", "data") VALUES (?, ?, ?)`);
  const lastDocument = connection.prepare(`SELECT max("id") AS "last" FROM "MessageSearchDoc"`).pluck();
  const documents = connection.prepare(INDEX_DOCUMENTS_SQL);
  const search = connection.prepare(INDEX_SEARCH_SQL);
  return {
    begin: async (sessionId) => {
      connection.prepare(`INSERT INTO "MessageSearchBulk" ("sessionId") VALUES (?)`).run(sessionId);
    },
    batch(sessionId, firstSeq) {
      let rows = 0;
      return {
        get rows() {
          return rows;
        },
        add(json) {
          // Prisma ends a transaction that outlives its timeout with a ROLLBACK on this connection: a row written after
          // that would be outside any transaction, so the write stops instead
          if (!connection.inTransaction) throw new Error("The transaction ended (timed out?) while its messages were written; nothing was stored.");
          insert.run(sessionId, firstSeq + rows, json);
          rows++;
        },
        async write() {
          const last = lastDocument.get() as number | bigint | null;
          documents.run(sessionId, firstSeq, firstSeq + rows);
          search.run(Number(last ?? 0));
        },
      };
    },
    end: async (sessionId) => {
      connection.prepare(`DELETE FROM "MessageSearchBulk" WHERE "sessionId" = ?`).run(sessionId);
    },
  };
}

/**
 * SQLite's search rows for the batch of messages just inserted (seq `firstSeq` on, `count` of them): their
 * "MessageSearchDoc" rows, numbered on from the highest id in seq order as the trigger's inserts number them, then
 * their FTS rows from the "MessageSearchBody" view — the trigger's own json_tree expression, so the same text and
 * tokens. Two statements per batch instead of two trigger statements per message; the text is computed in SQLite
 * rather than sent from here, because Prisma passes a raw query's parameters through JSON.stringify and JSON.parse
 * (the messages' JSON text already costs an upload that twice).
 */
async function indexBatch(tx: Prisma.TransactionClient, input: { sessionId: string; firstSeq: number; count: number }): Promise<void> {
  const { sessionId, firstSeq, count } = input;
  const [{ last }] = await tx.$queryRawUnsafe<{ last: number | bigint | null }[]>(`SELECT max("id") AS "last" FROM "MessageSearchDoc"`);
  await tx.$executeRawUnsafe(INDEX_DOCUMENTS_SQL, sessionId, firstSeq, firstSeq + count);
  await tx.$executeRawUnsafe(INDEX_SEARCH_SQL, Number(last ?? 0));
}

const INDEX_DOCUMENTS_SQL = `INSERT INTO "MessageSearchDoc" ("sessionId", "seq") SELECT "sessionId", "seq" FROM "Message" WHERE "sessionId" = ? AND "seq" >= ? AND "seq" < ? ORDER BY "seq"`;
const INDEX_SEARCH_SQL = `INSERT INTO "MessageSearch" ("rowid", "body") SELECT "id", "body" FROM "MessageSearchBody" WHERE "id" > ?`;

/**
 * Lets the event loop turn between batches. The better-sqlite3 adapter prepares each query and binds its parameters
 * to the statement (SQLite keeps a copy of every bound string until the statement is finalised); the statement is
 * finalised only when its wrapper is collected and node-addon-api runs the finaliser in a later turn of the event loop.
 * A loop of awaited queries never leaves the microtask queue, so every batch's JSON stayed in native memory until the
 * whole session was written (RSS +170 MB of a 96 MB upload's store, none of it on the V8 heap).
 */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A message as JSON text: JSON.stringify drops `undefined` fields (which the canonical model uses for "absent")
 * and fails loudly here, inside the transaction, on values JSON cannot hold (a BigInt, a cycle).
 */
function toJsonText(message: Message): string {
  return JSON.stringify(message);
}
