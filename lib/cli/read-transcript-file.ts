import path from "node:path";
import type { FormatId } from "../engine/model";
import { ImportError, importTranscript, type ImportOutcome } from "../transcripts";
import { EXIT_BAD_INPUT, UsageError, type CliIo } from "./command";
import { describeImportError } from "./describe-import-error";
import { readTextFile } from "./read-text-file";

/**
 * Reads and imports a transcript file for a command. An unreadable file is a usage error; a file that does
 * not fit its format prints the one-line import error on stderr and yields `{exitCode: 2}` for the command
 * to return.
 */
export function readTranscriptFile(options: {
  file: string;
  usage: string;
  io: CliIo;
  format?: FormatId;
  pick?: number;
}): { outcome: ImportOutcome } | { exitCode: number } {
  let text: string;
  try {
    text = readTextFile(options.file);
  } catch (error) {
    throw new UsageError(`cannot read ${options.file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, options.usage);
  }
  try {
    return {
      outcome: importTranscript(text, { format: options.format, pick: options.pick, sourceName: path.basename(options.file) }),
    };
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    options.io.stderr(`${describeImportError({ file: options.file, error })}\n`);
    return { exitCode: EXIT_BAD_INPUT };
  }
}
