/** A run of letters and digits: a token to SQLite's unicode61 tokenizer, and to the PostgreSQL document (see the migration). */
export const SEARCH_TOKEN = /[\p{L}\p{N}]+/gu;

/**
 * The phrases a search query asks for, each as its tokens: a "quoted stretch" is one phrase, any other
 * whitespace-separated term is one phrase of its own tokens (so `lib/store/db.ts` is the phrase lib store db ts, as
 * the index holds it). Punctuation never reaches the database's query syntax. Empty when the query has no letter or
 * digit; duplicates dropped.
 */
export function searchPhrases(query: string): string[][] {
  const phrases = new Map<string, string[]>();
  for (const match of query.matchAll(/"([^"]*)"?|(\S+)/g)) {
    const tokens = (match[1] ?? match[2] ?? "").match(SEARCH_TOKEN)?.map((token) => token.toLowerCase()) ?? [];
    if (tokens.length > 0) phrases.set(tokens.join(" "), tokens);
  }
  return [...phrases.values()];
}

/** A token as both databases compare it: lower case, and without diacritics (SQLite folds them; see markSnippet). */
export function foldToken(token: string): string {
  return token.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
}
