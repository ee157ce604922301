import fs from "node:fs";
import path from "node:path";

/**
 * The real transcripts live in ../shared beside the repository (never copied into it). Tests that need
 * them use {@link describeWithShared}, which skips with a clear message when the folder is absent.
 */
export const SHARED_DIR = path.resolve(import.meta.dirname, "../../../shared");
export const TRANSCRIPTS_DIR = path.join(SHARED_DIR, "transcripts");
export const hasSharedTranscripts = fs.existsSync(TRANSCRIPTS_DIR);
export const SHARED_SKIP_REASON = `../shared/transcripts not found at ${TRANSCRIPTS_DIR}: skipping tests on real transcripts`;

/** Absolute path of a shared transcript, e.g. `sharedTranscript("pi/pi-mono__large-session.jsonl")`. */
export function sharedTranscript(relativePath: string): string {
  return path.join(TRANSCRIPTS_DIR, relativePath);
}

/** Every transcript file under ../shared/transcripts, relative paths, sorted. */
export function listSharedTranscripts(): string[] {
  if (!hasSharedTranscripts) return [];
  return fs
    .readdirSync(TRANSCRIPTS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) => fs.readdirSync(path.join(TRANSCRIPTS_DIR, dir.name)).map((file) => `${dir.name}/${file}`))
    .sort();
}
