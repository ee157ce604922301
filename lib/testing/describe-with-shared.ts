import { describe } from "vitest";
import { hasSharedTranscripts, SHARED_SKIP_REASON } from "./shared-transcripts";

/**
 * `describe` for tests on ../shared/transcripts: when the folder is absent the block is skipped and its
 * name says why, so a skipped run is never mistaken for a pass.
 */
export function describeWithShared(name: string, body: () => void): void {
  if (hasSharedTranscripts) describe(name, body);
  else describe.skip(`${name} (${SHARED_SKIP_REASON})`, body);
}
