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
 */
export async function insertMessages(
  tx: Prisma.TransactionClient,
  sessionId: string,
  messages: readonly Message[],
  onInserted?: (count: number) => void | Promise<void>,
): Promise<void> {
  const postgres = providerOf(databaseUrl()) === "postgresql";
  for (let start = 0; start < messages.length; start += MESSAGE_INSERT_BATCH) {
    const batch = messages.slice(start, start + MESSAGE_INSERT_BATCH);
    const values: unknown[] = [];
    const rows = batch.map((message, index) => {
      values.push(sessionId, start + index, toJsonText(message));
      const at = values.length - 2;
      return postgres ? `($${at}, $${at + 1}, $${at + 2}::jsonb)` : "(?, ?, ?)";
    });
    await tx.$executeRawUnsafe(`INSERT INTO "Message" ("sessionId", "seq", "data") VALUES ${rows.join(", ")}`, ...values);
    await onInserted?.(start + batch.length);
  }
}

/**
 * A message as JSON text: JSON.stringify drops `undefined` fields (which the canonical model uses for "absent")
 * and fails loudly here, inside the transaction, on values JSON cannot hold (a BigInt, a cycle).
 */
function toJsonText(message: Message): string {
  return JSON.stringify(message);
}
