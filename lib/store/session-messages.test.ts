import { describe, expect, it } from "vitest";
import type { Message } from "../engine/model";
import { generateSession } from "../generator/generate-session";
import { useTestDatabase } from "../testing/use-test-database";
import { db } from "./db";
import { partText } from "../engine/tokens/part-text";
import { insertMessages, MESSAGE_INSERT_BATCH } from "./session-messages";
import { sqliteTransactionConnection } from "./sqlite-connection";
import { storeSession } from "./store-session";

const count = async (sql: string, ...values: unknown[]) => Number((await (await db()).$queryRawUnsafe<{ n: number | bigint }[]>(sql, ...values))[0].n);

/** The seqs of a session's messages the FTS index finds for a query. */
async function found(sessionId: string, query: string): Promise<number[]> {
  const rows = await (await db()).$queryRawUnsafe<{ seq: number | bigint }[]>(
    `SELECT d."seq" FROM "MessageSearch" JOIN "MessageSearchDoc" d ON d."id" = "MessageSearch"."rowid" WHERE "MessageSearch" MATCH ? AND d."sessionId" = ? ORDER BY d."seq"`,
    query,
    sessionId,
  );
  return rows.map((row) => Number(row.seq));
}

describe("insertMessages' bulk search indexing on SQLite (a fresh file, migrated)", () => {
  useTestDatabase("sqlite");

  it("indexes a stored session as the trigger indexes the same messages written one by one", async () => {
    const messages = generateSession({ seed: 5, messages: 2_500 }).messages; // three batches
    const bulk = await storeSession({ session: { title: "bulk", format: "openai", meta: {}, messages }, sessionCount: 1, pick: 0 });
    const byTrigger = await storeSession({ session: { title: "trigger", format: "openai", meta: {}, messages: [] }, sessionCount: 1, pick: 0 });
    await (await db()).$transaction(async (tx) => {
      for (const [seq, message] of messages.entries()) {
        await tx.$executeRawUnsafe(`INSERT INTO "Message" ("sessionId", "seq", "data") VALUES (?, ?, ?)`, byTrigger.id, seq, JSON.stringify(message));
      }
    });
    expect(await count(`SELECT count(*) AS n FROM "MessageSearchDoc" WHERE "sessionId" = ?`, bulk.id)).toBe(messages.length);
    // document ids follow on from the highest, in seq order, as the trigger numbers them
    expect(await count(`SELECT max("id") - min("id") + 1 AS n FROM "MessageSearchDoc" WHERE "sessionId" = ?`, bulk.id)).toBe(messages.length);
    // words and a phrase of the session's own text, from several batches, a prefix and an OR
    const tokens = (seq: number) => messages[seq].parts.map(partText).join(" ").toLowerCase().split(/[^a-z0-9]+/).filter((token) => token.length > 0);
    const words = [10, 1_200, 2_400].flatMap((seq) => tokens(seq).filter((token) => /^[a-z]{4,}$/.test(token)).slice(0, 2));
    const phrase = `"${tokens(10).slice(0, 2).join(" ")}"`;
    for (const query of [...words, phrase, `${words[2].slice(0, 3)}*`, `${words[3]} OR ${words[4]}`]) {
      const bulkSeqs = await found(bulk.id, query);
      expect(bulkSeqs.length, query).toBeGreaterThan(0);
      expect(bulkSeqs, query).toEqual(await found(byTrigger.id, query));
    }
    expect(await count(`SELECT count(*) AS n FROM "MessageSearchBulk"`)).toBe(0);
  }, 60_000);

  it("writes on the connection that holds the Prisma transaction: inside it only, every message's JSON as it serialises", async () => {
    const prisma = await db();
    expect(sqliteTransactionConnection(prisma)).toBeNull();
    const inside = await prisma.$transaction(async (tx) => {
      await tx.$queryRawUnsafe(`SELECT 1`);
      return sqliteTransactionConnection(prisma) !== null;
    });
    // the adapter keeps its connection where sqlite-connection.ts looks: an upgrade that moves it fails here, not silently
    expect(inside).toBe(true);
    expect(sqliteTransactionConnection(prisma)).toBeNull();
    const messages = generateSession({ seed: 7, messages: 1_500 }).messages;
    const stored = await storeSession({ session: { title: "direct", format: "openai", meta: {}, messages }, sessionCount: 1, pick: 0 });
    const rows = await prisma.$queryRawUnsafe<{ seq: number | bigint; data: string }[]>(`SELECT "seq", CAST("data" AS TEXT) AS "data" FROM "Message" WHERE "sessionId" = ? ORDER BY "seq"`, stored.id);
    expect(rows.map((row) => Number(row.seq))).toEqual(messages.map((_, seq) => seq));
    expect(rows.map((row) => row.data)).toEqual(messages.map((message) => JSON.stringify(message)));
  }, 60_000);

  it("stops writing when Prisma ends the transaction at its timeout: no row outlives the rollback", async () => {
    const prisma = await db();
    const messages = generateSession({ seed: 8, messages: MESSAGE_INSERT_BATCH + 10 }).messages;
    let sessionId = "";
    const late = prisma.$transaction(
      async (tx) => {
        sessionId = (await tx.session.create({ data: { title: "late", format: "openai", pick: 0, sessionCount: 1, messageCount: 0, toolCallCount: 0, toolResultCount: 0, recordedCompactionCount: 0, estimatedTokens: 0, meta: {} }, select: { id: true } })).id;
        // the first batch is written, then the transaction outlives its timeout before the second
        await insertMessages(tx, sessionId, messages, () => new Promise((resolve) => setTimeout(resolve, 1_500)));
      },
      { timeout: 500 },
    );
    await expect(late).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // past the second batch, had it gone on
    expect(await count(`SELECT count(*) AS n FROM "Session" WHERE "id" = ?`, sessionId)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM "Message" WHERE "sessionId" = ?`, sessionId)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM "MessageSearchBulk"`)).toBe(0);
  }, 60_000);

  it("leaves nothing behind when a later batch fails: no messages, no search rows, no bulk mark", async () => {
    const before = await count(`SELECT count(*) AS n FROM "MessageSearchDoc"`);
    const messages: Message[] = generateSession({ seed: 6, messages: MESSAGE_INSERT_BATCH + 10 }).messages;
    const broken = { ...messages[MESSAGE_INSERT_BATCH + 5], parts: [{ type: "opaque", tokens: 1, size: 1n }] } as unknown as Message;
    const session = { title: "broken", format: "openai" as const, meta: {}, messages: messages.map((message, index) => (index === MESSAGE_INSERT_BATCH + 5 ? broken : message)) };
    await expect(storeSession({ session, sessionCount: 1, pick: 0 })).rejects.toThrow(/BigInt/);
    expect(await count(`SELECT count(*) AS n FROM "Session" WHERE "title" = 'broken'`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM "MessageSearchDoc"`)).toBe(before);
    expect(await count(`SELECT count(*) AS n FROM "MessageSearchBulk"`)).toBe(0);
  }, 60_000);
});
