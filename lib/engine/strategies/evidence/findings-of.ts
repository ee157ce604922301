import { splitSentences } from "./evidence-recognizers";

/** A finding longer than this keeps the stretch around its first specific. */
export const FINDING_MAX_CHARS = 200;

/** what makes a sentence a finding: a code span, a hex colour, a number of two digits or more, a path, an identifier */
const SPECIFIC = /`[^`\n]{1,80}`|#[0-9a-f]{3,8}\b|\b\d{2,}(?:\.\d+)?\b|\b[\w.-]+\/[\w./-]+|\b[a-z]+[A-Z]\w*|\b[A-Z][a-z]+[A-Z]\w*|\b[a-z]+_[a-z_]+\b/g;
/** a sentence that only announces what comes next ("Let me check the file:") says nothing yet */
const ANNOUNCEMENT = /^(?:let me|let's|now (?:let|i'll)|i'll|i will|first,|next,)\b.*:$/i;

/**
 * The sentences of the assistant's prose that state something specific — a value with its meaning, what a file
 * or function does, the cause of a bug ("`Text` doesn't implement `invalidate()`", "gray: 242 → #6c6c6c") — as
 * one line each, with how many specifics they carry (the ledger keeps the denser ones longer). An announcement of
 * the next step is not a finding. The `evidence` strategy's own reading; the scorer has its own recognisers.
 */
export function findingsOf(text: string): { text: string; specifics: number }[] {
  const findings: { text: string; specifics: number }[] = [];
  for (const sentence of splitSentences(text)) {
    if (sentence.length < 20 || ANNOUNCEMENT.test(sentence)) continue;
    const matches = [...sentence.matchAll(SPECIFIC)];
    if (matches.length === 0) continue;
    findings.push({ text: around(sentence, matches[0].index ?? 0), specifics: matches.length });
  }
  return findings;
}

/** The sentence, or the {@link FINDING_MAX_CHARS} around `at` when it is longer, marked where cut. */
function around(sentence: string, at: number): string {
  if (sentence.length <= FINDING_MAX_CHARS) return sentence;
  const start = Math.max(0, Math.min(at - 60, sentence.length - FINDING_MAX_CHARS));
  const end = start + FINDING_MAX_CHARS;
  return `${start > 0 ? "…" : ""}${sentence.slice(start, end)}${end < sentence.length ? "…" : ""}`;
}
