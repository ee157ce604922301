import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { MessagePageSchema, SessionDetailSchema, SessionListSchema } from "../api/schemas";
import { fetchJson } from "../client/fetch-json";

/** Messages per timeline page: a few screens of rows, small enough to arrive quickly. */
export const MESSAGE_PAGE_SIZE = 250;

/**
 * The one source of session query keys. Everything under `sessionKeys.all` belongs to sessions, so an
 * upload or delete can invalidate the lot with `invalidateQueries({ queryKey: sessionKeys.all })`.
 */
export const sessionKeys = {
  all: ["sessions"] as const,
  list: () => [...sessionKeys.all, "list"] as const,
  detail: (id: string) => [...sessionKeys.all, "detail", id] as const,
  messages: (id: string) => [...sessionKeys.all, "detail", id, "messages"] as const,
};

export const sessionQueries = {
  list: () =>
    queryOptions({
      queryKey: sessionKeys.list(),
      queryFn: ({ signal }) => fetchJson("/api/sessions", SessionListSchema, { signal }),
    }),

  detail: (id: string) =>
    queryOptions({
      queryKey: sessionKeys.detail(id),
      queryFn: ({ signal }) => fetchJson(`/api/sessions/${encodeURIComponent(id)}`, SessionDetailSchema, { signal }),
    }),

  /** The timeline, paged by offset cursor; pages arrive in order, so page k starts at k × page size. */
  messages: (id: string) =>
    infiniteQueryOptions({
      queryKey: sessionKeys.messages(id),
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) =>
        fetchJson(
          `/api/sessions/${encodeURIComponent(id)}/messages?cursor=${pageParam}&limit=${MESSAGE_PAGE_SIZE}`,
          MessagePageSchema,
          { signal },
        ),
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      // an imported session never changes, so its pages never go stale
      staleTime: Infinity,
    }),
};
