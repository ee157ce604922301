import { scanTexts, type TextFinding } from "./scan-texts";

/** Longest span a preset rule matches (a PEM private key: header, up to 10,000 characters of body, footer). */
const LONGEST_MATCH = 10_200;
const PIECE_CHARS = 1_000_000;

/**
 * The credentials in a raw uploaded file's text, for redacting it (a finding of the canonical session is looked for
 * in the raw file too, but a field no importer reads — a tool's metadata, a sidechain — can hold one as well). The
 * file is scanned line by line; a line longer than a million characters (a JSON document on one line) in pieces
 * that overlap by the longest match a rule can make. Findings are deduplicated by the text matched.
 */
export async function scanRawText(text: string): Promise<TextFinding<null>[]> {
  const found = await scanTexts(piecesOf(text));
  const seen = new Set<string>();
  return found.filter((finding) => !seen.has(finding.secret) && seen.add(finding.secret));
}

function* piecesOf(text: string): Generator<{ text: string; where: null }> {
  for (let from = 0; from < text.length; ) {
    const newline = text.indexOf("\n", from);
    const end = newline < 0 ? text.length : newline;
    for (let start = from; start < end; start += PIECE_CHARS) {
      yield { text: text.slice(start, Math.min(end, start + PIECE_CHARS + LONGEST_MATCH)), where: null };
    }
    from = end + 1;
  }
}
