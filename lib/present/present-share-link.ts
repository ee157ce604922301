import type { CreatedShareLink, ShareLinkSummary, ShareLinkView } from "../api/contracts/share-schemas";
import type { CreatedShareLinkRecord, ShareLinkListing, ShareLinkRecord } from "../store/share-link-record";

/** Store share-link records → the wire shapes of lib/api/contracts/share-schemas.ts (dates as ISO strings; never a hash). */
export function presentShareLink(record: ShareLinkRecord): ShareLinkView {
  return {
    id: record.id,
    kind: record.kind,
    sessionId: record.sessionId,
    runId: record.runId,
    runIds: record.runIds,
    label: record.label,
    createdAt: record.createdAt.toISOString(),
    revokedAt: record.revokedAt ? record.revokedAt.toISOString() : null,
    unredactedSecrets: record.unredactedSecrets,
  };
}

/** A link in GET /api/share-links: the link, its session's title and its runs' strategies. */
export function presentShareLinkSummary(listing: ShareLinkListing): ShareLinkSummary {
  return { ...presentShareLink(listing), sessionTitle: listing.sessionTitle, runs: listing.runs };
}

/** POST /api/share-links' answer: the link, its token (this once) and the page's path, /share/<token> (app/share). */
export function presentCreatedShareLink(created: CreatedShareLinkRecord): CreatedShareLink {
  return { link: presentShareLink(created.link), token: created.token, path: `/share/${created.token}` };
}
