import { queryOptions } from "@tanstack/react-query";
import { CorpusListSchema } from "../api/contracts/corpus-schemas";
import { MessagePageSchema, SessionDetailSchema } from "../api/contracts/schemas";
import { SearchResultSchema } from "../api/contracts/search-schemas";
import { SessionFidelitySchema } from "../api/contracts/fidelity-schemas";
import { SessionSecretsViewSchema } from "../api/contracts/secret-schemas";
import { fetchJson } from "../client/fetch-json";

/**
 * Messages per timeline page: a screenful or two of rows, small enough to arrive and parse quickly. Page 0 comes in
 * the session page's HTML (app/sessions/[id]/page.tsx). At 250, a page arriving while scrolling a 100,000-message
 * session was ~283 KB of JSON to parse in the task that mounted its rows.
 */
export const MESSAGE_PAGE_SIZE = 100;

/**
 * The one source of session query keys. Everything under `sessionKeys.all` belongs to sessions, so an
 * upload or delete can invalidate the lot with `invalidateQueries({ queryKey: sessionKeys.all })`.
 */
export const sessionKeys = {
  all: ["sessions"] as const,
  list: () => [...sessionKeys.all, "list"] as const,
  /** the list under the corpus view's filters (the URL's parameters as given; `{}`: every session) */
  corpus: (filter: Readonly<Record<string, string>>) => [...sessionKeys.list(), filter] as const,
  /** a search's page: under the list, so an upload or a delete (which invalidate the list) refreshes it too */
  search: (query: string, offset: number) => [...sessionKeys.list(), "search", query, offset] as const,
  detail: (id: string) => [...sessionKeys.all, "detail", id] as const,
  messages: (id: string) => [...sessionKeys.all, "detail", id, "messages"] as const,
  messagePage: (id: string, page: number) => [...sessionKeys.messages(id), page] as const,
  secrets: (id: string) => [...sessionKeys.all, "detail", id, "secrets"] as const,
  fidelity: (id: string) => [...sessionKeys.all, "detail", id, "fidelity"] as const,
};

export const sessionQueries = {
  /** Every session, with the corpus summary (the same query as the unfiltered corpus view). */
  list: () => sessionQueries.corpus({}),

  /** The sessions the corpus view's filters keep, with their sums; the filters go to the server as given (it checks them). */
  corpus: (filter: Readonly<Record<string, string>>) =>
    queryOptions({
      queryKey: sessionKeys.corpus(filter),
      queryFn: ({ signal }) => fetchJson(`/api/sessions${queryString(filter)}`, CorpusListSchema, { signal }),
    }),

  /** Full-text search over every session's messages: one page of hits from `offset`. */
  search: (query: string, offset: number) =>
    queryOptions({
      queryKey: sessionKeys.search(query, offset),
      queryFn: ({ signal }) => fetchJson(`/api/search${queryString({ q: query, offset: String(offset) })}`, SearchResultSchema, { signal }),
    }),

  /** The agent's recorded compactions beside a replay of its own strategy (computed on the server: seconds on a large session). */
  fidelity: (id: string) =>
    queryOptions({
      queryKey: sessionKeys.fidelity(id),
      queryFn: ({ signal }) => fetchJson(`/api/sessions/${encodeURIComponent(id)}/fidelity`, SessionFidelitySchema, { signal }),
      staleTime: Infinity,
    }),

  detail: (id: string) =>
    queryOptions({
      queryKey: sessionKeys.detail(id),
      queryFn: ({ signal }) => fetchJson(`/api/sessions/${encodeURIComponent(id)}`, SessionDetailSchema, { signal }),
    }),

  /** The session's credentials: count, kinds, last redaction, and every unredacted finding (masked previews). */
  secrets: (id: string) =>
    queryOptions({
      queryKey: sessionKeys.secrets(id),
      queryFn: ({ signal }) => fetchJson(`/api/sessions/${encodeURIComponent(id)}/secrets`, SessionSecretsViewSchema, { signal }),
    }),

  /**
   * Page `page` of the timeline: the messages with seq in [page × size, (page + 1) × size). The cursor is the
   * seq, so any page is one request — a jump far ahead fetches its own page, not every page before it.
   */
  messagePage: (id: string, page: number) =>
    queryOptions({
      queryKey: sessionKeys.messagePage(id, page),
      queryFn: ({ signal }) =>
        fetchJson(
          `/api/sessions/${encodeURIComponent(id)}/messages?cursor=${page * MESSAGE_PAGE_SIZE}&limit=${MESSAGE_PAGE_SIZE}`,
          MessagePageSchema,
          { signal },
        ),
      // an imported session never changes, so its pages never go stale
      staleTime: Infinity,
    }),
};

/** The page holding message `index`. */
export function pageOf(index: number): number {
  return Math.floor(index / MESSAGE_PAGE_SIZE);
}

/** `?a=1&b=2` of the non-empty entries, in key order (so equal filters make equal URLs); "" when none. */
function queryString(values: Readonly<Record<string, string>>): string {
  const params = new URLSearchParams(Object.entries(values).filter(([, value]) => value !== "").sort(([a], [b]) => a.localeCompare(b)));
  const text = params.toString();
  return text ? `?${text}` : "";
}
