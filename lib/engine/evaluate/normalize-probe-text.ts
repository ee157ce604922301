/** Quote characters dropped by {@link normalizeProbeText}: ASCII double, single and back quotes, and the curly pairs. */
const DROPPED_QUOTES = new Set(['"', "'", "`", "\u2018", "\u2019", "\u201C", "\u201D"]);

/**
 * The form probes are compared in: lower case, backslashes as forward slashes (Windows paths match POSIX
 * ones), quotes removed (a path quoted in one place and bare in another is the same fact), whitespace runs
 * as one space, trimmed. Applied to probes and to context text alike, so a match is a substring match of
 * the two normalised strings.
 */
export function normalizeProbeText(text: string): string {
  let out = "";
  for (const char of text.split(/\s+/).join(" ").toLowerCase()) {
    if (DROPPED_QUOTES.has(char)) continue;
    out += char === "\\" ? "/" : char;
  }
  return out.split(/\s+/).filter(Boolean).join(" ");
}
