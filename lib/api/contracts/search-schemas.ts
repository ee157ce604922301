import { z } from "zod";
import { FormatIdSchema } from "./schemas";

/** The longest query the search takes (a pasted path or command fits many times over). */
export const MAX_SEARCH_QUERY_LENGTH = 500;
export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 100;
/** the deepest page the search offers: past it, narrow the query */
export const MAX_SEARCH_OFFSET = 10_000;

/**
 * GET /api/search?q=&limit=&offset=. `q`: words, paths or commands; every whitespace-separated term must occur in
 * the message (a term is matched as its run of letters and digits, so `lib/store/db.ts` finds that path and
 * `"npm run build"` in quotes is one phrase). A query with no letter or digit matches nothing and is refused.
 */
export const SearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, "type something to search for")
    .max(MAX_SEARCH_QUERY_LENGTH, `a query has at most ${MAX_SEARCH_QUERY_LENGTH} characters`)
    .refine((query) => query === "" || /[\p{L}\p{N}]/u.test(query), "a query needs at least one letter or digit"),
  limit: z.coerce.number().int().min(1).max(MAX_SEARCH_LIMIT).default(DEFAULT_SEARCH_LIMIT),
  offset: z.coerce.number().int().min(0).max(MAX_SEARCH_OFFSET).default(0),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** A stretch of a snippet; `hit` marks the words the query matched. Plain text: render it as text, never as HTML. */
export const SnippetSegmentSchema = z.object({ text: z.string(), hit: z.boolean() });
export type SnippetSegment = z.infer<typeof SnippetSegmentSchema>;

export const SearchHitSchema = z.object({
  sessionId: z.string(),
  sessionTitle: z.string(),
  format: FormatIdSchema,
  /** the message's index in the session (its seq: the number the timeline shows; open it with /sessions/<id>?message=<seq>) */
  seq: z.number().int(),
  role: z.string().nullable(),
  snippet: z.array(SnippetSegmentSchema),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchResultSchema = z.object({
  query: z.string(),
  /** matching messages, and the sessions they are in */
  total: z.number().int(),
  sessions: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  /** the offset of the next page, or null after the last */
  nextOffset: z.number().int().nullable(),
  hits: z.array(SearchHitSchema),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
