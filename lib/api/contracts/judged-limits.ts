/**
 * Bounds on every loop of judged probes: questions per compaction, compactions per run, the SDK's retries per call.
 * Apart from the schemas (judged-probes-schemas.ts) that use them: `lab simulate` reads its flags' bounds here and
 * builds no schema unless it judges.
 */
export const JUDGED_LIMITS = {
  questions: { min: 1, max: 12, default: 6 },
  compactions: { min: 1, max: 10, default: 3 },
  retries: { min: 0, max: 3, default: 1 },
} as const;
