import type { SecretLintCoreResultMessage } from "@secretlint/types";
import { AWS_SECRET_KEY_RULE_ID } from "./aws-secret-key-rule";
import { maskSecret } from "./mask-secret";
import { mayHoldSecret } from "./may-hold-secret";

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
  const [{ lintSource }, { SECRETLINT_CONFIG }] = await loadSecretlint();
  const result = await lintSource({
    source: { content, filePath: "transcript.txt", ext: ".txt", contentType: "text" },
    // unmasked: the report's data holds the secret as the rule matched it, which locates it (maskFinding below)
    options: { config: SECRETLINT_CONFIG, maskSecrets: false, noPhysicFilePath: true },
  });
  const found: TextFinding<W>[] = [];
  const seen = new Set<string>();
  for (const report of result.messages) {
    const [from, to] = locateSecret(content, report);
    const index = lastAtOrBefore(starts, from);
    const { text, where } = batch[index];
    const start = from - starts[index];
    // a report is cut at the end of its text (the separator keeps real ones inside it)
    const secret = text.slice(start, Math.min(to - starts[index], text.length));
    const rule = report.ruleId === AWS_SECRET_KEY_RULE_ID ? "aws" : report.ruleId.startsWith(RULE_PREFIX) ? report.ruleId.slice(RULE_PREFIX.length) : report.ruleId;
    // the preset's AWS rule and the lab's report the same key where both match
    const key = `${index}\u0000${report.messageId}\u0000${start}\u0000${secret}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ rule, kind: report.messageId, message: maskReported(report, content), preview: maskSecret(secret), secret, where });
  }
  return found;
}

/**
 * secretlint and the lab's configuration of it, loaded on the first text that needs them: secretlint and the preset's
 * ~30 rules cost a `lab import` ~25 ms of start-up, and most sessions hold no text that can hold a finding
 * (mayHoldSecret). A caller about to scan a large upload may load them first, at a moment of its choosing.
 */
export function loadSecretlint() {
  return Promise.all([import("@secretlint/core"), import("./secretlint-config")]);
}

/** The string values of a report's data (the values its message was built from: the secret, a type name, …). */
function dataValues(report: SecretLintCoreResultMessage): string[] {
  const data: unknown = report.data;
  if (data === null || typeof data !== "object") return [];
  return Object.values(data).filter((value): value is string => typeof value === "string" && value.length > 0);
}

/**
 * Where the secret a report is about lies in `content`. Several preset rules (12.0.0: AWS's secret key, npm's
 * `_authToken=`) report a range that starts at the whole match — the variable name — but is as long as the secret
 * alone, so the range misses the secret's tail. The report's data holds the secret as matched: the longest data value
 * found in the content from the range's start on (within a few thousand characters: a name and its spacing) is the
 * secret. A rule whose data names no text of the content (the GCP service-account file check) keeps its range.
 */
function locateSecret(content: string, report: SecretLintCoreResultMessage): [number, number] {
  const [rangeStart, rangeEnd] = report.range;
  let best: [number, number] | null = null;
  for (const value of dataValues(report)) {
    const at = content.indexOf(value, rangeStart);
    if (at < 0 || at > Math.max(rangeEnd, rangeStart + LOCATE_WINDOW)) continue;
    if (best === null || value.length > best[1] - best[0]) best = [at, at + value.length];
  }
  return best ?? [rangeStart, rangeEnd];
}

/** Characters after a report's start in which its secret is looked for. */
const LOCATE_WINDOW = 4_096;

/**
 * The report's message with every data value that is text of the scan (the secret, a URL holding it) masked, as
 * secretlint's own masking does (`****`); values that are not in the text (a credential's type name) stay readable.
 */
function maskReported(report: SecretLintCoreResultMessage, content: string): string {
  let message = report.message;
  for (const value of dataValues(report).sort((a, b) => b.length - a.length)) {
    if (content.includes(value)) message = message.replaceAll(value, "*".repeat(Math.min(value.length, 40)));
  }
  return message;
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
