import type { JudgedProbePoint } from "./judged-probe-points";
import { ANSWER_SYSTEM_PROMPT, GRADE_SYSTEM_PROMPT, MIN_OUTPUT_TOKENS, OUTPUT_TOKENS_PER_QUESTION, QUESTION_SYSTEM_PROMPT } from "./judged-probes-prompt";
import { estimateCost, PRICE_CATALOG } from "./model-prices";

/** Characters per token for the estimate: close for English prose and code; the figure is labelled an estimate. */
const CHARS_PER_TOKEN = 4;
/** Tokens per question and reference answer as the grader and the answerer receive them (the writer's output). */
const QUESTION_TOKENS = OUTPUT_TOKENS_PER_QUESTION.question;

export interface JudgedRoleCost {
  role: "question" | "answer" | "grade";
  model: string;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  dollars: number | null;
}

export interface JudgedProbesEstimate {
  calls: number;
  maxRequests: number;
  roles: JudgedRoleCost[];
  dollars: number | null;
  pricesDate: string;
}

/**
 * What judged probes will cost before anything is sent: three calls per point (write, answer, grade), tokens
 * estimated from the texts each role reads (about 4 characters a token) with every output at its cap — an upper
 * estimate — and dollars at each model's base rates (`estimateCost`; null for a model the price table does not
 * know, and then for the total). `maxRequests` counts every retry the SDK may make.
 */
export function estimateJudgedProbes(options: {
  points: readonly Pick<JudgedProbePoint, "history" | "context">[];
  questions: number;
  models: { question: string; answer: string; judge: string };
  maxRetries: number;
}): JudgedProbesEstimate {
  const tokens = (chars: number) => Math.ceil(chars / CHARS_PER_TOKEN);
  const output = (perQuestion: number) => Math.max(MIN_OUTPUT_TOKENS, perQuestion * options.questions);
  const sum = (pick: (point: Pick<JudgedProbePoint, "history" | "context">) => number) => options.points.reduce((total, point) => total + pick(point), 0);
  const calls = options.points.length;
  const questionOut = output(OUTPUT_TOKENS_PER_QUESTION.question);
  const answerOut = output(OUTPUT_TOKENS_PER_QUESTION.answer);
  const gradeOut = output(OUTPUT_TOKENS_PER_QUESTION.grade);
  const entries: Omit<JudgedRoleCost, "dollars">[] = [
    { role: "question", model: options.models.question, calls, inputTokens: sum((point) => tokens(QUESTION_SYSTEM_PROMPT.length + point.history.length) + 100), outputTokens: calls * questionOut },
    {
      role: "answer",
      model: options.models.answer,
      calls,
      inputTokens: sum((point) => tokens(ANSWER_SYSTEM_PROMPT.length + point.context.length) + 100 + QUESTION_TOKENS * options.questions),
      outputTokens: calls * answerOut,
    },
    { role: "grade", model: options.models.judge, calls, inputTokens: calls * (tokens(GRADE_SYSTEM_PROMPT.length) + 100 + options.questions * (QUESTION_TOKENS + OUTPUT_TOKENS_PER_QUESTION.answer)), outputTokens: calls * gradeOut },
  ];
  const roles = entries.map((entry) => ({ ...entry, dollars: estimateCost({ model: entry.model, inputTokens: entry.inputTokens, outputTokens: entry.outputTokens }) }));
  const dollars = roles.every((role) => role.dollars !== null) ? roles.reduce((total, role) => total + (role.dollars ?? 0), 0) : null;
  return { calls: calls * 3, maxRequests: calls * 3 * (1 + options.maxRetries), roles, dollars, pricesDate: PRICE_CATALOG.published };
}
