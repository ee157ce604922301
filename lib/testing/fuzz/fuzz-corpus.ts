import fs from "node:fs";
import path from "node:path";

/** Above this a source is cut to a prefix (whole lines, or the first items of a top-level array) before mutating. */
export const FUZZ_SOURCE_MAX_BYTES = 128 * 1024;

/**
 * The real transcripts under `directory` (../shared/transcripts: every format the lab imports), read once, as
 * mutation sources. Large files are cut to about {@link FUZZ_SOURCE_MAX_BYTES} — at whole JSONL lines, or at whole
 * items of a top-level JSON array — so thousands of uploads fit in CI's minutes; the cut files are still real.
 */
export function readFuzzCorpus(directory: string): { name: string; bytes: Uint8Array }[] {
  const files = fs.readdirSync(directory, { recursive: true, encoding: "utf8" }).filter((file) => !file.endsWith(".md") && fs.statSync(path.join(directory, file)).isFile());
  return files.sort().map((file) => {
    const bytes = fs.readFileSync(path.join(directory, file));
    return { name: path.basename(file), bytes: bytes.length <= FUZZ_SOURCE_MAX_BYTES ? new Uint8Array(bytes) : new TextEncoder().encode(prefixOf(bytes.toString("utf8"))) };
  });
}

function prefixOf(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) {
      const kept: unknown[] = [];
      let size = 2;
      for (const item of parsed) {
        const length = JSON.stringify(item).length + 1;
        if (kept.length > 0 && size + length > FUZZ_SOURCE_MAX_BYTES) break;
        kept.push(item);
        size += length;
      }
      return JSON.stringify(kept);
    }
    return text;
  } catch {
    const lines: string[] = [];
    let size = 0;
    for (const line of text.split("\n")) {
      if (lines.length > 0 && size + line.length + 1 > FUZZ_SOURCE_MAX_BYTES) break;
      lines.push(line);
      size += line.length + 1;
    }
    return lines.join("\n");
  }
}
