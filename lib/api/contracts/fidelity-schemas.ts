import { z } from "zod";

const tokens = z.number().int().nullable();

/** One compaction the agent recorded beside its replay's nearest (lib/engine/fidelity/fidelity-report.ts). */
export const RecordedCompactionFidelitySchema = z.object({
  recordedStep: z.number().int(),
  markers: z.number().int(),
  recordedTokensBefore: tokens,
  recordedTokensBeforeFrom: z.enum(["marker", "last-call"]).nullable(),
  recordedTokensKept: tokens,
  recordedTokensKeptFrom: z.enum(["marker", "next-call"]).nullable(),
  replayed: z.object({ step: z.number().int(), tokensBefore: z.number(), tokensKept: z.number() }).nullable(),
  callsApart: z.number().int().nullable(),
  within: z.boolean(),
});

export const FidelitySchema = z.object({
  strategyId: z.string(),
  estimatorId: z.string(),
  window: z.number().int(),
  windowFrom: z.enum(["recorded", "agent", "catalog", "default"]),
  hiddenPrefixTokens: z.number().int(),
  toleranceCalls: z.number().int(),
  recorded: z.array(RecordedCompactionFidelitySchema),
  replayedSteps: z.array(z.number().int()),
  within: z.number().int(),
  extraReplayed: z.number().int(),
});
export type FidelityWire = z.infer<typeof FidelitySchema>;

/** One version of the agent's strategy against the session's recorded compactions (lib/engine/fidelity/best-version-match.ts). */
export const VersionMatchSchema = z.object({
  strategyId: z.string(),
  /** what the version reproduces ("2.1.299, 2026-10-14"), or its seed for a strategy written from one */
  version: z.string(),
  within: z.number().int(),
  recorded: z.number().int(),
  extraReplayed: z.number().int(),
  meanCallsApart: z.number().nullable(),
});
export type VersionMatchWire = z.infer<typeof VersionMatchSchema>;

/**
 * GET /api/sessions/:id/fidelity: how a replay of the session's own agent (its strategy at the session's window, the
 * calibrated estimator, the agent's hidden prefix counted) lines up with the compactions the session recorded; or
 * `fidelity: null` and the reason (no recorded compaction, no strategy of that agent in the lab). `fidelity` is the
 * agent's first strategy (`claude-code`); `versions` ranks every version of it the lab has (best match first; one
 * entry when it has no later version) and `bestMatch` names the version the session matches best, or null when the
 * versions replay it alike.
 */
export const SessionFidelitySchema = z.object({
  fidelity: FidelitySchema.nullable(),
  reason: z.string().nullable(),
  versions: z.array(VersionMatchSchema).default([]),
  bestMatch: z.string().nullable().default(null),
});
export type SessionFidelity = z.infer<typeof SessionFidelitySchema>;
