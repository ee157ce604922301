import { JUDGED_DIMENSION_KEYS, JUDGED_DIMENSIONS } from "../../engine/evaluate/judged-probes-rubric";
import { ANSWER_SYSTEM_PROMPT, GRADE_SYSTEM_PROMPT, QUESTION_SYSTEM_PROMPT } from "../../llm/judged-probes-prompt";

/** Code-like words the fake asks about: paths, file names, identifiers with `_`, `.`, `/`, digits or inner capitals. */
const FACT = /[A-Za-z0-9_][A-Za-z0-9_./-]*(?:[./_][A-Za-z0-9_]|[a-z][A-Z]|[0-9]{2})[A-Za-z0-9_./-]*/g;
const FILE_LIKE = /\/|\.[a-z]{1,5}$/;
const OTHER_KINDS = ["recall", "continuation", "decision"] as const;
/** What the fake grader gives an answer that holds its reference, and one that does not. */
export const FAKE_GRADES_HELD = { accuracy: 5, contextAwareness: 4, artifactTrail: 5, completeness: 4, continuity: 4, instructionFollowing: 5 } as const;
export const FAKE_GRADES_LOST = { accuracy: 0, contextAwareness: 1, artifactTrail: 0, completeness: 0, continuity: 1, instructionFollowing: 4 } as const;
export const FAKE_UNKNOWN_ANSWER = "The context does not say.";

/**
 * The fake servers' answer to the three judged-probes roles (`judged-probes-prompt.ts`), or null when the request is
 * none of them. Deterministic and honest enough that a compaction's figures depend on what it kept:
 * - writer: up to N distinct code-like words of the history (paths, names, numbers), spread evenly over it, each
 *   asked as `What does the session record about "<word>"?` with the word as reference (`artifact` for a path or file
 *   name, the other kinds in turn);
 * - answerer: for each question, `The context records "<word>".` when the context holds the word (case-insensitive),
 *   else {@link FAKE_UNKNOWN_ANSWER};
 * - grader: {@link FAKE_GRADES_HELD} when the answer holds the reference, else {@link FAKE_GRADES_LOST}.
 */
export function buildFakeJudgedProbesAnswer(body: { system?: unknown; messages?: unknown }): string | null {
  const user = userText(body.messages);
  if (user === null) return null;
  if (body.system === QUESTION_SYSTEM_PROMPT) return writeQuestions(user);
  if (body.system === ANSWER_SYSTEM_PROMPT) return answerQuestions(user);
  if (body.system === GRADE_SYSTEM_PROMPT) return gradeAnswers(user);
  return null;
}

function writeQuestions(user: string): string | null {
  const history = between(user, "<history>\n", "\n</history>\n");
  const count = Number(/Write exactly (\d+) question/.exec(user)?.[1] ?? 0);
  if (history === null || !count) return null;
  const seen = new Set<string>();
  const facts: string[] = [];
  for (const match of history.matchAll(FACT)) {
    const fact = match[0].replace(/[./-]+$/, "");
    if (fact.length < 5 || seen.has(fact.toLowerCase())) continue;
    seen.add(fact.toLowerCase());
    facts.push(fact);
  }
  if (facts.length === 0) facts.push(...(history.match(/[A-Za-z]{5,}/g) ?? ["session"]).slice(0, 1));
  const chosen = facts.length <= count ? facts : Array.from({ length: count }, (_, index) => facts[Math.floor(((2 * index + 1) * facts.length) / (2 * count))]);
  let other = 0;
  return JSON.stringify(
    chosen.map((fact) => ({
      kind: FILE_LIKE.test(fact) ? "artifact" : OTHER_KINDS[other++ % OTHER_KINDS.length],
      question: `What does the session record about "${fact}"?`,
      answer: fact,
    })),
  );
}

function answerQuestions(user: string): string | null {
  const context = between(user, "<context>\n", "\n</context>\n");
  if (context === null) return null;
  const lower = context.toLowerCase();
  const answers = user
    .slice(user.lastIndexOf("\n</context>\n"))
    .split("\n")
    .flatMap((line) => {
      const match = /^\d+\. (".*")$/.exec(line);
      if (!match) return [];
      const question = JSON.parse(match[1]) as string;
      const fact = /"([^"]+)"/.exec(question)?.[1];
      return [fact && lower.includes(fact.toLowerCase()) ? `The context records "${fact}".` : FAKE_UNKNOWN_ANSWER];
    });
  return JSON.stringify(answers);
}

function gradeAnswers(user: string): string | null {
  const items = between(user, "<items>\n", "\n</items>");
  if (items === null) return null;
  const list = JSON.parse(items) as { reference: string; answer: string }[];
  return JSON.stringify(
    list.map((item) => {
      const grades = item.answer.toLowerCase().includes(item.reference.toLowerCase()) ? FAKE_GRADES_HELD : FAKE_GRADES_LOST;
      return Object.fromEntries(JUDGED_DIMENSIONS.map((dimension) => [JUDGED_DIMENSION_KEYS[dimension], grades[dimension]]));
    }),
  );
}

function userText(messages: unknown): string | null {
  if (!Array.isArray(messages)) return null;
  const user = messages.find((message): message is { content: unknown } => typeof message === "object" && message !== null && (message as { role?: unknown }).role === "user");
  return typeof user?.content === "string" ? user.content : null;
}

function between(text: string, open: string, close: string): string | null {
  if (!text.startsWith(open)) return null;
  const end = text.lastIndexOf(close);
  return end < 0 ? null : text.slice(open.length, end);
}
