import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ContinuationFacts } from "../engine/evaluate/extract-continuation-facts";
import type { Session } from "../engine/model";
import { readEnv } from "../env/read-env";
import { CONTINUATION_FACTS_KEY, parseContinuationFacts } from "../runs/continuation-facts-schema";
import { extractRunFacts } from "../runs/score-run-recall";

/** The CLI's cache folder when LAB_CACHE_DIR is unset. */
export function defaultCacheDir(): string {
  return path.join(os.homedir(), ".cache", "compaction-lab-cli");
}

/**
 * A transcript file's continuation facts, extracted once per file content: cached under LAB_CACHE_DIR
 * (`continuation-facts/<sha256>.json`), keyed by the SHA-256 of the file's bytes (`readTranscriptFile`'s `hash`), how it was read (format, pick) and
 * {@link CONTINUATION_FACTS_KEY} (the importer's and extractor's versions), so an edited file, another session of
 * it, or a newer lab extracts again. A cache file that does not parse or does not fit the session is ignored and
 * replaced; one that cannot be written (a read-only folder) only costs the next run the extraction. Written aside
 * and renamed, so a concurrent run reads a whole file or none.
 */
export async function cachedContinuationFacts(options: { sha256: string; session: Session; read: { format?: string; pick?: number } }): Promise<ContinuationFacts> {
  const file = continuationFactsCacheFile(options);
  const folder = path.dirname(file);
  const cached = readCached(file, options.session.messages.length);
  if (cached) return cached;
  const facts = await extractRunFacts(options.session);
  try {
    fs.mkdirSync(folder, { recursive: true });
    const aside = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(aside, JSON.stringify({ key: CONTINUATION_FACTS_KEY, facts }));
    fs.renameSync(aside, file);
  } catch {
    // a cache that cannot be written is only slower next time
  }
  return facts;
}

/** Where {@link cachedContinuationFacts} keeps the facts of a file read this way. */
export function continuationFactsCacheFile(options: { sha256: string; read: { format?: string; pick?: number } }): string {
  const name = createHash("sha256")
    .update(JSON.stringify([CONTINUATION_FACTS_KEY, options.sha256, options.read.format ?? null, options.read.pick ?? null]))
    .digest("hex");
  return path.join(readEnv().LAB_CACHE_DIR ?? defaultCacheDir(), "continuation-facts", `${name}.json`);
}

function readCached(file: string, messageCount: number): ContinuationFacts | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
  try {
    const stored = JSON.parse(text) as { key?: unknown; facts?: unknown };
    return stored.key === CONTINUATION_FACTS_KEY ? parseContinuationFacts(stored.facts, messageCount) : null;
  } catch {
    return null;
  }
}
