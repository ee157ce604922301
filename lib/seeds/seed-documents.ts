import { strategies } from "../engine/strategies";

/** A seed design document and the strategies that reproduce it, with the sections each follows. */
export interface SeedDocument {
  /** the file name, `NNN_<hash>.txt` */
  file: string;
  /** "seed 002" */
  label: string;
  reproducedBy: { id: string; label: string; section: string }[];
}

/** `002_27b1b60fff932618.txt` → "seed 002" (the number the strategy picker shows). */
export function seedLabel(file: string): string {
  return `seed ${file.slice(0, 3)}`;
}

/**
 * Every seed design document a strategy names (its `source.file`), in file order: the only files `/seeds/<file>`
 * serves, so the page can never be pointed at anything else in the folder or outside it.
 */
export function seedDocuments(): SeedDocument[] {
  const byFile = new Map<string, SeedDocument>();
  for (const strategy of strategies) {
    if (strategy.source.kind !== "seed") continue;
    const { file, section } = strategy.source;
    const entry = byFile.get(file) ?? { file, label: seedLabel(file), reproducedBy: [] };
    entry.reproducedBy.push({ id: strategy.id, label: strategy.label, section });
    byFile.set(file, entry);
  }
  return [...byFile.values()].sort((a, b) => a.file.localeCompare(b.file));
}

/** The seed document named `file`, or undefined when no strategy names it. */
export function findSeedDocument(file: string): SeedDocument | undefined {
  return seedDocuments().find((entry) => entry.file === file);
}
