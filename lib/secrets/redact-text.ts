import { redactionPlaceholder } from "./redaction-placeholder";
import type { DetectedSecret } from "./secret-finding";

/** What to replace and with what: every form a secret can take in stored text, longest first. */
export interface Redaction {
  find: string;
  placeholder: string;
}

/**
 * The replacements for a set of detected secrets. A secret appears in stored text as matched, and — in a raw JSON
 * file or a tool call's JSON input — escaped once or twice (a private key's line breaks as `\n`, or `\\n` inside
 * a JSON-encoded arguments string), or unescaped when it was matched inside JSON text. Longest first, so a secret
 * that contains another is replaced whole.
 */
export function redactionsFor(secrets: readonly Pick<DetectedSecret, "secret" | "kind">[]): Redaction[] {
  const byFind = new Map<string, string>();
  for (const { secret, kind } of secrets) {
    for (const form of formsOf(secret)) if (form.length > 0 && !byFind.has(form)) byFind.set(form, redactionPlaceholder(kind));
  }
  return [...byFind].map(([find, placeholder]) => ({ find, placeholder })).sort((a, b) => b.find.length - a.find.length);
}

function formsOf(secret: string): string[] {
  const escaped = escapeJson(secret);
  const forms = [secret, escaped, escapeJson(escaped)];
  try {
    const unescaped: unknown = JSON.parse(`"${secret}"`);
    if (typeof unescaped === "string") forms.push(unescaped);
  } catch {
    // not JSON string content: no unescaped form
  }
  return forms;
}

function escapeJson(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/**
 * `text` with every redaction applied. Matches are found in the original text and overlapping ones merged into one
 * placeholder (that of the match starting first): two findings can overlap — in raw JSON a connection string's
 * database part runs over a `\n` escape into the next line's token — and replacing one at a time would cut the other
 * short, so that neither matches any longer and its tail survives.
 */
export function redactText(text: string, redactions: readonly Redaction[]): string {
  const spans: { start: number; end: number; placeholder: string }[] = [];
  for (const { find, placeholder } of redactions) {
    for (let at = text.indexOf(find); at >= 0; at = text.indexOf(find, at + find.length)) spans.push({ start: at, end: at + find.length, placeholder });
  }
  if (spans.length === 0) return text;
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  let result = "";
  let written = 0;
  for (let index = 0; index < spans.length; ) {
    const { start, placeholder } = spans[index];
    let end = spans[index].end;
    for (index++; index < spans.length && spans[index].start < end; index++) end = Math.max(end, spans[index].end);
    result += text.slice(written, start) + placeholder;
    written = end;
  }
  return result + text.slice(written);
}

/** Every string in a JSON value (keys kept) with the redactions applied; a new value, the input untouched. */
export function redactJsonValue(value: unknown, redactions: readonly Redaction[]): unknown {
  if (typeof value === "string") return redactText(value, redactions);
  if (Array.isArray(value)) return value.map((item) => redactJsonValue(item, redactions));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactJsonValue(item, redactions)]));
  }
  return value;
}

/** Characters of a secret's start that, ending a title, are taken for the secret cut short. */
const CUT_SECRET_CHARS = 6;

/**
 * A session title with the redactions applied, also where the title cut a secret short: importers make a title of
 * the first user text on one line, cut to 80 characters (lib/transcripts/json-fields.ts titleSnippet), so a secret
 * there has its line breaks turned into spaces, or only its first characters kept — neither is found by the full
 * secret. A title ending (before its `…`) in at least {@link CUT_SECRET_CHARS} characters of a secret's start has
 * that end replaced too.
 */
export function redactTitle(title: string, redactions: readonly Redaction[]): string {
  const oneLine = redactions.map(({ find, placeholder }) => ({ find: find.replace(/\s+/g, " ").trim(), placeholder }));
  let result = redactText(redactText(title, redactions), oneLine.filter(({ find }) => find.length > 0));
  const ellipsis = result.endsWith("…") ? "…" : "";
  const body = ellipsis ? result.slice(0, -1) : result;
  for (const { find, placeholder } of oneLine) {
    for (let length = Math.min(find.length - 1, body.length); length >= CUT_SECRET_CHARS; length--) {
      if (body.endsWith(find.slice(0, length))) {
        result = `${body.slice(0, body.length - length)}${placeholder}${ellipsis}`;
        return result;
      }
    }
  }
  return result;
}
