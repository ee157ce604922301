import type { DatabaseProvider } from "./db";

type Executor = { $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number> };

/**
 * Writes a run's result (the Run.result JSON column) from its serialized JSON (`JSON.stringify(result)`, done by the
 * caller before its transaction opens: tens of megabytes take a while). A replay's result runs to megabytes
 * (a 1,500-message evidence run: 4.4 MB, mostly its compactions' ledgers), and handing Prisma the object tree costs
 * a deep copy plus its argument walk over every node — measured at ~250 ms of a ~1 s sweep job. The column reads
 * back through Prisma as before: SQLite keeps JSON as text, PostgreSQL parses the text into its jsonb. The SQL is
 * fixed and the values are bound parameters.
 */
export async function writeRunResult(tx: Executor, provider: DatabaseProvider, id: string, json: string): Promise<void> {
  const written =
    provider === "postgresql"
      ? await tx.$executeRawUnsafe(`UPDATE "Run" SET "result" = CAST($1 AS jsonb) WHERE "id" = $2`, json, id)
      : await tx.$executeRawUnsafe(`UPDATE "Run" SET "result" = ? WHERE "id" = ?`, json, id);
  if (written !== 1) throw new Error(`run ${id}: its result was not written (${written} rows)`);
}
