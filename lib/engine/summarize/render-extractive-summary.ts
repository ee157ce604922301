import type { TranscriptFacts } from "./extract-facts";
import { extractFacts } from "./extract-facts";
import { inferSectionFill } from "./infer-section-fill";
import { mergeSections, parseSections } from "./summary-sections";
import type { SummarizeRequest, SummaryFill } from "./summarizer";

/** Items kept per list in one section; the newest are kept (they matter most for continuing). */
const MAX_ITEMS = 12;
/** File paths are short and exactly what a continuation needs, so more of them are kept. */
const MAX_FILES = 40;

/**
 * Renders the extractive summary in the requested layout. Headed sections are filled by what each heading
 * asks for (seed 000's seven sections, seed 004's checkpoint, …); with a previous summary, its sections are
 * merged with the new facts (seed 004's UPDATE: keep, add, drop the oldest when over `maxChars`). Narrative
 * (seed 002) and continuation (seed 003) layouts read the same facts as prose.
 */
export function renderExtractiveSummary(request: Omit<SummarizeRequest, "signal">): string {
  const facts = extractFacts(request.messages);
  const previous = [request.previousSummary, ...facts.earlierSummaries].filter((text): text is string => Boolean(text?.trim()));
  const format = request.format;
  if (format.style === "sections") {
    const fresh = format.sections.map((section) => ({
      heading: section.heading,
      items: (section.fill ?? inferSectionFill(section.heading)).flatMap((fill) => itemsFor(fill, facts)),
    }));
    const merged = previous.reduce((sections, text) => mergeSections(parseSections(text, format.sections), sections), fresh);
    return renderSections(merged, request.maxChars);
  }
  const body = format.style === "narrative" ? narrative(facts) : continuation(facts);
  return withEarlierContext(previous, body, request.maxChars);
}

const EARLIER_HEADER = "Earlier context (from the previous summary):\n";
/** The earlier text an update keeps is at most the new body's length, and never less than this. */
const EARLIER_MIN_CHARS = 1_000;

/**
 * A prose summary that updates earlier ones, as a model would rewrite it rather than append to it: the earlier text
 * (its own header removed, so updates never nest headers) cut to its newest part — at most as long as the new body
 * (at least {@link EARLIER_MIN_CHARS}) and within `maxChars` — then the new body, kept whole where it fits. Repeated
 * updates therefore stay near twice the size of one body instead of growing to the output cap.
 */
function withEarlierContext(previous: readonly string[], body: string, maxChars: number | undefined): string {
  if (previous.length === 0) return capChars(body, maxChars);
  const earlier = previous.map((text) => (text.startsWith(EARLIER_HEADER) ? text.slice(EARLIER_HEADER.length) : text)).join("\n\n");
  const capRoom = maxChars === undefined ? Infinity : maxChars - body.length - EARLIER_HEADER.length - 3;
  const room = Math.min(capRoom, Math.max(EARLIER_MIN_CHARS, body.length));
  if (room < 80) return capChars(body, maxChars);
  const kept = earlier.length <= room ? earlier : fromSentenceStart(earlier.slice(earlier.length - room + 1));
  return `${EARLIER_HEADER}${kept}\n\n${body}`;
}

/**
 * The tail of a text cut at an arbitrary point, starting at its first whole sentence or line (the narrative never
 * starts mid-sentence), behind a marker that says what came before was left out. When no sentence or line starts
 * in its first half, the cut text is kept behind the marker as it is.
 */
function fromSentenceStart(tail: string): string {
  const boundary = /[.!?](?:\s+)(?=\S)|\n+(?=\S)/g;
  const match = boundary.exec(tail);
  const start = match && match.index + match[0].length <= tail.length / 2 ? match.index + match[0].length : 0;
  return `[…] ${start > 0 ? tail.slice(start) : tail}`;
}

function itemsFor(fill: SummaryFill, facts: TranscriptFacts): string[] {
  const recent = (list: string[]) => list.slice(-MAX_ITEMS);
  const files = (list: string[]) => list.slice(-MAX_FILES);
  switch (fill) {
    case "goal":
      return [...(facts.goal ? [facts.goal] : []), ...recent(facts.userRequests.slice(1)).map((request) => `Later request: ${request}`)];
    case "constraints":
      return recent(facts.constraints);
    case "timeline":
      return recent(facts.userRequests.map((request, index) => `Request ${index + 1}: ${request}`)).concat(recent(facts.progress).slice(-4));
    case "progress":
      return recent(facts.progress).map((line) => `[x] ${line}`);
    case "decisions":
      return recent(facts.decisions);
    case "technical":
      return Object.entries(facts.toolCounts).map(([name, count]) => `${name}: ${count} call${count === 1 ? "" : "s"}`);
    case "files":
      return [...files(facts.filesModified).map((file) => `modified: ${file}`), ...files(facts.filesRead).map((file) => `read: ${file}`)];
    case "commands":
      return recent(facts.commands).map((command) => `$ ${command}`);
    case "errors":
      return recent(facts.errors);
    case "active-work":
      return [facts.lastAssistantText, facts.lastToolCall && `Last tool call: ${facts.lastToolCall}`].filter(isText);
    case "pending":
      return facts.requestPending && facts.lastUserRequest ? [`Unanswered request: ${facts.lastUserRequest}`] : [];
    case "next-steps":
      return [...(facts.requestPending && facts.lastUserRequest ? [`Answer the user's last request: ${facts.lastUserRequest}`] : []), ...recent(facts.nextSteps)];
    case "last-request":
      return facts.lastUserRequest ? [`Last request from user was: ${facts.lastUserRequest}`] : [];
    case "dynamics":
      return [`${facts.userRequests.length} user message(s)`, ...recent(facts.dynamics)];
    case "critical-context":
      return [
        ...files(facts.filesModified).map((file) => `modified: ${file}`),
        ...files(facts.filesRead).map((file) => `read: ${file}`),
        ...recent(facts.errors),
        ...recent(facts.commands).map((command) => `$ ${command}`),
        ...recent(facts.urls),
      ];
  }
}

