import { handle } from "@/lib/http/route";
import { SearchQuerySchema } from "@/lib/api/contracts/search-schemas";
import { searchMessages } from "@/lib/store/search-messages";

export const dynamic = "force-dynamic";

/**
 * GET /api/search?q=&limit=&offset= → 200 `SearchResult`: the messages of every session that hold each phrase of `q`
 * (text, tool names, tool inputs such as paths and commands, tool outputs), the best first, with the session, the
 * message's seq and a snippet whose `hit` segments are the matched words (plain text). 400 `invalid_request` naming
 * the field (`q` empty, over 500 characters or without a letter or digit; `limit` outside 1–100; `offset` outside
 * 0–10,000).
 */
export const GET = handle(async (request: Request) => {
  const query = SearchQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return searchMessages({ query: query.q, limit: query.limit, offset: query.offset });
});
