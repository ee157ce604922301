import { z } from "zod";
import { PROBES_VERSION } from "../engine/evaluate/extract-probes";
import { PROBE_KINDS, type Probe } from "../engine/evaluate/probe";
import { IMPORTER_VERSION } from "../transcripts/importer-version";

/** What stored session probes are valid for: the importer's version and the probe extractor's (`importer.extractor`). */
export const SESSION_PROBES_KEY = `${IMPORTER_VERSION}.${PROBES_VERSION}`;

/** A session's own probes read back from the database (a trust boundary: stale or damaged JSON is extracted again). */
export const SessionProbesSchema = z.array(
  z.object({
    id: z.string(),
    kind: z.enum(PROBE_KINDS),
    text: z.string(),
    normalized: z.string(),
    firstStep: z.number().int().min(0),
    messageId: z.string().nullable(),
  }),
);

/**
 * Probes read back, checked against the session they are for: the right shape, each probe's message one of the
 * session's and its first step within its model calls. Null when they do not fit (the caller extracts again).
 */
export function parseSessionProbes(value: unknown, options: { messageIds: ReadonlySet<string>; modelCalls: number }): Probe[] | null {
  const parsed = SessionProbesSchema.safeParse(value);
  if (!parsed.success) return null;
  const fits = parsed.data.every((probe) => probe.firstStep <= options.modelCalls && (probe.messageId === null || options.messageIds.has(probe.messageId)));
  return fits ? parsed.data : null;
}
