/** Quote characters dropped by {@link normalizeProbeText}: the back quote of Markdown code, ASCII quotes, and the curly pairs. */
const DROPPED_QUOTES = new RegExp(["`", "'", '"', "\u201C", "\u201D", "\u2018", "\u2019"].join("|"), "g");
const WHITESPACE_RUN = /\s+/g;

/**
 * The form probes are compared in: lower case, backslashes as forward slashes (Windows paths match POSIX
 * ones), quotes removed (a path quoted in one place and bare in another is the same fact), whitespace runs
 * as one space, trimmed. Applied to probes and to context text alike, so a match is a substring match of
 * the two normalised strings. Runs over whole contexts many times per run: four linear passes, no per-character
 * JavaScript.
 */
export function normalizeProbeText(text: string): string {
  return text.replace(DROPPED_QUOTES, "").replace(WHITESPACE_RUN, " ").replaceAll("\\", "/").toLowerCase().trim();
}
