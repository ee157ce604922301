import fs from "node:fs";
import { generateSession } from "@/lib/generator/generate-session";
import type { Session } from "@/lib/engine/model";
import { importTranscript } from "@/lib/transcripts";
import { hasSharedTranscripts, listSharedTranscripts, sharedTranscript, SHARED_SKIP_REASON } from "@/lib/testing/shared-transcripts";

export const WINDOWS = [32_000, 64_000, 128_000, 200_000] as const;

/** Every transcript in ../shared/transcripts (named by its path), then generated sessions of 2,000 and 10,000 messages. */
export function conformanceSessions(): { name: string; load: () => Session }[] {
  if (!hasSharedTranscripts) console.warn(`[conformance] ${SHARED_SKIP_REASON}; generated sessions only`);
  const shared = listSharedTranscripts()
    .filter((file) => !file.endsWith(".md"))
    .map((file) => ({ name: file, load: () => importTranscript(fs.readFileSync(sharedTranscript(file), "utf8"), { sourceName: file }).session }));
  return [
    ...shared,
    { name: "generated 2,000 messages", load: () => generateSession({ seed: 1, messages: 2_000 }) },
    { name: "generated 10,000 messages", load: () => generateSession({ seed: 2, messages: 10_000 }) },
  ];
}
