import { FORMAT_IDS, type FormatId, type Session } from "../engine/model";
import { anthropicImporter } from "./anthropic";
import { claudeCodeImporter } from "./claude-code";
import { clineImporter } from "./cline";
import { codexImporter } from "./codex";
import { copilotCliImporter } from "./copilot-cli";
import { geminiCliImporter } from "./gemini-cli";
import { gooseImporter } from "./goose";
import { ImportError } from "./import-error";
import type { Importer } from "./importer";
import { openaiImporter } from "./openai";
import { openclawImporter } from "./openclaw";
import { otelGenAiImporter } from "./otel-genai";
import { opencodeImporter } from "./opencode";
import { openhandsImporter } from "./openhands";
import { piImporter } from "./pi";
import { readDocument, type TranscriptDocument } from "./read-document";
import { readDocumentBytes, type ReadBytesOptions } from "./read-document-bytes";
import { readDocumentChunks } from "./read-document-chunks";
import { noMessagesError } from "./no-messages-error";
import { sweAgentImporter } from "./swe-agent";

export { ImportError } from "./import-error";
export type { ImportIssue, SourceLocation } from "./import-error";

/**
 * Every importer, in detection order: the formats with the most specific markers first, the generic
 * message arrays (anthropic, openai) last.
 */
export const importers: readonly Importer[] = [
  claudeCodeImporter,
  codexImporter,
  openclawImporter,
  piImporter,
  opencodeImporter,
  sweAgentImporter,
  openhandsImporter,
  geminiCliImporter,
  copilotCliImporter,
  gooseImporter,
  clineImporter,
  otelGenAiImporter,
  anthropicImporter,
  openaiImporter,
];

export const importersById: Readonly<Record<FormatId, Importer>> = Object.fromEntries(
  importers.map((importer) => [importer.id, importer]),
) as Record<FormatId, Importer>;

export function isFormatId(value: string): value is FormatId {
  return (FORMAT_IDS as readonly string[]).includes(value);
}

/** The first importer whose structural check accepts the document, or null. */
export function detectFormat(document: TranscriptDocument): FormatId | null {
  return importers.find((importer) => importer.sniff(document))?.id ?? null;
}

export interface ImportOptions {
  /** force a format instead of detecting it */
  format?: FormatId;
  /** which session of a multi-session file (0-based); default 0 */
  pick?: number;
  sourceName?: string;
}

export interface ImportOutcome {
  format: FormatId;
  session: Session;
  /** how many sessions the file holds (a list of trajectories, a JSONL of instances) */
  sessionCount: number;
  pick: number;
}

/**
 * Reads an uploaded transcript and returns one canonical session. Throws ImportError with the format tried,
 * the line or JSON path and what was expected when the file does not fit; nothing is returned half-way.
 */
export function importTranscript(text: string, options: ImportOptions = {}): ImportOutcome {
  return importDocument(readDocument(text, options.format ?? null), options);
}

/**
 * {@link importTranscript} on an uploaded file's bytes: JSON lines are parsed line by line straight from the
 * bytes, without building the file's whole text, and one JSON document as one-byte text (see readDocumentBytes,
 * and `read` for room to escape it in); the same sessions and errors.
 */
export function importTranscriptBytes(bytes: Uint8Array, options: ImportOptions = {}, read: ReadBytesOptions = {}): ImportOutcome {
  return importDocument(readDocumentBytes(bytes, options.format ?? null, read), options);
}

/**
 * {@link importTranscriptBytes} on a file read in chunks (`chunks` may be called twice: see readDocumentChunks): JSON
 * lines are parsed as they are read, so the file is never all in memory beside its parsed lines; the same sessions
 * and errors.
 */
export function importTranscriptChunks(chunks: () => Iterable<Uint8Array>, options: ImportOptions = {}): ImportOutcome {
  return importDocument(readDocumentChunks(chunks, options.format ?? null), options);
}

function importDocument(document: TranscriptDocument, options: ImportOptions): ImportOutcome {
  const format = options.format ?? detectFormat(document);
  if (!format) {
    throw new ImportError({
      code: "unknown_format",
      format: null,
      message: `Could not recognise the transcript format (${document.kind === "jsonl" ? `JSON lines, line 1` : "JSON, $"} matches none of: ${FORMAT_IDS.join(", ")}). Choose a format explicitly to see what does not fit.`,
      issues: [{ ...(document.kind === "jsonl" ? { line: 1 } : { path: "$" }), message: "no known format matches" }],
    });
  }
  const sessions = importersById[format].parse(document, { sourceName: options.sourceName });
  if (sessions.length === 0) {
    throw noMessagesError({ document, format });
  }
  const pick = options.pick ?? 0;
  if (!Number.isInteger(pick) || pick < 0 || pick >= sessions.length) {
    throw new ImportError({
      code: "pick_out_of_range",
      format,
      message: `The file holds ${sessions.length} session(s); pick ${pick} is out of range (0–${sessions.length - 1}).`,
      issues: [{ path: "pick", message: `expected 0–${sessions.length - 1}` }],
    });
  }
  const session = sessions[pick];
  if (session.messages.length === 0) throw noMessagesError({ document, format, pick });
  return { format, session, sessionCount: sessions.length, pick };
}

export { noMessagesError } from "./no-messages-error";
