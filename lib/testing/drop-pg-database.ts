import pg from "pg";

/** Attempts at dropping a test database before its error is thrown (2.8 s of waits in all). */
const DROP_ATTEMPTS = 8;

/**
 * Drops a test or bench database (`serverUrl`: a connection to another database of the same server). `WITH (FORCE)`
 * ends the connections the test left open (a pool's clients still closing). On PostgreSQL 15 it refuses (42501,
 * "must be a member of the role whose process is being terminated") while an autovacuum worker is visiting the
 * database — a worker has no role — which a freshly filled database draws (a clean-clone CI run of 2026-11-28 06:33
 * failed so in lib/sessions/stream-upload.pg.test.ts; reproduced with autovacuum_naptime 1 s: FORCE refused three
 * times out of three while a worker scanned a new table). A plain DROP is what ends such a worker (PostgreSQL
 * signals it and waits) but refuses (55006) while a client is still connected, so the two alternate, with a growing
 * pause, until one succeeds.
 */
export async function dropPgDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}"${attempt % 2 === 1 ? " WITH (FORCE)" : ""}`);
        return;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= DROP_ATTEMPTS || (code !== "42501" && code !== "55006")) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } finally {
    await client.end();
  }
}
