import { normalizeProbeText } from "../../engine/evaluate/normalize-probe-text";
import { JUDGE_REGEX_TAG, JUDGE_SYSTEM_PROMPT } from "../../llm/judge-retention-prompt";
import { buildFakeJudgedProbesAnswer } from "./judged-probes-fake-answer";

/** A question line of the judge prompt: `N. (kind) question: "<JSON string>"`. */
const QUESTION_LINE = /^(\d+)\. \(([^)]*)\) [^\n]*?: ("(?:[^"\\\n]|\\.)*")$/;
const CONTEXT_OPEN = "<context>\n";
const CONTEXT_CLOSE = "\n</context>\n";

/**
 * The fake server's answer to a retention-judge request (see `buildJudgePrompt`), or null when the body is not
 * one. It answers honestly and deterministically: "yes" exactly when the question's quoted text, normalised as
 * probes are (`normalizeProbeText`), occurs in the normalised context — the deterministic retention check, so an
 * end-to-end test can compare the judged figure with `scoreRetention`. A regex question (a user's regex probe)
 * is "yes" when the pattern, case-insensitive, matches the normalised context ("no" when it does not compile).
 * The reply is the JSON array the prompt asks for, one entry per question line, in order. The three roles of
 * judged probes (write questions, answer, grade) are answered by `buildFakeJudgedProbesAnswer`.
 */
export function buildFakeJudgeAnswer(body: { system?: unknown; messages?: unknown }): string | null {
  const judgedProbes = buildFakeJudgedProbesAnswer(body);
  if (judgedProbes !== null) return judgedProbes;
  if (body.system !== JUDGE_SYSTEM_PROMPT || !Array.isArray(body.messages)) return null;
  const user = body.messages.find((message): message is { content: unknown } => typeof message === "object" && message !== null && (message as { role?: unknown }).role === "user");
  const text = typeof user?.content === "string" ? user.content : null;
  if (text === null || !text.startsWith(CONTEXT_OPEN)) return null;
  const close = text.lastIndexOf(CONTEXT_CLOSE);
  if (close < 0) return null;
  const context = normalizeProbeText(text.slice(CONTEXT_OPEN.length, close));
  const answers = text
    .slice(close + CONTEXT_CLOSE.length)
    .split("\n")
    .flatMap((line) => {
      const match = QUESTION_LINE.exec(line);
      if (!match) return [];
      const quoted = JSON.parse(match[3]) as string;
      if (match[2] === JUDGE_REGEX_TAG) return [matchesPattern(quoted, context) ? "yes" : "no"];
      const probe = normalizeProbeText(quoted);
      return [probe.length > 0 && context.includes(probe) ? "yes" : "no"];
    });
  return JSON.stringify(answers);
}

function matchesPattern(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, "i").test(text);
  } catch {
    return false;
  }
}
