import { z } from "zod";
import { CONTINUATION_FACTS_VERSION, type ContinuationFacts } from "../engine/evaluate/extract-continuation-facts";
import { CONTINUATION_KINDS } from "../engine/evaluate/continuation-recognizers";
import { IMPORTER_VERSION } from "../transcripts/importer-version";

/**
 * What stored or cached continuation facts are valid for: the importer's version and the extractor's
 * (`importer.extractor`, e.g. `1.2`). Facts kept under another key are extracted again.
 */
export const CONTINUATION_FACTS_KEY = `${IMPORTER_VERSION}.${CONTINUATION_FACTS_VERSION}`;

const index = z.number().int().min(-1);
/**
 * An array of such indexes, checked in one loop: the same rule as `z.array(index)`, without zod's per-element parse
 * and copy (heldFacts alone has ~130,000 entries on a 10,000-message session: ~35 ms of every cached `lab simulate`).
 */
const indexes = z.custom<number[]>((value) => Array.isArray(value) && value.every((item) => Number.isInteger(item) && item >= -1), { message: "expected an array of integers ≥ -1" });

/** `ContinuationFacts` read back from a file or the database (a trust boundary: either may be stale or damaged). */
export const ContinuationFactsSchema = z.object({
  facts: z.array(z.object({ kind: z.enum(CONTINUATION_KINDS as [string, ...string[]]), key: z.string(), firstIndex: index, lastUse: index })),
  firstStepByIndex: indexes,
  heldStart: indexes,
  heldFacts: indexes,
});

/**
 * Facts read back, checked against the session they are for: the right shape, one entry per message, every held
 * index a fact. Null when they do not fit (the caller extracts again), never a half-valid object.
 */
export function parseContinuationFacts(value: unknown, messageCount: number): ContinuationFacts | null {
  const parsed = ContinuationFactsSchema.safeParse(value);
  if (!parsed.success) return null;
  const facts = parsed.data as ContinuationFacts;
  if (facts.firstStepByIndex.length !== messageCount || facts.heldStart.length !== messageCount + 1) return null;
  if (facts.heldStart[messageCount] !== facts.heldFacts.length || facts.heldFacts.some((held) => held < 0 || held >= facts.facts.length)) return null;
  return facts;
}
