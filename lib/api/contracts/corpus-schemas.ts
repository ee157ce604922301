import { z } from "zod";
import { queryIndex } from "./query-index";
import { FormatIdSchema, SessionListSchema } from "./schemas";

/** A query parameter left empty (`?model=`) is no filter, as a form's blank field means. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a day as YYYY-MM-DD")
  .refine((value) => !/^\d{4}-\d{2}-\d{2}$/.test(value) || isCalendarDay(value), "not a day of the calendar");

function isCalendarDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** What the corpus view narrows the sessions list to. Each filter is optional; given together, all must hold. */
export const CORPUS_FILTER_KEYS = ["agent", "model", "project", "from", "to", "minTokens", "maxTokens", "compactions", "findings"] as const;

/**
 * GET /api/sessions's filters: `agent` (the transcript's format: claude-code, codex, pi…), `model`, `project` (exact, as
 * the list's facets name them), `from` / `to` (days, inclusive, UTC, on the session's start — its import when it
 * records none), `minTokens` / `maxTokens` (its estimated tokens, inclusive), `compactions` and `findings` (`with` /
 * `without` recorded compactions / unredacted credentials).
 */
export const CorpusFilterSchema = z
  .object({
    agent: optional(FormatIdSchema),
    model: optional(z.string().trim().min(1).max(200)),
    project: optional(z.string().trim().min(1).max(1_000)),
    from: optional(day),
    to: optional(day),
    minTokens: optional(queryIndex()),
    maxTokens: optional(queryIndex()),
    compactions: optional(z.enum(["with", "without"])),
    findings: optional(z.enum(["with", "without"])),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, { message: "`to` is before `from`", path: ["to"] })
  .refine((filter) => filter.minTokens === undefined || filter.maxTokens === undefined || filter.minTokens <= filter.maxTokens, {
    message: "`maxTokens` is below `minTokens`",
    path: ["maxTokens"],
  });
export type CorpusFilter = z.infer<typeof CorpusFilterSchema>;

const FacetSchema = z.object({ value: z.string(), count: z.number().int() });

/** What the shown sessions add up to, and the values each filter can take (over every session, with their counts). */
export const CorpusSummarySchema = z.object({
  totals: z.object({
    sessions: z.number().int(),
    messages: z.number().int(),
    estimatedTokens: z.number().int(),
    recordedCompactions: z.number().int(),
    /** the recorded usage's dollars of the sessions that have a price */
    recordedUsd: z.number(),
    /** sessions with recorded usage whose model has no price (not in recordedUsd) */
    unpricedSessions: z.number().int(),
  }),
  /** of all sessions, however filtered */
  allSessions: z.number().int(),
  facets: z.object({ agents: z.array(FacetSchema), models: z.array(FacetSchema), projects: z.array(FacetSchema) }),
});
export type CorpusSummary = z.infer<typeof CorpusSummarySchema>;

/** GET /api/sessions: the sessions the filters keep, newest first, and the corpus summary. */
export const CorpusListSchema = SessionListSchema.extend({ corpus: CorpusSummarySchema });
export type CorpusList = z.infer<typeof CorpusListSchema>;
