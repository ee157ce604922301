import { redactionPlaceholder, type DetectedSecret } from "./secret-finding";

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

/** `text` with every redaction applied. */
export function redactText(text: string, redactions: readonly Redaction[]): string {
  let result = text;
  for (const { find, placeholder } of redactions) if (result.includes(find)) result = result.replaceAll(find, placeholder);
  return result;
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
