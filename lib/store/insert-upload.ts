import type { Prisma } from "../generated/prisma/client.ts";
import { db } from "./db";
import { sqliteTransactionConnection } from "./sqlite-connection";
import type { UploadColumns } from "./upload-columns";

/**
 * Writes a session's Upload row (its file, gzipped) inside the transaction `tx` that writes the session. On SQLite the
 * bytes are bound straight to the connection that holds the transaction (SQLite copies them once); through Prisma a
 * 12 MB gzip was converted and copied on its way to the driver, and those copies were still in the process's memory
 * when the messages were written (a 96 MB upload: about +60 MB of RSS, issue #39). PostgreSQL writes through Prisma.
 */
export async function insertUpload(tx: Prisma.TransactionClient, input: { sessionId: string; upload: UploadColumns }): Promise<void> {
  const { sessionId, upload } = input;
  const connection = sqliteTransactionConnection(await db());
  if (connection === null) {
    await tx.upload.create({ data: { sessionId, ...upload } });
    return;
  }
  const bytes = Buffer.from(upload.bytes.buffer, upload.bytes.byteOffset, upload.bytes.byteLength);
  connection.prepare(`INSERT INTO "Upload" ("sessionId", "encoding", "size", "sha256", "bytes") VALUES (?, ?, ?, ?, ?)`).run(sessionId, upload.encoding, upload.size, upload.sha256, bytes);
}
