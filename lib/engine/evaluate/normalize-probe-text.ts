const QUOTES = /["'`\u2018\u2019\u201C\u201D]/g;

/**
 * The form probes are compared in: lower case, backslashes as forward slashes (Windows paths match POSIX
 * ones), quotes removed (a path quoted in one place and bare in another is the same fact), whitespace runs
 * as one space, trimmed. Applied to probes and to context text alike, so a match is a substring match of
 * the two normalised strings.
 */
export function normalizeProbeText(text: string): string {
  return text.toLowerCase().replace(/\\/g, "/").replace(QUOTES, "").replace(/\s+/g, " ").trim();
}
