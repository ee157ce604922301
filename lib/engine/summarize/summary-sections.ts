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
const [DASH, STAR, UNDERSCORE, HASH, DIGIT_0, DIGIT_9] = ["-", "*", "_", "#", "0", "9"].map((character) => character.charCodeAt(0));

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
  // a carried summary runs to tens of thousands of characters and is read again at every compaction, so each line
  // is only tested for what its first character allows: a requested heading (same length), a rule (-, *, _),
  // another heading (#, *), a bullet (-, *, a digit)
  const headingLengths = new Set(sections.map((section) => section.heading.length));
  let current: string[] | null = null;
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (headingLengths.has(trimmed.length) && itemsByHeading.has(trimmed)) {
      current = itemsByHeading.get(trimmed)!;
      continue;
    }
    const first = trimmed.charCodeAt(0);
    if ((first === DASH || first === STAR || first === UNDERSCORE) && RULE_LINE.test(trimmed)) continue;
    if ((first === HASH || first === STAR) && HEADING_LINE.test(trimmed)) {
      const fills = inferSectionFill(trimmed.replace(/^#+\s+|\*\*/g, ""));
      const target = fillsOf.find((section) => section.fills.some((fill) => fills.includes(fill)));
      current = target ? itemsByHeading.get(target.heading)! : null;
      continue;
    }
    if (!current || !trimmed) continue;
    const item = first === DASH || first === STAR || (first >= DIGIT_0 && first <= DIGIT_9) ? trimmed.replace(/^(?:[-*]|\d+\.)\s+/, "") : trimmed;
    if (item && item !== "(none recorded)") current.push(item);
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
