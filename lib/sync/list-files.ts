import fs from "node:fs";
import path from "node:path";

/**
 * The files under `root` (to `depth` folders down; 0: its own files) whose names `accept` takes, sorted by path.
 * A missing or unreadable folder gives none: an agent the user never ran has no folder.
 */
export function listFiles(options: { root: string; depth: number; accept: (name: string) => boolean }): string[] {
  const found: string[] = [];
  const walk = (folder: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (depth > 0) walk(child, depth - 1);
      } else if (entry.isFile() && options.accept(entry.name)) {
        found.push(child);
      }
    }
  };
  walk(options.root, options.depth);
  return found.sort();
}

/** A file's bytes, for a FoundSession's `read`. */
export async function readFileBytes(file: string): Promise<Uint8Array> {
  return new Uint8Array(await fs.promises.readFile(file));
}
