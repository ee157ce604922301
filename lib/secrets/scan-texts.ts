import { lintSource } from "@secretlint/core";
import { maskSecret } from "./mask-secret";
import { mayHoldSecret } from "./may-hold-secret";
import { SECRETLINT_CONFIG } from "./secretlint-config";

/** Characters of text handed to secretlint at once: few calls, each a few tens of milliseconds. */
export const SCAN_BATCH_CHARS = 4_000_000;

/**
 * Between two texts of a batch: a line break ends every single-line pattern of the preset, and the NUL stops the
 * private-key pattern (which spans lines but not NUL), so no match runs from one text into the next.
 */
const SEPARATOR = "\n\u0000\n";

const RULE_PREFIX = "@secretlint/secretlint-rule-";

/** One report of secretlint's, on the text it was found in. */
export interface TextFinding<W> {
  rule: string;
  kind: string;
  /** secretlint's message, the secret masked */
  message: string;
  preview: string;
  /** the text matched: in memory only, for redaction */
  secret: string;
  where: W;
}

/**
 * Every credential secretlint's recommended preset reports in the texts, in order, each with the `where` of its
 * text. Texts that cannot hold a finding (mayHoldSecret) are skipped; the rest are scanned in batches of about
 * {@link SCAN_BATCH_CHARS}, so a 100 MB session is a few dozen calls and the event loop breathes between them.
 */
export async function scanTexts<W>(entries: Iterable<{ text: string; where: W }>): Promise<TextFinding<W>[]> {
  const found: TextFinding<W>[] = [];
  let batch: { text: string; where: W }[] = [];
  let batchChars = 0;
  for (const entry of entries) {
    if (entry.text.length === 0 || !mayHoldSecret(entry.text)) continue;
    batch.push(entry);
    batchChars += entry.text.length + SEPARATOR.length;
    if (batchChars >= SCAN_BATCH_CHARS) {
      found.push(...(await scanBatch(batch)));
      batch = [];
      batchChars = 0;
    }
  }
  if (batch.length > 0) found.push(...(await scanBatch(batch)));
  return found;
}

/** One secretlint call over texts joined by {@link SEPARATOR}; each report mapped back to the text it starts in. */
async function scanBatch<W>(batch: readonly { text: string; where: W }[]): Promise<TextFinding<W>[]> {
  const starts: number[] = [];
  let offset = 0;
  for (const entry of batch) {
    starts.push(offset);
    offset += entry.text.length + SEPARATOR.length;
  }
  const content = batch.map((entry) => entry.text).join(SEPARATOR);
  const result = await lintSource({
    source: { content, filePath: "transcript.txt", ext: ".txt", contentType: "text" },
    options: { config: SECRETLINT_CONFIG, maskSecrets: true, noPhysicFilePath: true },
  });
  return result.messages.map((report) => {
    const index = lastAtOrBefore(starts, report.range[0]);
    const { text, where } = batch[index];
    const start = report.range[0] - starts[index];
    // a report is cut at the end of its text (the separator keeps real ones inside it)
    const secret = text.slice(start, Math.min(report.range[1] - starts[index], text.length));
    return {
      rule: report.ruleId.startsWith(RULE_PREFIX) ? report.ruleId.slice(RULE_PREFIX.length) : report.ruleId,
      kind: report.messageId,
      message: report.message,
      preview: maskSecret(secret),
      secret,
      where,
    };
  });
}

/** The index of the last start at or before `position` (binary search; starts ascend from 0). */
function lastAtOrBefore(starts: readonly number[], position: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}
