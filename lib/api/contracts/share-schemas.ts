import { z } from "zod";

/** Runs one comparison link may hold at most (a session comparison runs 2–24 configurations; sweeps more). */
export const MAX_SHARED_RUNS = 64;

/**
 * POST /api/share-links: a read-only link to a session, one of its runs, or a comparison — 2–64 runs of one session
 * (`targetId` is then the session's id and `runIds` the runs; every run must belong to that session).
 */
export const ShareLinkRequestSchema = z
  .strictObject({
    kind: z.enum(["session", "run", "comparison"]),
    /** the session's id (kind session or comparison) or the run's (kind run) */
    targetId: z.string().min(1).max(100),
    /** a comparison's runs, and only a comparison's */
    runIds: z.array(z.string().min(1).max(100)).min(2).max(MAX_SHARED_RUNS).optional(),
    label: z.string().max(120).optional(),
    /** share although the session holds unredacted credentials (refused with `secrets_unredacted` otherwise) */
    allowSecrets: z.boolean().optional(),
  })
  .superRefine((request, context) => {
    if (request.kind === "comparison" && !request.runIds) context.addIssue({ code: "custom", path: ["runIds"], message: "A comparison link needs its runs (2 or more run ids)." });
    if (request.kind !== "comparison" && request.runIds) context.addIssue({ code: "custom", path: ["runIds"], message: `A ${request.kind} link takes no runIds.` });
  });
export type ShareLinkRequest = z.infer<typeof ShareLinkRequestSchema>;

/** A share link as listed: never its token (only its hash is stored). */
export const ShareLinkViewSchema = z.object({
  id: z.string(),
  kind: z.enum(["session", "run", "comparison"]),
  sessionId: z.string(),
  runId: z.string().nullable(),
  /** a comparison's runs; [] otherwise */
  runIds: z.array(z.string()),
  label: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  /** unredacted credentials the session held when the link was made: its creator chose to share them anyway */
  unredactedSecrets: z.number().int(),
});
export type ShareLinkView = z.infer<typeof ShareLinkViewSchema>;

/** The answer to a create: the token, shown this once, and the path that opens it. */
export const CreatedShareLinkSchema = z.object({ link: ShareLinkViewSchema, token: z.string(), path: z.string() });
export type CreatedShareLink = z.infer<typeof CreatedShareLinkSchema>;

/** A link in the lab-wide list (GET /api/share-links): what it exposes, by name — its session's title and its runs' strategies (null for a run deleted since). */
export const ShareLinkSummarySchema = ShareLinkViewSchema.extend({
  sessionTitle: z.string(),
  runs: z.array(z.object({ id: z.string(), strategyId: z.string().nullable() })),
});
export type ShareLinkSummary = z.infer<typeof ShareLinkSummarySchema>;
export const ShareLinkSummaryListSchema = z.object({ links: z.array(ShareLinkSummarySchema) });
