/**
 * A unified diff for replacing `before` lines with `after` lines in `path` at `line`, as an edit tool
 * reports it. No context lines beyond the change itself: agents' edit tools vary and short is common.
 */
export function buildDiff(options: { path: string; line: number; before: string[]; after: string[] }): string {
  const { path, line, before, after } = options;
  return [
    `--- a/${path}`,
    `+++ b/${path}`,
    `@@ -${line},${before.length} +${line},${after.length} @@`,
    ...before.map((text) => `-${text}`),
    ...after.map((text) => `+${text}`),
  ].join("\n");
}
