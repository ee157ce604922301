import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { StrategyInfoSchema, type PreviewRequest } from "../api/contracts/run-schemas";
import { SummarizerListSchema } from "../api/contracts/summarizer-schemas";
import { fetchJson } from "../client/fetch-json";
import { ContextSnapshotSchema, PreviewViewSchema, RunDetailSchema, RunListSchema } from "../client/run-views";

const StrategyListSchema = z.object({ strategies: z.array(StrategyInfoSchema) });

/**
 * The one source of playground query keys. A finished, cancelled or deleted run invalidates
 * `runKeys.session(id)` (the history) and, when deleted, `runKeys.detail(runId)`.
 */
export const runKeys = {
  all: ["runs"] as const,
  strategies: () => ["strategies"] as const,
  summarizers: () => ["summarizers"] as const,
  session: (sessionId: string) => [...runKeys.all, "session", sessionId] as const,
  preview: (sessionId: string, request: PreviewRequest) => [...runKeys.all, "preview", sessionId, request] as const,
  detail: (runId: string) => [...runKeys.all, "detail", runId] as const,
  context: (runId: string, step: number | "final") => [...runKeys.all, "detail", runId, "context", step] as const,
};

const json = (body: unknown, signal: AbortSignal): RequestInit => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "content-type": "application/json" },
  signal,
});

export const runQueries = {
  /** strategies never change while the app runs */
  strategies: () =>
    queryOptions({
      queryKey: runKeys.strategies(),
      queryFn: ({ signal }) => fetchJson("/api/strategies", StrategyListSchema, { signal }),
      staleTime: Infinity,
    }),

  /** the summarizers and models the server is configured for; a minute is fresh enough (the server caches as long) */
  summarizers: () =>
    queryOptions({
      queryKey: runKeys.summarizers(),
      queryFn: ({ signal }) => fetchJson("/api/summarizers", SummarizerListSchema, { signal }),
      staleTime: 60_000,
    }),

  history: (sessionId: string) =>
    queryOptions({
      queryKey: runKeys.session(sessionId),
      queryFn: ({ signal }) => fetchJson(`/api/sessions/${encodeURIComponent(sessionId)}/runs`, RunListSchema, { signal }),
    }),

  /**
   * The instant preview for one configuration; the previous answer stays shown while the next loads, so a
   * moving slider never blanks the panel. Same configuration, same answer: cached for the session.
   */
  preview: (sessionId: string, request: PreviewRequest) =>
    queryOptions({
      queryKey: runKeys.preview(sessionId, request),
      queryFn: ({ signal }) => fetchJson(`/api/sessions/${encodeURIComponent(sessionId)}/preview`, PreviewViewSchema, json(request, signal)),
      placeholderData: keepPreviousData,
      staleTime: Infinity,
      retry: false,
    }),

  /**
   * A finished run never changes; a running one is followed through its stream, not by polling. The timeline
   * view: summaries cut to 12,000 characters (`summaryChars` gives the full length; the full text is in the
   * context at the pivot's step), a fraction of a long run's size.
   */
  detail: (runId: string) =>
    queryOptions({
      queryKey: runKeys.detail(runId),
      queryFn: ({ signal }) => fetchJson(`/api/runs/${encodeURIComponent(runId)}/timeline`, RunDetailSchema, { signal }),
      staleTime: Infinity,
    }),

  context: (runId: string, step: number | "final") =>
    queryOptions({
      queryKey: runKeys.context(runId, step),
      queryFn: ({ signal }) =>
        fetchJson(`/api/runs/${encodeURIComponent(runId)}/context?step=${step}`, ContextSnapshotSchema, { signal }),
      placeholderData: keepPreviousData,
      staleTime: Infinity,
    }),
};
