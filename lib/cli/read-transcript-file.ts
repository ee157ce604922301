import fs from "node:fs";
import path from "node:path";
import type { FormatId } from "../engine/model";
import { ImportError, importTranscriptBytes, type ImportOutcome } from "../transcripts";
import { EXIT_BAD_INPUT, UsageError, type CliIo } from "./command";
import { describeImportError } from "./describe-import-error";

/**
 * Reads and imports a transcript file for a command, as an upload's bytes are (importTranscriptBytes). An
 * unreadable file is a usage error; a file that does not fit its format prints the one-line import error on stderr
 * and yields `{exitCode: 2}` for the command to return.
 */
export function readTranscriptFile(options: {
  file: string;
  usage: string;
  io: CliIo;
  format?: FormatId;
  pick?: number;
  /** also return the SHA-256 of the file's bytes (hex), taken before the import reads them */
  hash?: boolean;
}): { outcome: ImportOutcome; sha256: string | null } | { exitCode: number } {
  let read: { bytes: Uint8Array; length: number };
  try {
    read = readWithRoom(options.file);
  } catch (error) {
    throw new UsageError(`cannot read ${options.file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, options.usage);
  }
  // before the import: it may escape a JSON document's non-ASCII characters in place (asciiJsonText)
  const sha256 = options.hash ? sha256Of(read.bytes.subarray(0, read.length)) : null;
  try {
    return {
      sha256,
      outcome: importTranscriptBytes(
        read.bytes,
        { format: options.format, pick: options.pick, sourceName: path.basename(options.file) },
        { length: read.length, reread: () => fs.readFileSync(options.file) },
      ),
    };
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    options.io.stderr(`${describeImportError({ file: options.file, error })}\n`);
    return { exitCode: EXIT_BAD_INPUT };
  }
}

/**
 * A file's bytes in a buffer with room after them (1/64 of the file, and 4 KB): the room a JSON document's characters
 * outside ASCII are escaped into where they lie (asciiJsonText), rather than in a second copy of the file — on a
 * 13 MB transcript, a copy's fresh memory alone cost ~45 ms here.
 */
function readWithRoom(file: string): { bytes: Uint8Array; length: number } {
  const descriptor = fs.openSync(file, "r");
  try {
    const stats = fs.fstatSync(descriptor);
    if (!stats.isFile()) {
      // a pipe or device (`/dev/stdin`) has no size to read up to
      const bytes = fs.readFileSync(descriptor);
      return { bytes, length: bytes.length };
    }
    const length = stats.size;
    const bytes = Buffer.allocUnsafe(length + Math.ceil(length / 64) + 4_096);
    let read = 0;
    while (read < length) {
      const count = fs.readSync(descriptor, bytes, read, length - read, read);
      if (count === 0) break;
      read += count;
    }
    return { bytes, length: read };
  } finally {
    fs.closeSync(descriptor);
  }
}

/**
 * The SHA-256 of `bytes`, in hex. node:crypto is loaded on the first hash rather than with this module: loading it
 * cost every `lab import` (which hashes nothing) ~6 ms of CPU.
 */
function sha256Of(bytes: Uint8Array): string {
  return process.getBuiltinModule("node:crypto").createHash("sha256").update(bytes).digest("hex");
}
