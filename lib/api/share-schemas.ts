import { z } from "zod";

/** POST /api/share-links: a read-only link to a session, or to one of its runs. */
export const ShareLinkRequestSchema = z.strictObject({
  kind: z.enum(["session", "run"]),
  /** the session's id (kind session) or the run's (kind run) */
  targetId: z.string().min(1).max(100),
  label: z.string().max(120).optional(),
});
export type ShareLinkRequest = z.infer<typeof ShareLinkRequestSchema>;

/** A share link as listed: never its token (only its hash is stored). */
export interface ShareLinkView {
  id: string;
  kind: "session" | "run";
  sessionId: string;
  runId: string | null;
  label: string | null;
  createdAt: string;
  revokedAt: string | null;
}

/** The answer to a create: the token, shown this once, and the path that opens it. */
export interface CreatedShareLink {
  link: ShareLinkView;
  token: string;
  path: string;
}
