/**
 * The RegExp of a user's regex probe: case-insensitive (probes and context are compared lower-cased and
 * normalised, see `normalizeProbeText`) and no global flag (so `test` keeps no state between contexts). Not the
 * `u` flag: it rejects escapes people write out of habit (`\-`, `[\w-.]`). Throws an Error naming the pattern when it
 * does not compile. The pattern is matched against normalised text — quotes removed, whitespace runs as one
 * space, backslashes as `/` — so a pattern should not rely on those. A pattern can backtrack catastrophically;
 * the caller that accepts patterns from a person bounds their length (UserProbeInputSchema: 500 chars).
 */
export function compileUserProbePattern(pattern: string): RegExp {
  try {
    return new RegExp(pattern, "i");
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, "") : String(error);
    throw new Error(`regex probe "${pattern}" does not compile: ${reason}`);
  }
}
