import fs from "node:fs";
import type { FormatId, Session } from "../engine/model";
import { scanSession } from "../secrets/scan-session";
import { toSecretFinding } from "../secrets/to-secret-finding";
import type { SecretFinding } from "../secrets/secret-finding";
import { uploadColumns, type UploadColumns } from "../store/upload-columns";
import { importTranscriptBytes, importTranscriptChunks, type ImportOutcome } from "../transcripts";
import type { UploadStage } from "../api/contracts/upload-stage-schemas";
import { redactContent } from "./redact-content";
import { fileChunks } from "./file-chunks";
import { redactOnUpload } from "./redact-on-upload";
import { uploadColumnsOfFile, type UploadedFile } from "./upload-columns-of-file";

/** The uploaded file: its bytes in memory, or a file on disk read in chunks while it is parsed (POST /api/sessions). */
export type UploadSource = { bytes: Uint8Array; file?: undefined } | { file: UploadedFile; bytes?: undefined };

export type PrepareUploadInput = UploadSource & PrepareUploadOptions;

interface PrepareUploadOptions {
  /** the bytes' SHA-256, when the caller has it already (a file's is its own) */
  sha256?: string;
  format?: FormatId;
  pick?: number;
  sourceName?: string;
  /** redact every credential found before anything is stored (LAB_REDACT_ON_UPLOAD turns it on for every upload) */
  redact?: boolean;
  signal?: AbortSignal;
  onStage?: (stage: UploadStage) => void | Promise<void>;
}

/** An upload ready to store: the session (redacted when asked), its findings, and its raw file's columns. */
export interface PreparedUpload {
  outcome: ImportOutcome;
  session: Session;
  secretFindings: SecretFinding[];
  /** the raw file's Upload columns; undefined when it held a secret that could not be cut out of it (dropped) */
  upload: Promise<UploadColumns> | undefined;
  redacted?: { at: Date; count: number };
}

/**
 * Imports an uploaded file and scans it for credentials — redacting session and raw file when asked — without
 * writing anything: ImportError for a file that does not fit. The raw file's gzip runs on the thread pool while
 * this thread imports (half a second of a 35 MB upload). A file on disk is parsed as it is read (JSON lines; one JSON
 * document is read whole for its parse) and gzipped as a stream, so its bytes are never all held beside the parsed
 * lines, and once this returns nothing holds them: the session is scanned and stored without them.
 */
export async function prepareUpload(input: PrepareUploadInput): Promise<PreparedUpload> {
  input.signal?.throwIfAborted();
  let upload: Promise<UploadColumns> | undefined = input.file ? uploadColumnsOfFile(input.file) : uploadColumns(input.bytes, input.sha256);
  let outcome: ImportOutcome;
  try {
    await input.onStage?.({ stage: "parsing", bytes: input.file ? input.file.size : input.bytes.length });
    input.signal?.throwIfAborted();
    const options = { format: input.format, pick: input.pick, sourceName: input.sourceName };
    const { file } = input;
    outcome = file ? importTranscriptChunks(() => fileChunks(file.path), options) : importTranscriptBytes(input.bytes, options);
    // the parse is the long part: a client gone meanwhile wanted nothing stored
    input.signal?.throwIfAborted();
  } catch (error) {
    upload.catch(() => undefined); // a file that does not import is not stored: its gzip is not waited for
    throw error;
  }
  let session = outcome.session;
  await input.onStage?.({ stage: "scanning", format: outcome.format, messages: session.messages.length });
  const detected = await scanSession(session);
  let secretFindings = detected.map(toSecretFinding);
  let redacted: { at: Date; count: number } | undefined;
  if (detected.length > 0 && (input.redact || redactOnUpload())) {
    upload.catch(() => undefined); // the file as received holds the secrets: never stored
    const bytes = input.bytes ?? (await fs.promises.readFile(input.file.path)); // rare: a file on disk is read again to redact it
    const content = await redactContent({ session, detected, upload: { bytes, format: outcome.format, pick: outcome.pick, sourceName: input.sourceName } });
    session = content.session;
    secretFindings = content.remaining;
    upload = content.uploadBytes ? uploadColumns(content.uploadBytes) : undefined;
    redacted = { at: new Date(), count: detected.length };
  }
  return { outcome, session, secretFindings, upload, redacted };
}
