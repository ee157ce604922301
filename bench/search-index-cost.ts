import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateSession } from "../lib/generator/generate-session";
import { toClaudeCodeJsonl } from "../lib/generator/to-claude-code-jsonl";
import { importUpload } from "../lib/sessions/import-upload";
import { closeDatabases, db } from "../lib/store/db";
import { deleteSession } from "../lib/store/sessions";
import { searchMessages } from "../lib/store/search-messages";
import { median, settleGarbage } from "./measure";

const MESSAGES = 20_000;
const RUNS = 3;

/**
 * The database without the index: no search triggers, and the two tables an import indexes its messages into itself
 * (insertMessages, in bulk, from the "MessageSearchBody" view) replaced by empty views whose inserts go nowhere — so
 * the view finds no rows to compute text for, and SQLite stores and tokenises nothing.
 */
const PLAIN_SCHEMA = [
  `DROP TRIGGER "Message_search_insert"`,
  `DROP TRIGGER "Message_search_delete"`,
  `DROP TABLE "MessageSearch"`,
  `DROP TABLE "MessageSearchDoc"`,
  `CREATE VIEW "MessageSearchDoc" ("id", "sessionId", "seq") AS SELECT 0, '', 0 WHERE 0`,
  `CREATE TRIGGER "MessageSearchDoc_nowhere" INSTEAD OF INSERT ON "MessageSearchDoc" BEGIN SELECT 0; END`,
  `CREATE VIEW "MessageSearch" ("rowid", "body") AS SELECT 0, '' WHERE 0`,
  `CREATE TRIGGER "MessageSearch_nowhere" INSTEAD OF INSERT ON "MessageSearch" BEGIN SELECT 0; END`,
];

/**
 * What the full-text search index (issue #40: SQLite's FTS5 table, fed in bulk by an import — insertMessages — and
 * by triggers on "Message" otherwise) adds to an upload: a generated 20,000-message Claude Code JSONL file stored with
 * `importUpload` into a fresh SQLite file as migrated, against a second fresh file without the index (PLAIN_SCHEMA),
 * alternated after a warm-up pair, each session deleted after its run (the delete trigger is timed too). Wall clock,
 * median of 3; then both files' size with one copy stored, and one search over it.
 */
export async function runSearchIndexCost(log: (line: string) => void): Promise<void> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-bench-search-"));
  const indexed = `file:${path.join(directory, "indexed.db")}`;
  const plain = `file:${path.join(directory, "plain.db")}`;
  try {
    process.env.DATABASE_URL = plain;
    const prisma = await db();
    for (const statement of PLAIN_SCHEMA) await prisma.$executeRawUnsafe(statement);
    process.env.DATABASE_URL = indexed;
    await db();
    process.stderr.write(`[bench] search index: generating a ${MESSAGES.toLocaleString("en-US")}-message session\n`);
    const bytes = Buffer.from(toClaudeCodeJsonl(generateSession({ seed: 3, messages: MESSAGES })));
    log(`search index cost: generated ${MESSAGES.toLocaleString("en-US")}-message Claude Code JSONL, ${(bytes.length / 1e6).toFixed(1)} MB; importUpload then deleteSession, fresh SQLite with and without the search index, alternated, median of ${RUNS} (wall clock)`);
    const times = { plain: { store: [] as number[], remove: [] as number[] }, indexed: { store: [] as number[], remove: [] as number[] } };
    for (let run = 0; run <= RUNS; run++) {
      for (const [name, url] of [["plain", plain], ["indexed", indexed]] as const) {
        process.env.DATABASE_URL = url;
        process.stderr.write(`[bench] search index: ${name} ${run === 0 ? "warm-up" : `run ${run}`}\n`);
        await settleGarbage();
        let started = performance.now();
        const { id } = await importUpload({ bytes, sourceName: "bench.jsonl" });
        const store = performance.now() - started;
        started = performance.now();
        await deleteSession(id);
        if (run > 0) {
          times[name].store.push(store);
          times[name].remove.push(performance.now() - started);
        }
      }
    }
    const range = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
    for (const step of ["store", "remove"] as const) {
      const without = median(times.plain[step]);
      const withIndex = median(times.indexed[step]);
      log(`  ${step === "store" ? "importUpload " : "deleteSession"} without the index ${without.toFixed(0).padStart(6)} ms (${range(times.plain[step])})`);
      log(`  ${step === "store" ? "importUpload " : "deleteSession"} with the index    ${withIndex.toFixed(0).padStart(6)} ms (${range(times.indexed[step])}) = ${(withIndex / without).toFixed(2)}×`);
    }
    const sizes: Record<string, number> = {};
    for (const [name, url] of [["plain", plain], ["indexed", indexed]] as const) {
      process.env.DATABASE_URL = url;
      await importUpload({ bytes, sourceName: "bench.jsonl" });
      await (await db()).$executeRawUnsafe("VACUUM");
      sizes[name] = fs.statSync(url.slice("file:".length)).size / 1e6;
    }
    log(`  database file with the session stored: ${sizes.plain.toFixed(1)} MB without the index, ${sizes.indexed.toFixed(1)} MB with = ${(sizes.indexed / sizes.plain).toFixed(2)}×`);
    process.env.DATABASE_URL = indexed;
    const started = performance.now();
    const found = await searchMessages({ query: "src", limit: 20, offset: 0 });
    log(`  one search ("src", ${found.total.toLocaleString("en-US")} messages match, first page of 20): ${(performance.now() - started).toFixed(0)} ms`);
  } finally {
    await closeDatabases();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}
