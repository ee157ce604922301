import type { SearchResult } from "../api/contracts/search-schemas";
import { databaseUrl, db, providerOf, type Database } from "./db";
import { markSnippet } from "./mark-snippet";
import { searchPhrases } from "./search-phrases";
import { storedFormat } from "./session-row";

export interface SearchMessagesInput {
  /** the user's query (SearchQuerySchema checked it) */
  query: string;
  limit: number;
  offset: number;
}

interface HitRow {
  sessionId: string;
  seq: number;
  body: string;
  role: string | null;
  title: string;
  customTitle: string | null;
  format: string;
}

/**
 * Full-text search over every stored message (its text, tool names, tool inputs — paths, commands — and tool
 * outputs; the migrations' triggers keep the index in step with the messages, so a redacted secret or a deleted
 * session is not found): SQLite's FTS5 ranked by bm25, PostgreSQL's tsvector ranked by ts_rank, the best first. Every
 * phrase of the query must occur in the message. A query without a letter or digit finds nothing.
 */
export async function searchMessages(input: SearchMessagesInput): Promise<SearchResult> {
  const phrases = searchPhrases(input.query);
  const empty: SearchResult = { query: input.query, total: 0, sessions: 0, offset: input.offset, limit: input.limit, nextOffset: null, hits: [] };
  if (phrases.length === 0) return empty;
  const prisma = await db();
  const found = providerOf(databaseUrl()) === "postgresql" ? await searchPostgres(prisma, phrases, input) : await searchSqlite(prisma, phrases, input);
  return {
    ...empty,
    total: found.total,
    sessions: found.sessions,
    nextOffset: input.offset + found.rows.length < found.total ? input.offset + found.rows.length : null,
    hits: found.rows.map((row) => ({
      sessionId: row.sessionId,
      sessionTitle: row.customTitle ?? row.title,
      format: storedFormat(row.format, row.sessionId),
      seq: Number(row.seq),
      role: row.role,
      snippet: markSnippet({ body: row.body, phrases }),
    })),
  };
}

interface Found {
  rows: HitRow[];
  total: number;
  sessions: number;
}

/**
 * SQLite: the contentless FTS5 index finds the rows, the text for the snippet comes from the MessageSearchBody view
 * (computed from the message, as the index was). FTS5's query: each phrase quoted (its tokens are letters and digits only, so nothing in it is syntax), all required. */
async function searchSqlite(prisma: Database, phrases: string[][], input: SearchMessagesInput): Promise<Found> {
  const match = phrases.map((tokens) => `"${tokens.join(" ")}"`).join(" AND ");
  const rows = await prisma.$queryRawUnsafe<HitRow[]>(
    `SELECT d."sessionId", d."seq", b."body", json_extract(m."data", '$.role') AS "role", s."title", s."customTitle", s."format"
     FROM "MessageSearch"
     JOIN "MessageSearchDoc" d ON d."id" = "MessageSearch"."rowid"
     JOIN "MessageSearchBody" b ON b."id" = d."id"
     JOIN "Message" m ON m."sessionId" = d."sessionId" AND m."seq" = d."seq"
     JOIN "Session" s ON s."id" = d."sessionId"
     WHERE "MessageSearch" MATCH ?
     ORDER BY bm25("MessageSearch"), s."createdAt" DESC, d."sessionId", d."seq"
     LIMIT ? OFFSET ?`,
    match,
    input.limit,
    input.offset,
  );
  const [counts] = await prisma.$queryRawUnsafe<{ total: number | bigint; sessions: number | bigint }[]>(
    `SELECT count(*) AS "total", count(DISTINCT d."sessionId") AS "sessions"
     FROM "MessageSearch" JOIN "MessageSearchDoc" d ON d."id" = "MessageSearch"."rowid"
     WHERE "MessageSearch" MATCH ?`,
    match,
  );
  return { rows, total: Number(counts.total), sessions: Number(counts.sessions) };
}

/**
 * PostgreSQL: the phrases as phraseto_tsquery's, all required, against each chunk's document (a message is found
 * by its best chunk; see the migration for why messages are chunked).
 */
async function searchPostgres(prisma: Database, phrases: string[][], input: SearchMessagesInput): Promise<Found> {
  const query = phrases.map((_, index) => `phraseto_tsquery('simple', $${index + 1})`).join(" && ");
  const values = phrases.map((tokens) => tokens.join(" "));
  const hits = `
    SELECT DISTINCT ON (c."sessionId", c."seq") c."sessionId", c."seq", c."body", ts_rank(c."document", q.query) AS "rank"
    FROM "MessageSearch" c, (SELECT ${query} AS query) q
    WHERE c."document" @@ q.query
    ORDER BY c."sessionId", c."seq", "rank" DESC`;
  const limit = values.length + 1;
  const rows = await prisma.$queryRawUnsafe<HitRow[]>(
    `SELECT h."sessionId", h."seq", h."body", m."data" ->> 'role' AS "role", s."title", s."customTitle", s."format"
     FROM (${hits}) h
     JOIN "Message" m ON m."sessionId" = h."sessionId" AND m."seq" = h."seq"
     JOIN "Session" s ON s."id" = h."sessionId"
     ORDER BY h."rank" DESC, s."createdAt" DESC, h."sessionId", h."seq"
     LIMIT $${limit} OFFSET $${limit + 1}`,
    ...values,
    input.limit,
    input.offset,
  );
  const [counts] = await prisma.$queryRawUnsafe<{ total: number | bigint; sessions: number | bigint }[]>(
    `SELECT count(*) AS "total", count(DISTINCT h."sessionId") AS "sessions" FROM (${hits}) h`,
    ...values,
  );
  return { rows, total: Number(counts.total), sessions: Number(counts.sessions) };
}
