"use client";

import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { fetchJson } from "@/lib/client/fetch-json";

const ByRunIdSchema = z.object({
  byRunId: z.record(z.string(), z.object({ overall: z.number().nullable(), byDimension: z.record(z.string(), z.number().nullable()), compactions: z.number().int(), judge: z.string() })),
});
export type JudgedProbesOfRun = z.infer<typeof ByRunIdSchema>["byRunId"][string];

/**
 * The judged-probes figures of a comparison's finished runs, fetched only while the compare table's optional column
 * is on (one request for every run; keyed under the runs' detail keys, so a new judgement is picked up on refetch).
 */
export function useJudgedProbesOfRuns(runIds: readonly string[], enabled: boolean) {
  const sorted = [...new Set(runIds)].sort();
  return useQuery({
    queryKey: ["runs", "judged-probes-of", sorted] as const,
    queryFn: ({ signal }) => fetchJson(`/api/runs/judged-probes?ids=${sorted.map(encodeURIComponent).join(",")}`, ByRunIdSchema, { signal }),
    enabled: enabled && sorted.length > 0,
  });
}
