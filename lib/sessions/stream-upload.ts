import type { ContextCurvePoint } from "../engine/context-curve";
import type { FormatId, SessionMeta } from "../engine/model";
import type { UploadStage } from "../api/contracts/upload-stage-schemas";
import type { SessionRecord } from "../store/session-record";
import { loadSecretlint } from "../secrets/scan-texts";
import { storeStreamedSession } from "../store/store-streamed-session";
import { mayStreamTranscript, streamTranscriptChunks } from "../transcripts/stream-transcript-chunks";
import { fileChunks } from "./file-chunks";
import { createStreamedSessionTally } from "./streamed-session-tally";
import { uploadColumnsOfFile, type UploadedFile } from "./upload-columns-of-file";

export interface StreamUploadInput {
  file: UploadedFile;
  format?: FormatId;
  pick?: number;
  sourceName?: string;
  signal?: AbortSignal;
  onStage?: (stage: UploadStage) => void | Promise<void>;
}

/** A streamed upload, stored: its record, and what its detail needs beside the row (meta, curve). */
export interface StreamedUpload {
  stored: SessionRecord;
  meta: SessionMeta;
  contextCurve: ContextCurvePoint[];
}

/**
 * Imports a file on disk straight into the store, never holding its session (streamTranscriptChunks: Claude Code
 * JSONL): the first pass over the file refuses what does not fit before anything is written; the second builds the
 * messages one by one as the store writes them in batches (storeStreamedSession, one transaction), while a tally adds
 * up the session's stats, curve, corpus columns and credentials (scanned between batches). A bad line met in the
 * second pass, a client gone (`signal`, checked between batches) or a session with no messages stores nothing.
 * Null when the file cannot be streamed (another format, a single JSON document, a pick): importUpload reads it whole.
 *
 * Progress: `parsing` for the first pass, `scanning` once (scanning runs beside the storing), then `storing` after
 * batches — its `messages` is the count of lines chosen until the last batch gives the real one (a line is a message
 * or two; an assistant's response over several lines is one).
 */
export async function streamUpload(input: StreamUploadInput): Promise<StreamedUpload | null> {
  const { file, signal, onStage } = input;
  signal?.throwIfAborted();
  const chunks = () => fileChunks(file.path);
  const options = { format: input.format, pick: input.pick, sourceName: input.sourceName };
  if (!mayStreamTranscript(chunks, options)) return null;
  // the credential scanner's modules are loaded now, while the heap holds little: loaded at the first scan (at the
  // end, when no text of the session may hold a credential), their compilation's garbage came on top of the store's
  await loadSecretlint();
  await onStage?.({ stage: "parsing", bytes: file.size });
  const stream = streamTranscriptChunks(chunks, options);
  if (stream === null) return null;
  signal?.throwIfAborted();
  await onStage?.({ stage: "scanning", format: stream.format, messages: stream.selectedLines });
  const tally = createStreamedSessionTally();
  let contextCurve: ContextCurvePoint[] = [];
  let meta: SessionMeta = {};
  const stored = await storeStreamedSession({
    format: stream.format,
    sessionCount: stream.sessionCount,
    pick: stream.pick,
    sourceName: input.sourceName,
    upload: () => uploadColumnsOfFile(file),
    messages: tally.observe(stream.messages),
    onStored: async (count) => {
      signal?.throwIfAborted();
      await tally.scanPending();
      await onStage?.({ stage: "storing", messages: Math.max(count, stream.selectedLines), stored: count });
    },
    finish: async (count) => {
      const facts = await tally.finish({ ...stream.finish(), format: stream.format });
      signal?.throwIfAborted();
      await onStage?.({ stage: "storing", messages: count, stored: count });
      contextCurve = facts.contextCurve;
      meta = facts.meta;
      return facts;
    },
  });
  return { stored, meta, contextCurve };
}
