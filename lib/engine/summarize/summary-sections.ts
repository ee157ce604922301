import { inferSectionFill } from "./infer-section-fill";
import type { SummarySection } from "./summarizer";

/** One headed section of a summary, items without their bullet. */
export interface SummarySectionItems {
  heading: string;
  items: string[];
}

/** A Markdown heading, or a line that is bold text alone ("**Turn Context (split turn):**"): layout, never an item. */
const HEADING_LINE = /^(?:#{1,6}\s+\S.*|\*\*[^*]+\*\*:?)$/;
/** A horizontal rule ("---", pi's split-turn separator): layout, never an item. */
const RULE_LINE = /^(?:-{3,}|\*{3,}|_{3,})$/;

/**
 * Splits a summary into the requested sections (lines between one heading and the next), bullets stripped.
 * A heading of the requested layout starts its own section. Any other heading — the previous summary may hold
 * another layout's sections, such as pi's split-turn "## Original Request" / "## Early Progress" — is layout, not
 * content: its lines go to the first requested section that is filled with the same kind of fact (by
 * {@link inferSectionFill}), or are dropped when none is. Rules and text before the first heading are dropped.
 * So no heading or rule of an earlier summary ever comes back as an item. Empty item lists for sections not found.
 */
export function parseSections(text: string, sections: readonly SummarySection[]): SummarySectionItems[] {
  const itemsByHeading = new Map(sections.map((section) => [section.heading, [] as string[]]));
  const fillsOf = sections.map((section) => ({ heading: section.heading, fills: section.fill ?? inferSectionFill(section.heading) }));
  let current: string[] | null = null;
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (itemsByHeading.has(trimmed)) {
      current = itemsByHeading.get(trimmed)!;
      continue;
    }
    if (RULE_LINE.test(trimmed)) continue;
    if (HEADING_LINE.test(trimmed)) {
      const fills = inferSectionFill(trimmed.replace(/^#+\s+|\*\*/g, ""));
      const target = fillsOf.find((section) => section.fills.some((fill) => fills.includes(fill)));
      current = target ? itemsByHeading.get(target.heading)! : null;
      continue;
    }
    const item = trimmed.replace(/^(?:[-*]|\d+\.)\s+/, "");
    if (current && item && item !== "(none recorded)") current.push(item);
  }
  return sections.map((section) => ({ heading: section.heading, items: itemsByHeading.get(section.heading)! }));
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
