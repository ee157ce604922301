/** One headed section of a summary, items without their bullet. */
export interface SummarySectionItems {
  heading: string;
  items: string[];
}

/**
 * Splits a summary into the given headings' sections (lines between one known heading and the next),
 * bullets stripped. Text before the first known heading, or under unknown headings, is dropped — an UPDATE
 * keeps the layout the strategy asks for. Returns empty item lists for headings not found.
 */
export function parseSections(text: string, headings: readonly string[]): SummarySectionItems[] {
  const itemsByHeading = new Map(headings.map((heading) => [heading, [] as string[]]));
  let current: string[] | null = null;
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (itemsByHeading.has(trimmed)) {
      current = itemsByHeading.get(trimmed)!;
      continue;
    }
    const item = trimmed.replace(/^(?:[-*]|\d+\.)\s+/, "");
    if (current && item && item !== "(none recorded)") current.push(item);
  }
  return headings.map((heading) => ({ heading, items: itemsByHeading.get(heading)! }));
}

/**
 * Merges a previous summary's sections with new ones, section by section: previous items first, then new
 * ones not already there (seed 004's UPDATE rules: preserve, add, keep exact identifiers). A new
 * "[x] item" supersedes the same "[ ] item" (moved from In Progress to Done).
 */
export function mergeSections(previous: SummarySectionItems[], fresh: SummarySectionItems[]): SummarySectionItems[] {
  return fresh.map((section) => {
    const old = previous.find((candidate) => candidate.heading === section.heading)?.items ?? [];
    const done = new Set(section.items.filter((item) => item.startsWith("[x] ")).map((item) => item.slice(4)));
    const kept = old.filter((item) => !(item.startsWith("[ ] ") && done.has(item.slice(4))));
    const seen = new Set(kept);
    return { heading: section.heading, items: [...kept, ...section.items.filter((item) => !seen.has(item))] };
  });
}
