/** The placeholder a redacted secret leaves behind, naming its kind. */
export function redactionPlaceholder(kind: string): string {
  return `[REDACTED:${kind}]`;
}
