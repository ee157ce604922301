import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import type { RecommendationView, RecommendRequestInput } from "../api/contracts/recommend-schemas";
import { fetchJson } from "../client/fetch-json";

/** The one source of the recommender's query keys; starting or cancelling one invalidates `view(id)`. */
export const recommendKeys = {
  all: ["recommend"] as const,
  view: (id: string) => [...recommendKeys.all, "view", id] as const,
};

/** Built by our own server from stored rows, typed by import; only the envelope is checked here. */
const RecommendationViewSchema = z
  .looseObject({ id: z.string(), state: z.enum(["running", "done", "cancelled"]), runs: z.object({ total: z.number(), ended: z.number(), failed: z.number() }) })
  .transform((view) => view as unknown as RecommendationView);

const url = (id: string) => `/api/recommendations/${encodeURIComponent(id)}`;

export const recommendQueries = {
  /** polled every second while its runs go on, then left alone (a finished recommendation does not change) */
  view: (id: string) =>
    queryOptions({
      queryKey: recommendKeys.view(id),
      queryFn: ({ signal }) => fetchJson(url(id), RecommendationViewSchema, { signal }),
      refetchInterval: (query) => (query.state.data?.state === "running" ? 1_000 : false),
    }),
};

export function useStartRecommendation() {
  return useMutation({
    mutationFn: (input: RecommendRequestInput) =>
      fetchJson("/api/recommendations", z.object({ id: z.string(), url: z.string(), skipped: z.array(z.string()) }), {
        method: "POST",
        body: JSON.stringify(input),
        headers: { "content-type": "application/json" },
      }),
  });
}

/** Cancels every unfinished run (the comparison's cancel); finished ones stay. */
export function useCancelRecommendation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchJson(`/api/comparisons/${encodeURIComponent(id)}/cancel`, z.unknown(), { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recommendKeys.view(id) }),
  });
}
