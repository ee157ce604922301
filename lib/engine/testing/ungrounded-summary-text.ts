import type { Message } from "../model";

/**
 * What a summary may legitimately contain besides text from its sources: the strategy's own fixed scaffolding.
 * - `fixedLines`: whole lines written by the strategy or the summarizer, never by the transcript (section headings,
 *   the summary wrapper, "- (none recorded)", "No prior history.").
 * - `labels`: prefixes the extractive summarizer puts before a verbatim item ("[x] ", "$ "); a RegExp label is
 *   anchored at the line's start, and one with a named group `tool` passes only when that group is a tool name
 *   the sources hold (`/^Last tool call: (?<tool>\S+) /`, an error item's `/^(?<tool>\S+?) failed: /`).
 */
export interface SummaryScaffolding {
  fixedLines: readonly string[];
  labels: readonly (string | RegExp)[];
}

/**
 * The text a summary may quote: the summarized messages (text, reasoning, tool names, tool inputs as strings and
 * as JSON, tool outputs), the previous summary and the structured file lists. Whitespace is normalized (runs of
 * whitespace → one space) and each source is kept apart, so a fragment never matches across two sources.
 */
export class GroundingSources {
  private readonly texts: string[] = [];
  readonly toolNames = new Set<string>();

  addMessages(messages: readonly Message[]): this {
    for (const message of messages) {
      for (const part of message.parts) {
        if (part.type === "text" || part.type === "reasoning") this.addText(part.text);
        else if (part.type === "tool-call") {
          this.toolNames.add(part.name);
          this.addText(part.name);
          this.addText(typeof part.input === "string" ? part.input : JSON.stringify(part.input));
          for (const value of stringsIn(part.input)) this.addText(value);
        } else if (part.type === "tool-result") {
          if (part.name) this.toolNames.add(part.name);
          this.addText(part.output);
        }
      }
    }
    return this;
  }

  /**
   * A previous summary as a source: its content lines, each on its own, without the scaffolding's fixed lines —
   * a heading of the previous summary is layout, not text a new summary may quote as an item.
   */
  addSummary(text: string | null | undefined, scaffolding: SummaryScaffolding): this {
    const fixed = new Set(scaffolding.fixedLines.map(normalizeText));
    for (const line of (text ?? "").split("\n")) if (!fixed.has(normalizeText(line))) this.addText(line.trim().replace(BULLET, ""));
    return this;
  }

  addText(text: string | null | undefined): this {
    if (text) this.texts.push(normalizeText(text));
    return this;
  }

  contains(fragment: string): boolean {
    const needle = normalizeText(fragment);
    return needle === "" || this.texts.some((text) => text.includes(needle));
  }
}

export function normalizeText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Clip marks the summarizer adds where it shortened a verbatim item or cut the earlier text. */
const ELLIPSIS = "…";
/** How the extractive summarizer joins several error lines of one tool result. */
const ERROR_LINE_SEPARATOR = " / ";
/** The summarizer's bullet. */
const BULLET = /^- /;

/**
 * The fragments of `summary` that are neither scaffolding nor found in `sources`. A line passes when, after
 * removing (1) the line itself if it is one of the scaffolding's fixed lines (as a whole line: a heading turned into a
 * bullet item is not scaffolding but a re-parsed summary), (2) the bullet, (3) any number of
 * the scaffolding's labels at its start (see {@link SummaryScaffolding}), (4) a clip "…" at either end, each of its remaining fragments (split where the
 * summarizer joins error lines, " / ") occurs whitespace-normalized in one source text. A line cut by the
 * summary's size cap may end inside a label: a last fragment that is a prefix of a label passes too.
 *
 * This is deliberately stricter than "every word appears somewhere": a fragment must appear as one contiguous
 * run in one source, so stitched, re-parsed or invented text fails.
 */
export function ungroundedSummaryText(summary: string, options: { sources: GroundingSources; scaffolding: SummaryScaffolding }): string[] {
  const { sources, scaffolding } = options;
  const fixed = new Set(scaffolding.fixedLines.map(normalizeText));
  const ungrounded: string[] = [];
  for (const rawLine of summary.split("\n")) {
    let line = rawLine.trim();
    if (line === "" || fixed.has(normalizeText(line))) continue;
    line = line.replace(BULLET, "");
    line = stripLabels(line, scaffolding.labels, sources);
    const fragments = line.split(ERROR_LINE_SEPARATOR);
    for (const [index, raw] of fragments.entries()) {
      let fragment = raw.trim();
      if (fragment.startsWith(ELLIPSIS)) fragment = fragment.slice(1);
      if (fragment.endsWith(ELLIPSIS)) {
        fragment = fragment.slice(0, -1);
        if (index === fragments.length - 1 && isLabelPrefix(fragment, scaffolding.labels)) continue;
      }
      if (!sources.contains(fragment)) ungrounded.push(fragment);
    }
  }
  return ungrounded;
}

function stripLabels(line: string, labels: readonly (string | RegExp)[], sources: GroundingSources): string {
  for (let changed = true; changed; ) {
    changed = false;
    for (const label of labels) {
      const match = typeof label === "string" ? (line.startsWith(label) ? { text: label, tool: undefined } : null) : regexLabel(label, line);
      if (!match || match.text === "" || (match.tool !== undefined && !sources.toolNames.has(match.tool))) continue;
      line = line.slice(match.text.length);
      changed = true;
    }
  }
  return line;
}

function regexLabel(label: RegExp, line: string): { text: string; tool: string | undefined } | null {
  const match = label.exec(line);
  return match && match.index === 0 ? { text: match[0], tool: match.groups?.tool } : null;
}

function isLabelPrefix(fragment: string, labels: readonly (string | RegExp)[]): boolean {
  return labels.some((label) => typeof label === "string" && label.startsWith(fragment));
}

function* stringsIn(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsIn(item);
  else if (value && typeof value === "object") for (const item of Object.values(value)) yield* stringsIn(item);
}
