import { lintSource } from "@secretlint/core";
import type { Session } from "../engine/model";
import { partText } from "../engine/tokens/part-text";
import { maskSecret } from "./mask-secret";
import { mayHoldSecret } from "./may-hold-secret";
import type { DetectedSecret, SecretFinding } from "./secret-finding";
import { SECRETLINT_CONFIG } from "./secretlint-config";

/** Characters of text handed to secretlint at once: few calls, each a few tens of milliseconds. */
export const SCAN_BATCH_CHARS = 4_000_000;

/**
 * Between two texts of a batch: a line break ends every single-line pattern of the preset, and the NUL stops the
 * private-key pattern (which spans lines but not NUL), so no match runs from one part into the next.
 */
const SEPARATOR = "\n\u0000\n";

const RULE_PREFIX = "@secretlint/secretlint-rule-";

type Where = Pick<SecretFinding, "field" | "seq" | "part">;

/**
 * Every credential secretlint's recommended preset finds in a session's title, metadata and message parts, in order,
 * each with its place and a masked preview, and (for redaction only) the text it matched. Texts that cannot hold a
 * finding (mayHoldSecret) are skipped; the rest are scanned in batches of about {@link SCAN_BATCH_CHARS}, yielding
 * to the event loop between them. Tool calls are scanned as their JSON input, as the model was sent them.
 */
export async function scanSession(session: Session): Promise<DetectedSecret[]> {
  const found: DetectedSecret[] = [];
  let batch: { text: string; where: Where }[] = [];
  let batchChars = 0;
  const flush = async () => {
    if (batch.length > 0) found.push(...(await scanBatch(batch)));
    batch = [];
    batchChars = 0;
  };
  const add = async (text: string, where: Where) => {
    if (text.length === 0 || !mayHoldSecret(text)) return;
    batch.push({ text, where });
    batchChars += text.length + SEPARATOR.length;
    if (batchChars >= SCAN_BATCH_CHARS) await flush();
  };
  await add(session.title, { field: "title", seq: null, part: null });
  await add(JSON.stringify(session.meta) ?? "", { field: "meta", seq: null, part: null });
  for (const [seq, message] of session.messages.entries()) {
    for (const [part, content] of message.parts.entries()) await add(partText(content), { field: "part", seq, part });
  }
  await flush();
  return found;
}

/** One secretlint call over texts joined by {@link SEPARATOR}; each report mapped back to the text it starts in. */
async function scanBatch(batch: readonly { text: string; where: Where }[]): Promise<DetectedSecret[]> {
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
    const start = report.range[0] - starts[index];
    // a report is cut at the end of its text (the separator keeps real ones inside it)
    const secret = batch[index].text.slice(start, Math.min(report.range[1] - starts[index], batch[index].text.length));
    return {
      rule: report.ruleId.startsWith(RULE_PREFIX) ? report.ruleId.slice(RULE_PREFIX.length) : report.ruleId,
      kind: report.messageId,
      message: report.message,
      ...batch[index].where,
      preview: maskSecret(secret),
      secret,
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
