import type { CompareRow, KindScore } from "../api/contracts/compare-schemas";
import { PROBE_KINDS } from "../engine/evaluate/probe";
import { reproducedVersionOf } from "../engine/strategies/reproduced-version-of";

/**
 * The compare table as files a person downloads (issue #6 § Export): CSV for a spreadsheet, JSON for a script.
 *
 * CSV is written by hand (RFC 4180) rather than with a CSV library: writing is the easy half of CSV (quote a
 * field that holds a quote, comma, CR or LF; double its quotes), it is a dozen lines, and a dependency would
 * change package-lock.json under five other engineers for no gain. Records end in CRLF, as RFC 4180 says and
 * spreadsheets expect; the header row is always there, so zero rows gives a one-line file.
 */

/** One CSV column: its header and how a row fills it (null or undefined → an empty cell). */
interface Column {
  header: string;
  value: (row: CompareRow) => string | number | boolean | null | undefined;
  /** user-controlled text: guarded against spreadsheet formula injection (see {@link guardFormula}) */
  text?: boolean;
}

const FIXED_COLUMNS: readonly Column[] = [
  { header: "config", value: (row) => row.config, text: true },
  { header: "strategy", value: (row) => row.strategy, text: true },
  { header: "window", value: (row) => row.window },
  { header: "estimator", value: (row) => row.estimator, text: true },
  { header: "summarizer", value: (row) => row.summarizer, text: true },
  // which version of the agent or API the strategy reproduces (empty for the lab's own and the seeds' designs)
  { header: "strategyVersion", value: (row) => reproducedVersionOf(row.strategy)?.version, text: true },
  { header: "strategyAsOf", value: (row) => reproducedVersionOf(row.strategy)?.asOf, text: true },
  { header: "peakContextTokens", value: (row) => row.peakContextTokens },
  { header: "meanContextTokens", value: (row) => row.meanContextTokens },
  { header: "compactions", value: (row) => row.compactions },
  { header: "prunes", value: (row) => row.prunes },
  { header: "totalTokensSent", value: (row) => row.totalTokensSent },
  { header: "finalContextTokens", value: (row) => row.finalContextTokens },
  { header: "tokensSavedVsNone", value: (row) => row.tokensSavedVsNone },
  { header: "summarizerInputTokens", value: (row) => row.summarizerTokens.input },
  { header: "summarizerOutputTokens", value: (row) => row.summarizerTokens.output },
  { header: "estimatedCostUsd", value: (row) => row.estimatedCostUsd },
  { header: "costModel", value: (row) => row.cost?.model, text: true },
  { header: "dollarsWithCaching", value: (row) => row.cost?.totalUsd },
  { header: "dollarsWithoutCaching", value: (row) => row.cost?.withoutCachingUsd },
  { header: "cacheHitRate", value: (row) => row.cost?.hitRate },
  { header: "cacheReadTokens", value: (row) => row.cost?.tokens.cacheRead },
  { header: "cacheWriteTokens", value: (row) => row.cost?.tokens.cacheWrite },
  { header: "fallbacks", value: (row) => row.fallbacks },
  { header: "summarizerFailures", value: (row) => row.summarizerFailures },
  { header: "guardTrips", value: (row) => row.guardTrips },
  { header: "overflows", value: (row) => row.overflows },
  { header: "continuationRecall", value: (row) => row.continuationRecall?.overall },
  { header: "continuationRecallLow", value: (row) => row.continuationRecall?.low },
  { header: "continuationRecallHigh", value: (row) => row.continuationRecall?.high },
  { header: "continuationCheckpointsRefused", value: (row) => row.continuationRecall?.refused },
  { header: "continuationFactsCounted", value: (row) => row.continuationRecall?.counted },
  { header: "continuationFactsHeld", value: (row) => row.continuationRecall?.present },
  { header: "retentionOverall", value: (row) => row.retention.overall },
  { header: "retentionAfterCompactions", value: (row) => row.retention.afterCompactions },
];

/**
 * The compare table as CSV: one record per configuration, a column for every figure of {@link CompareRow},
 * continuation recall (overall, its 95% interval, facts counted and held over the exam's checkpoints, checkpoints refused over the window; empty for a row stored before it), probe retention overall and after compactions, one `retention:<kind>` column per probe kind (the score; counted and
 * retained stay in the JSON), the judged overall, per kind and how many probes were asked (empty cells when the
 * comparison was not judged), and the resolved settings as one JSON column.
 *
 * Kind columns: every engine probe kind in `PROBE_KINDS` order, then any other kind a row carries (user probes),
 * sorted, so the columns are the same whatever order the rows come in. A kind a row lacks, or whose score is
 * null (no probe counted), is an empty cell — never 0, which would read as "all lost".
 */
export function compareRowsToCsv(rows: readonly CompareRow[]): string {
  const kinds = kindsOf(rows);
  const columns: Column[] = [
    ...FIXED_COLUMNS,
    ...kinds.map((kind): Column => ({ header: `retention:${kind}`, value: (row) => scoreOf(row.retention.byKind, kind) })),
    { header: "judgedOverall", value: (row) => row.judged?.overall },
    ...kinds.map((kind): Column => ({ header: `judged:${kind}`, value: (row) => (row.judged ? scoreOf(row.judged.byKind, kind) : null) })),
    { header: "judgedAsked", value: (row) => row.judged?.asked },
    { header: "judgedModel", value: (row) => row.judged?.model, text: true },
    { header: "settings", value: (row) => JSON.stringify(row.settings), text: true },
  ];
  const records = [
    columns.map((column) => csvField(column.header)),
    ...rows.map((row) => columns.map((column) => csvCell(column, row))),
  ];
  return records.map((fields) => fields.join(",") + "\r\n").join("");
}

/**
 * The compare table as JSON: the rows exactly as the API and `lab compare --json` give them (every figure,
 * per-compaction retention, the judged block), pretty-printed, newline-terminated. Non-finite numbers, which
 * JSON cannot hold, come out as null (JSON.stringify's rule); the rows never carry any.
 */
export function compareRowsToJson(rows: readonly CompareRow[]): string {
  return JSON.stringify(rows.map((row) => ({ ...row, strategySource: reproducedVersionOf(row.strategy) })), null, 2) + "\n";
}

function kindsOf(rows: readonly CompareRow[]): string[] {
  const known = new Set<string>(PROBE_KINDS);
  const extra = new Set<string>();
  for (const row of rows) {
    for (const kind of Object.keys(row.retention.byKind)) if (!known.has(kind)) extra.add(kind);
    for (const kind of Object.keys(row.judged?.byKind ?? {})) if (!known.has(kind)) extra.add(kind);
  }
  return [...PROBE_KINDS, ...[...extra].sort()];
}

function scoreOf(byKind: Record<string, KindScore>, kind: string): number | null {
  return Object.hasOwn(byKind, kind) ? byKind[kind].score : null;
}

function csvCell(column: Column, row: CompareRow): string {
  const value = column.value(row);
  if (value === null || value === undefined) return "";
  if (typeof value === "number" && !Number.isFinite(value)) return "";
  const text = String(value);
  return csvField(column.text ? guardFormula(text) : text);
}

/** RFC 4180 §2.6–2.7: a field holding a quote, comma, CR or LF is quoted, its quotes doubled. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A label is the user's text, and a spreadsheet runs a cell that starts with `=`, `+`, `-`, `@` (or a tab or CR
 * before one) as a formula: such a text cell gets a leading apostrophe, which spreadsheets show as plain text
 * (OWASP's CSV-injection advice). Only text columns are guarded — a negative number (tokens saved) stays a number.
 */
function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
