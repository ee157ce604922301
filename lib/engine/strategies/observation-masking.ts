import { z } from "zod";
import { DEFAULT_MASK_OBSERVATIONS_SETTINGS, maskObservations } from "../prune/mask-observations";
import { defineStrategy } from "./strategy";

export const DEFAULT_OBSERVATION_MASKING_SETTINGS = DEFAULT_MASK_OBSERVATIONS_SETTINGS;

export const ObservationMaskingSettingsSchema = z.strictObject({ n: z.number().int().min(0) });
export type ObservationMaskingSettings = z.infer<typeof ObservationMaskingSettingsSchema>;

/**
 * Observation masking: before each call, every tool result but the newest `n` is replaced by SWE-agent's
 * "Old environment output: (N lines omitted)". No summary; the context still grows with the agent's own
 * messages, and steps over the window are reported as overflow.
 */
export const observationMaskingStrategy = defineStrategy<ObservationMaskingSettings>({
  id: "observation-masking",
  label: "Observation masking",
  description: "Keep the newest n tool results (5) and mask older ones; reasoning and actions stay.",
  source: {
    kind: "peer",
    name: "SWE-agent last_n_observations (JetBrains, The Complexity Trap)",
    version: "arXiv:2508.21433",
    asOf: "2025-08-29",
    url: "https://arxiv.org/abs/2508.21433",
  },
  defaults: DEFAULT_OBSERVATION_MASKING_SETTINGS,
  settingsSchema: ObservationMaskingSettingsSchema,
  triggers: ["before-call"],
  decide: ({ context, settings }) => ({ marks: maskObservations(context, settings) }),
});
