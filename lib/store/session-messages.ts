import type { Message } from "../engine/model";
import type { Prisma } from "../generated/prisma/client.ts";
import { parseStoredMessage } from "./stored-message";

/**
 * Rows per INSERT. 1,000 rows × 3 columns stays far below SQLite's 32,766 and PostgreSQL's 65,535 bound
 * parameters while keeping a 10,000-message session to ten statements.
 */
export const MESSAGE_INSERT_BATCH = 1_000;

/** Inserts a session's messages as seq 0…n-1 in batches. Call it inside the transaction that writes the session. */
export async function insertMessages(tx: Prisma.TransactionClient, sessionId: string, messages: readonly Message[]): Promise<void> {
  for (let start = 0; start < messages.length; start += MESSAGE_INSERT_BATCH) {
    const batch = messages.slice(start, start + MESSAGE_INSERT_BATCH);
    await tx.message.createMany({
      data: batch.map((message, index) => ({ sessionId, seq: start + index, data: toJson(message) })),
    });
  }
}

/** Every message of a session in order, validated against the canonical model. */
export async function loadMessages(tx: Prisma.TransactionClient, sessionId: string): Promise<Message[]> {
  const rows = await tx.message.findMany({ where: { sessionId }, orderBy: { seq: "asc" }, select: { seq: true, data: true } });
  return rows.map((row) => parseStoredMessage(row.data, { sessionId, seq: row.seq }));
}

/**
 * A message as JSON: a round trip through JSON.stringify drops `undefined` fields (which the canonical model uses
 * for "absent") and fails loudly here, inside the transaction, on values JSON cannot hold (a BigInt, a cycle).
 */
function toJson(message: Message): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(message)) as Prisma.InputJsonValue;
}
