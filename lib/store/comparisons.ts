import { z } from "zod";
import { SweepAxisSchema } from "../api/contracts/compare-schemas";
import { NotFoundError } from "../api/contracts/errors";
import type { Prisma } from "../generated/prisma/client";
import { db } from "./db";

/**
 * A configuration of a stored comparison: what its rows are labelled with (the replay itself is its run's), and the
 * configuration as it was asked for — strategy, the settings it changed, its own label — so a page that follows the
 * comparison again (a reload, a link) can show it in its builder. Comparisons stored before these were kept lack them.
 */
export const ComparisonConfigSchema = z.object({
  index: z.number().int(),
  label: z.string(),
  cell: z.object({ x: z.unknown(), y: z.unknown().optional() }).optional(),
  strategy: z.string().optional(),
  overrides: z.record(z.string(), z.unknown()).optional(),
  requestedLabel: z.string().optional(),
  /** the configuration's own summarizer, when it asked for one (never a key) */
  summarizer: z.string().optional(),
  model: z.string().optional(),
  baseUrl: z.string().optional(),
});
export type ComparisonConfig = z.infer<typeof ComparisonConfigSchema>;

/** What a sweep was asked beyond its configurations: the strategy, the settings every cell shares, and the axes. */
export const SweepRequestPartsSchema = z.object({
  strategy: z.string(),
  settings: z.record(z.string(), z.unknown()),
  x: SweepAxisSchema,
  y: SweepAxisSchema.optional(),
});
export type SweepRequestParts = z.infer<typeof SweepRequestPartsSchema>;

/** Where a sweep's request parts sit in the stored options JSON (beside the options, so no column of its own). */
const SWEEP_KEY = "sweep";
/** Where a recommendation's request sits in the stored options JSON, the same way. */
const RECOMMEND_KEY = "recommend";

export const ComparisonKindSchema = z.enum(["compare", "sweep", "multi", "recommend"]);
export type ComparisonKind = z.infer<typeof ComparisonKindSchema>;

/** A stored comparison (sweep, multi-session comparison) and its runs, one per (session, configuration). */
export interface StoredComparison {
  id: string;
  kind: ComparisonKind;
  sessionIds: string[];
  configs: ComparisonConfig[];
  /** the comparison's options (CompareOptions without any key) */
  options: Record<string, unknown>;
  /** a sweep's strategy, shared settings and axes (sweeps stored before these were kept lack them) */
  sweep?: SweepRequestParts;
  /** a recommendation's request (JSON: the recommender checks it with its own schema) */
  recommend?: unknown;
  aggregate: boolean;
  totalSteps: number;
  createdAt: Date;
  runs: { id: string; sessionId: string; configIndex: number; status: string }[];
}

/** Inserts a comparison; its runs are created next, naming it (lib/store/runs.ts createRun). */
export async function createComparison(input: Omit<StoredComparison, "id" | "createdAt" | "runs">): Promise<{ id: string }> {
  const prisma = await db();
  return prisma.comparison.create({
    data: {
      kind: input.kind,
      sessionIds: input.sessionIds,
      configs: JSON.parse(JSON.stringify(input.configs)) as Prisma.InputJsonValue,
      options: JSON.parse(
        JSON.stringify({ ...input.options, ...(input.sweep ? { [SWEEP_KEY]: input.sweep } : {}), ...(input.recommend !== undefined ? { [RECOMMEND_KEY]: input.recommend } : {}) }),
      ) as Prisma.InputJsonValue,
      aggregate: input.aggregate,
      totalSteps: input.totalSteps,
    },
    select: { id: true },
  });
}

/** A comparison with its runs (session order, then configuration order). Throws `not_found:comparison`. */
export async function getComparison(id: string): Promise<StoredComparison> {
  const prisma = await db();
  const row = await prisma.comparison.findUnique({
    where: { id },
    include: { runs: { select: { id: true, sessionId: true, configIndex: true, status: true } } },
  });
  if (!row) throw new NotFoundError("comparison", id);
  const sessionIds = z.array(z.string()).parse(row.sessionIds);
  const order = new Map(sessionIds.map((sessionId, index) => [sessionId, index]));
  const runs = row.runs
    .map((run) => ({ id: run.id, sessionId: run.sessionId, configIndex: run.configIndex ?? 0, status: run.status }))
    .sort((a, b) => (order.get(a.sessionId) ?? 0) - (order.get(b.sessionId) ?? 0) || a.configIndex - b.configIndex);
  return {
    id: row.id,
    kind: ComparisonKindSchema.parse(row.kind),
    sessionIds,
    configs: z.array(ComparisonConfigSchema).parse(row.configs),
    ...optionsAndSweep(z.record(z.string(), z.unknown()).parse(row.options)),
    aggregate: row.aggregate,
    totalSteps: row.totalSteps,
    createdAt: row.createdAt,
    runs,
  };
}

function optionsAndSweep(stored: Record<string, unknown>): { options: Record<string, unknown>; sweep?: SweepRequestParts; recommend?: unknown } {
  const { [SWEEP_KEY]: sweep, [RECOMMEND_KEY]: recommend, ...options } = stored;
  const parsed = SweepRequestPartsSchema.safeParse(sweep);
  return { options, ...(parsed.success ? { sweep: parsed.data } : {}), ...(recommend !== undefined ? { recommend } : {}) };
}