function narrative(facts: TranscriptFacts): string {
  const lines = [
    facts.goal && `The user asked: ${facts.goal}`,
    facts.constraints.length > 0 && `Constraints they set: ${facts.constraints.slice(-MAX_ITEMS).join(" ")}`,
    facts.filesRead.length > 0 && `Files read: ${facts.filesRead.slice(-MAX_ITEMS * 2).join(", ")}.`,
    facts.filesModified.length > 0 && `Files modified: ${facts.filesModified.slice(-MAX_ITEMS * 2).join(", ")}.`,
    facts.commands.length > 0 && `Commands run: ${facts.commands.slice(-MAX_ITEMS).map((command) => `\`${command}\``).join("; ")}.`,
    facts.errors.length > 0 && `Errors seen: ${facts.errors.slice(-MAX_ITEMS).join(" | ")}.`,
    facts.decisions.length > 0 && `Decisions: ${facts.decisions.slice(-MAX_ITEMS).join(" ")}`,
    facts.lastAssistantText && `Current status: ${facts.lastAssistantText}`,
    facts.lastUserRequest && `Last request from user was: ${facts.lastUserRequest}`,
    facts.nextSteps.length > 0 && `Next steps: ${facts.nextSteps.join(" ")}`,
  ];
  return lines.filter(isText).join("\n\n");
}

function continuation(facts: TranscriptFacts): string {
  const list = (items: string[]) => (items.length ? items.map((item) => `- ${item}`).join("\n") : "- (none recorded)");
  return [
    "Continue the conversation from this point; the new session has no access to the earlier messages.",
    `What we did:\n${list(facts.progress.slice(-MAX_ITEMS))}`,
    `What we're doing:\n${list([facts.lastAssistantText, facts.lastToolCall && `Last tool call: ${facts.lastToolCall}`].filter(isText))}`,
    `Files we're working on:\n${list([...facts.filesModified.map((file) => `modified: ${file}`), ...facts.filesRead.slice(-MAX_ITEMS).map((file) => `read: ${file}`)])}`,
    `Commands and errors:\n${list([...facts.commands.slice(-MAX_ITEMS).map((command) => `$ ${command}`), ...facts.errors.slice(-MAX_ITEMS)])}`,
    `User requests and constraints to keep:\n${list([...(facts.goal ? [facts.goal] : []), ...facts.constraints.slice(-MAX_ITEMS)])}`,
    `What we're going to do next:\n${list([...(facts.lastUserRequest ? [`Last request from user was: ${facts.lastUserRequest}`] : []), ...facts.nextSteps])}`,
  ].join("\n\n");
}

function renderSections(sections: { heading: string; items: string[] }[], maxChars: number | undefined): string {
  const render = (kept: { heading: string; items: string[] }[]) =>
    kept.map((section) => `${section.heading}\n${section.items.length ? section.items.map((item) => `- ${item}`).join("\n") : NO_ITEMS}`).join("\n\n");
  if (maxChars === undefined) return render(sections);
  // Over the cap: drop the oldest item of the fullest section until it fits (seed 004: drop older Done items first).
  // Lengths are kept by deltas and each section's oldest kept item by an offset, so trimming a long history stays
  // linear (re-rendering after every drop was quadratic: seconds per summary on a 2,000-message session).
  const first = sections.map(() => 0);
  const itemChars = sections.map((section) => section.items.reduce((sum, item) => sum + 2 + item.length, 0));
  const sectionLength = (index: number) => {
    const count = sections[index].items.length - first[index];
    return sections[index].heading.length + 1 + (count ? itemChars[index] + count - 1 : NO_ITEMS.length);
  };
  let length = sections.reduce((sum, _, index) => sum + sectionLength(index), 0) + 2 * Math.max(0, sections.length - 1);
  while (length > maxChars) {
    let fullest = 0;
    for (let index = 1; index < sections.length; index++) {
      if (sections[index].items.length - first[index] > sections[fullest].items.length - first[fullest]) fullest = index;
    }
    if (sections[fullest].items.length - first[fullest] === 0) break;
    const before = sectionLength(fullest);
    itemChars[fullest] -= 2 + sections[fullest].items[first[fullest]].length;
    first[fullest]++;
    length += sectionLength(fullest) - before;
  }
  const text = render(sections.map((section, index) => ({ heading: section.heading, items: section.items.slice(first[index]) })));
  return capChars(text, maxChars);
}

const NO_ITEMS = "- (none recorded)";

function capChars(text: string, maxChars: number | undefined): string {
  return maxChars === undefined || text.length <= maxChars ? text : `${text.slice(0, maxChars - 1)}…`;
}

function isText(value: string | null | false | undefined): value is string {
  return typeof value === "string" && value.length > 0;
}
