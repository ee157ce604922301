import type { FormatId, Message, SessionMeta } from "../engine/model";
import { buildClaudeCodeSession, claudeCodeImporter } from "./claude-code";
import { createClaudeCodeLineSlimmer, planClaudeCode, type ClaudeCodeEntry } from "./claude-code-plan";
import type { ImportOptions } from "./index";
import { noMessagesError } from "./no-messages-error";
import { tryParse, type JsonLine } from "./read-document";
import { numberedLines, readDocumentChunks } from "./read-document-chunks";

/** Lines the format check reads, as the importers' sniffs do. */
const SNIFF_LINES = 50;

/** A session read from a file as it is stored: its messages one at a time, then its title and meta. */
export interface StreamedImport {
  format: FormatId;
  /** the file's sessions (a streamed format holds one) and the one read */
  sessionCount: number;
  pick: number;
  /** the file's lines the session is built from: about its message count (for progress), known before any is built */
  selectedLines: number;
  /** the session's messages in order, each built when asked for (the file is read again, line by line) */
  messages: Iterable<Message>;
  /**
   * once `messages` is done: the session's title and meta; the ImportError `no_messages` when none came (the one
   * importTranscriptChunks throws)
   */
  finish(): { title: string; meta: SessionMeta };
}

/**
 * {@link importTranscriptChunks} without holding the session: for a format that can be read in two passes over
 * the file (Claude Code), the first parses every line but keeps only what choosing the session's lines needs (ids,
 * parent links, tool ids: createClaudeCodeLineSlimmer), and refuses the file then — broken lines, a line that is not an entry,
 * no conversation — with importTranscriptChunks's errors; the messages are built in the second pass, from the chosen
 * lines only, as the caller takes them. An error in a chosen line's content (the same ImportError, the same line)
 * comes while the messages are taken: the caller must store them so that such a failure leaves nothing (one
 * transaction). The same messages, title and meta as importTranscriptChunks, in the same order.
 *
 * Null when the file is not one of those (another format, a single JSON document, a pick other than 0 — which only
 * fails): the caller imports it whole. `chunks` is called once per pass, and once more for the format check when no
 * format is given.
 */
export function streamTranscriptChunks(chunks: () => Iterable<Uint8Array>, options: ImportOptions = {}): StreamedImport | null {
  if (!mayStreamTranscript(chunks, options)) return null;
  const document = readDocumentChunks(chunks, options.format ?? null, { keep: createClaudeCodeLineSlimmer() });
  // the same check on the kept lines: the sniff reads only what the slimmer keeps, so it answers as on the whole lines
  if (options.format === undefined && !claudeCodeImporter.sniff(document)) return null;
  const { selected, ...plan } = planClaudeCode(document);
  const lineCount = document.kind === "jsonl" ? document.lines.length : 0;
  // only the chosen lines' numbers stay: their planned (kept) values go before the messages are built
  const chosen = Uint32Array.from(selected, (entry) => entry.line);
  // the slimmer keeps no line's time: the session's start is the first chosen line's, read with its content (the
  // head is read once the messages are built)
  const head = { ...plan.head };
  const entries = (function* timed() {
    for (const entry of chosenEntries(chunks, chosen)) {
      if (entry.index === 0 && typeof entry.value.timestamp === "string") head.startedAt = entry.value.timestamp;
      yield entry;
    }
  })();
  const building = buildClaudeCodeSession({ plan: { ...plan, head }, entries, sourceName: options.sourceName });
  let count = 0;
  return {
    format: claudeCodeImporter.id,
    sessionCount: 1,
    pick: 0,
    selectedLines: chosen.length,
    messages: (function* counted() {
      for (const message of building.messages) {
        count++;
        yield message;
      }
    })(),
    finish() {
      if (count === 0) throw noMessagesError({ document: { kind: "jsonl", lines: { length: lineCount } as unknown[] }, format: claudeCodeImporter.id, pick: 0 });
      return building.finish();
    },
  };
}

/**
 * Whether {@link streamTranscriptChunks} takes the file, from its first lines only (the format check), before its
 * long first pass: a caller can say what it is about to do. Only a file whose first lines look like Claude Code but
 * whose whole document does not (never seen) passes here and is then turned down.
 */
export function mayStreamTranscript(chunks: () => Iterable<Uint8Array>, options: ImportOptions = {}): boolean {
  if ((options.pick ?? 0) !== 0) return false;
  return options.format !== undefined ? options.format === claudeCodeImporter.id : looksLikeClaudeCodeLines(chunks());
}

/**
 * The chosen lines (`lines`: their numbers, ascending) read again from the file, whole. The file is the one the first
 * pass read (a spooled upload does not change), so every chosen line is there and parses.
 */
function* chosenEntries(chunks: () => Iterable<Uint8Array>, lines: Uint32Array): Generator<ClaudeCodeEntry> {
  let next = 0;
  for (const { line, text } of numberedLines(chunks())) {
    if (next === lines.length) return;
    if (line !== lines[next]) continue;
    const value = JSON.parse(text) as Record<string, unknown>;
    // the first pass checked the line (claudeCodeEntry); this entry is built apart from that one on purpose: V8
    // learns that the first pass's entries live on and allocates the objects of that spot in the old generation,
    // where each of these short-lived entries would drag its line's parsed value along (a 96 MB upload: +105 MB of
    // old-generation garbage, measured with the heap profiler's major-GC samples)
    yield { index: next, line, value, type: value.type as string, uuid: typeof value.uuid === "string" ? value.uuid : undefined, sidechain: value.isSidechain === true };
    next++;
  }
  if (next < lines.length) throw new Error(`The file changed while it was imported: line ${lines[next]} is gone.`);
}

/**
 * Whether a file reads as JSON lines (its first line with content is an object, and more follow) whose first
 * {@link SNIFF_LINES} parsed lines the Claude Code importer recognises. Reads those lines only.
 */
function looksLikeClaudeCodeLines(chunks: Iterable<Uint8Array>): boolean {
  const lines: JsonLine[] = [];
  let contentLines = 0;
  for (const { line, text } of numberedLines(chunks)) {
    if (text.trim().length === 0) continue;
    contentLines++;
    const parsed = tryParse(text);
    if (line === 1 && (!parsed.ok || typeof parsed.value !== "object" || parsed.value === null || Array.isArray(parsed.value))) return false;
    if (parsed.ok) lines.push({ line, value: parsed.value });
    if (lines.length === SNIFF_LINES) break;
  }
  return contentLines > 1 && claudeCodeImporter.sniff({ kind: "jsonl", lines });
}
