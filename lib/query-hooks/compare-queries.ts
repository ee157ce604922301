import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { UserProbeInputSchema, type UserProbe, type UserProbeInput } from "../api/contracts/compare-schemas";
import type { Probe } from "../engine/evaluate/probe";
import { fetchJson, fetchNoContent } from "../client/fetch-json";

/**
 * GET /api/sessions/:id/probes → the probes extracted from the session (built by our own server with the pure
 * engine, typed by import; only the envelope is checked) and the user's own probes.
 */
const ProbeListSchema = z.object({
  extracted: z.array(z.looseObject({ id: z.string(), kind: z.string(), text: z.string(), firstStep: z.number() })).transform((probes) => probes as unknown as Probe[]),
  user: z.array(UserProbeInputSchema.extend({ id: z.string(), sessionId: z.string(), createdAt: z.string() })).transform((probes) => probes as UserProbe[]),
});
export type ProbeList = z.infer<typeof ProbeListSchema>;

/** The one source of the compare workbench's query keys. Adding or deleting a user probe invalidates `probes(id)`. */
export const compareKeys = {
  all: ["compare"] as const,
  probes: (sessionId: string) => [...compareKeys.all, "probes", sessionId] as const,
};

const probesUrl = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}/probes`;

export const compareQueries = {
  /** a session's extracted probes never change; the user's change only through the mutations below */
  probes: (sessionId: string) =>
    queryOptions({
      queryKey: compareKeys.probes(sessionId),
      queryFn: ({ signal }) => fetchJson(probesUrl(sessionId), ProbeListSchema, { signal }),
      staleTime: Infinity,
    }),
};

/** POST a user probe (text or regex). A regex the server cannot compile comes back as a 400 naming `pattern`. */
export function useAddUserProbe(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserProbeInput) =>
      fetchJson(probesUrl(sessionId), z.unknown(), {
        method: "POST",
        body: JSON.stringify(input),
        headers: { "content-type": "application/json" },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: compareKeys.probes(sessionId) }),
  });
}

export function useDeleteUserProbe(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (probeId: string) => fetchNoContent(`${probesUrl(sessionId)}/${encodeURIComponent(probeId)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: compareKeys.probes(sessionId) }),
  });
}
