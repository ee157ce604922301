/** Marks every summary the fake server writes, so a test can tell the server's text from a local one. */
export const FAKE_SUMMARY_MARKER = "[fake-anthropic summary]";

/** Headings the fake summary echoes: markdown headings and numbered section titles of the prompt. */
const HEADING_PATTERN = /^(?:#{1,3} [^\n]+|\d+\. [A-Z][^\n]*)$/;
/** Prompt headings that frame the prompt rather than name a section of the summary. */
const FRAMING_HEADINGS = new Set(["## Format", "## Existing Summary", "## New Conversation"]);
const PATH_PATTERN = /(?:\.{0,2}\/)?(?:[\w.-]+\/)+[\w.-]+\.[A-Za-z]\w{0,5}\b/g;
const COMMAND_PATTERN = /"(?:command|cmd)"\s*:\s*"((?:[^"\\]|\\.)*)"/g;
const LIST_LIMIT = 8;

/**
 * A deterministic "summary" built from a Messages API request body: it echoes the section headings the prompt
 * asks for (outside the transcript), and lists the file paths and shell commands it finds in the messages.
 * The same request always gives the same text; the text always starts with {@link FAKE_SUMMARY_MARKER}.
 */
export function buildFakeSummary(body: { system?: unknown; messages?: unknown }): string {
  const promptTexts = [textOf(body.system), ...allStrings(body.messages)];
  const outsideTranscripts = promptTexts.map((text) => text.replace(/<transcript>[\s\S]*?<\/transcript>/g, "")).join("\n");
  const everything = promptTexts.join("\n");
  const headings = unique(
    outsideTranscripts
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => HEADING_PATTERN.test(line) && !FRAMING_HEADINGS.has(line)),
  );
  const files = unique([...everything.matchAll(PATH_PATTERN)].map((match) => match[0])).slice(0, LIST_LIMIT);
  // commands rendered as JSON text (a transcript) or sent as tool_use input objects (real messages)
  const commandSources = `${everything}\n${JSON.stringify(body.messages ?? null)}`;
  const commands = unique([...commandSources.matchAll(COMMAND_PATTERN)].map((match) => unescapeJson(match[1]))).slice(0, LIST_LIMIT);
  const messageCount = Array.isArray(body.messages) ? body.messages.length : 0;
  const updating = everything.includes("## Existing Summary");

  const facts = [
    `Files: ${files.length > 0 ? files.join(", ") : "(none found)"}`,
    `Commands: ${commands.length > 0 ? commands.map((command) => `\`${command}\``).join("; ") : "(none found)"}`,
    `This summary was written by the fake Anthropic server from ${messageCount} request message(s)${updating ? ", updating an existing summary" : ""}; it records what the request contained so tests can check it end to end.`,
  ];
  if (headings.length === 0) return `${FAKE_SUMMARY_MARKER}\n${facts.join("\n")}`;
  const sections = headings.map((heading, index) => `${heading}\n${index === 0 ? facts.map((fact) => `- ${fact}`).join("\n") : `- (fake) ${heading.replace(/^[#\d.\s]+/, "")}`}`);
  return `${FAKE_SUMMARY_MARKER}\n\n${sections.join("\n\n")}`;
}

function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  return allStrings(value).join("\n");
}

/** Every string inside a JSON value (message text, tool inputs, tool results), depth first. */
function allStrings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value && typeof value === "object") return Object.values(value).flatMap(allStrings);
  return [];
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

function unescapeJson(text: string): string {
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return text;
  }
}
