import { z } from "zod";
import { HAND_PROBE_KINDS, HAND_PROBE_WEIGHTS } from "../../engine/evaluate/hand-probe";
import type { UserProbeInput } from "./compare-schemas";

/**
 * A hand-written probe set file (format: bench/probes/README.md): the transcript it was written for, and its probes —
 * kind, label, regex alternatives, optional weight. Read by `npm run quality`, `lab … --probes <file>` and the
 * compare page's probes panel (as the session's own probes).
 */
export const ProbeSetSchema = z.strictObject({
  /** the transcript, relative to the shared transcripts folder */
  transcript: z.string().min(1),
  description: z.string().optional(),
  probes: z
    .array(
      z.strictObject({
        id: z.string().trim().min(1).max(80),
        kind: z.enum(HAND_PROBE_KINDS),
        label: z.string().trim().min(1).max(120),
        any: z.array(z.string().min(1).max(200)).min(1).max(8),
        weight: z.number().positive().max(10).optional(),
      }),
    )
    .min(1)
    .max(200),
});
export type ProbeSet = z.infer<typeof ProbeSetSchema>;

/** A probe set as the session's own probes: one regex probe each, its alternatives joined, its kind in the label. */
export function probeSetToUserProbes(set: ProbeSet): (UserProbeInput & { id: string })[] {
  return set.probes.map((probe) => {
    const weight = probe.weight ?? HAND_PROBE_WEIGHTS[probe.kind];
    return {
      id: probe.id,
      kind: "regex" as const,
      pattern: probe.any.length === 1 ? probe.any[0] : probe.any.map((pattern) => `(?:${pattern})`).join("|"),
      label: `${probe.kind} (×${weight}): ${probe.label}`.slice(0, 120),
    };
  });
}
