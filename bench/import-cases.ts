import fs from "node:fs";
import { importTranscript } from "../lib/transcripts";
import { hasSharedTranscripts, listSharedTranscripts, sharedTranscript, SHARED_SKIP_REASON } from "../lib/testing/shared-transcripts";
import type { BenchCase } from "./bench-case";

/**
 * Importing each real transcript in ../shared/transcripts (format auto-detected, as an upload is). Files are
 * read before timing: the number is the importer, not the disk. Skipped with the reason when the folder is absent.
 */
export function importCases(log: (line: string) => void): BenchCase[] {
  if (!hasSharedTranscripts) {
    log(`skipping import benchmarks: ${SHARED_SKIP_REASON}`);
    return [];
  }
  return listSharedTranscripts().flatMap((relativePath) => {
    const text = fs.readFileSync(sharedTranscript(relativePath), "utf8");
    try {
      const { session, sessionCount } = importTranscript(text);
      return [
        {
          group: "import",
          name: relativePath,
          inputBytes: Buffer.byteLength(text),
          input: `${session.messages.length} msgs${sessionCount > 1 ? ` (1 of ${sessionCount})` : ""}`,
          run: () => importTranscript(text),
        },
      ];
    } catch (error) {
      log(`skipping ${relativePath}: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    }
  });
}
