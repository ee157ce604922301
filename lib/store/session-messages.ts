import type { Message } from "../engine/model";
import type { Prisma } from "../generated/prisma/client.ts";
import { databaseUrl, providerOf } from "./db";

/**
 * Rows per INSERT. 1,000 rows × 3 columns stays far below SQLite's 32,766 and PostgreSQL's 65,535 bound
 * parameters while keeping a 10,000-message session to ten statements.
 */
export const MESSAGE_INSERT_BATCH = 1_000;

/**
 * Inserts a session's messages as seq 0…n-1 in batches. Call it inside the transaction that writes the session.
 * One parameterised multi-row INSERT per batch, not `createMany`: Prisma's query compiler nested and checked every
 * row's JSON value again (20,000 messages: ~8 s of an upload's ~9, most of it garbage collection). The JSON text
 * is the message's own serialisation, bound as a parameter (text in SQLite, cast to jsonb in PostgreSQL) — the
 * same stored values `createMany` wrote, read back through Prisma as before.
 *
 * On SQLite the batch is indexed for search by two more statements (see {@link indexBatch}) while the session's id
 * sits in "MessageSearchBulk", which the insert trigger skips (migration 20261127170000_perf-import_search_bulk); the
 * row leaves with the last batch, in the same transaction. On PostgreSQL the trigger indexes each row.
 */
export async function insertMessages(
  tx: Prisma.TransactionClient,
  sessionId: string,
  messages: readonly Message[],
  onInserted?: (count: number) => void | Promise<void>,
): Promise<void> {
  const postgres = providerOf(databaseUrl()) === "postgresql";
  if (!postgres) await tx.$executeRawUnsafe(`INSERT INTO "MessageSearchBulk" ("sessionId") VALUES (?)`, sessionId);
  for (let start = 0; start < messages.length; start += MESSAGE_INSERT_BATCH) {
    const batch = messages.slice(start, start + MESSAGE_INSERT_BATCH);
    const values: unknown[] = [];
    const rows = batch.map((message, index) => {
      values.push(sessionId, start + index, toJsonText(message));
      const at = values.length - 2;
      return postgres ? `($${at}, $${at + 1}, $${at + 2}::jsonb)` : "(?, ?, ?)";
    });
    await tx.$executeRawUnsafe(`INSERT INTO "Message" ("sessionId", "seq", "data") VALUES ${rows.join(", ")}`, ...values);
    if (!postgres) await indexBatch(tx, { sessionId, firstSeq: start, count: batch.length });
    await onInserted?.(start + batch.length);
  }
  if (!postgres) await tx.$executeRawUnsafe(`DELETE FROM "MessageSearchBulk" WHERE "sessionId" = ?`, sessionId);
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
  await tx.$executeRawUnsafe(
    `INSERT INTO "MessageSearchDoc" ("sessionId", "seq") SELECT "sessionId", "seq" FROM "Message" WHERE "sessionId" = ? AND "seq" >= ? AND "seq" < ? ORDER BY "seq"`,
    sessionId,
    firstSeq,
    firstSeq + count,
  );
  await tx.$executeRawUnsafe(`INSERT INTO "MessageSearch" ("rowid", "body") SELECT "id", "body" FROM "MessageSearchBody" WHERE "id" > ?`, Number(last ?? 0));
}

/**
 * A message as JSON text: JSON.stringify drops `undefined` fields (which the canonical model uses for "absent")
 * and fails loudly here, inside the transaction, on values JSON cannot hold (a BigInt, a cycle).
 */
function toJsonText(message: Message): string {
  return JSON.stringify(message);
}
