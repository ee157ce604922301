/**
 * Share links as the store returns them (dates as Dates); lib/present/present-share-link.ts makes the wire
 * shapes. The store never holds a token, only its hash: a created link's token is handed back once, here.
 */

export type ShareLinkKind = "session" | "run" | "comparison";

/** What to share: a session, one of its runs, or a comparison of its runs (`targetId` is then the session's). */
export interface NewShareLink {
  kind: ShareLinkKind;
  targetId: string;
  runIds?: string[];
  label?: string;
  /** share although the session holds unredacted credentials (the count is recorded with the link) */
  allowSecrets?: boolean;
}

export interface ShareLinkRecord {
  id: string;
  kind: ShareLinkKind;
  sessionId: string;
  runId: string | null;
  /** a comparison's runs; [] otherwise */
  runIds: string[];
  label: string | null;
  /** the session's unredacted findings when the link was made (its creator chose to share them anyway); 0 if none */
  unredactedSecrets: number;
  createdAt: Date;
  revokedAt: Date | null;
}

/** A link in the lab-wide list: what it exposes by name (its runs' strategies are null for a run deleted since). */
export interface ShareLinkListing extends ShareLinkRecord {
  sessionTitle: string;
  runs: { id: string; strategyId: string | null }[];
}

/** A link just made, with its token: the only time the token exists outside the visitor's URL. */
export interface CreatedShareLinkRecord {
  link: ShareLinkRecord;
  token: string;
}
