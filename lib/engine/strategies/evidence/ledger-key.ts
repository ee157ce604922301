const QUOTES = /["'`\u2018\u2019\u201C\u201D]/g;

/**
 * The ledger's dedupe key for a fact: lower case, backslashes as `/`, quotes dropped, whitespace runs as one
 * space. The strategy's own (the scorer normalises in `evaluate/`, which no strategy imports).
 */
export function ledgerKey(text: string): string {
  return text.toLowerCase().replace(/\\/g, "/").replace(QUOTES, "").replace(/\s+/g, " ").trim();
}
