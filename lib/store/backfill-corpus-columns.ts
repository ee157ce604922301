import { NotFoundError } from "../api/contracts/errors";
import { CORPUS_COLUMNS_VERSION, corpusColumns } from "./corpus-columns";
import { db } from "./db";
import { loadSession } from "./sessions";

/** Sessions read per round: each is parsed whole, so a round stays a few hundred milliseconds for typical sessions. */
const BACKFILL_BATCH = 20;

/**
 * Derives the corpus view's columns (corpusColumns) of sessions stored before them or before their last change
 * (corpusVersion below CORPUS_COLUMNS_VERSION), so the list's filters and sums cover every session. Runs before a
 * filtered list; a no-op — one indexed count — once all are derived. Safe with several processes: each update applies
 * only while the row is still below the version, so two writers derive the same values once. Bounded by the number
 * of stale sessions found at the start; a session that cannot be read is marked derived with empty columns (and
 * logged) rather than retried forever. Returns how many it derived.
 */
export async function backfillCorpusColumns(): Promise<number> {
  const prisma = await db();
  const stale = { corpusVersion: { lt: CORPUS_COLUMNS_VERSION } };
  const total = await prisma.session.count({ where: stale });
  let derived = 0;
  for (let seen = 0; seen < total; seen += BACKFILL_BATCH) {
    const rows = await prisma.session.findMany({ where: stale, select: { id: true }, orderBy: { id: "asc" }, take: BACKFILL_BATCH });
    if (rows.length === 0) break;
    for (const { id } of rows) {
      const columns = await loadSession(id).then(corpusColumns, (error: unknown) => {
        if (error instanceof NotFoundError) return null; // deleted meanwhile
        console.error(`corpus columns: session ${id} could not be read; its model, project, start and cost stay empty`, error);
        return { corpusVersion: CORPUS_COLUMNS_VERSION };
      });
      if (!columns) continue;
      derived += (await prisma.session.updateMany({ where: { id, ...stale }, data: columns })).count;
    }
  }
  return derived;
}
