import { createJudgeAsk, type JudgeClientOptions } from "./judge-retention";
import { JudgeRetentionError } from "./judge-retention-error";
import type { JudgedProbePoint } from "./judged-probe-points";
import {
  buildAnswerPrompt,
  buildGradePrompt,
  buildQuestionPrompt,
  MIN_OUTPUT_TOKENS,
  OUTPUT_TOKENS_PER_QUESTION,
  parseAnswers,
  parseGrades,
  parseQuestions,
} from "./judged-probes-prompt";
import { JUDGED_DIMENSIONS, JUDGED_QUESTION_KINDS, type JudgedDimension, type JudgedGrades, type JudgedQuestionKind } from "../engine/evaluate/judged-probes-rubric";

/** Hard caps, whatever a caller asks: questions per point and points per judgement. */
export const MAX_JUDGED_QUESTIONS = 12;
export const MAX_JUDGED_POINTS = 10;

export interface JudgeProbesOptions extends JudgeClientOptions {
  points: readonly JudgedProbePoint[];
  /** questions asked per point (1–{@link MAX_JUDGED_QUESTIONS}) */
  questions: number;
  models: { question: string; answer: string; judge: string };
  signal?: AbortSignal;
  /** after each call: the calls done and the calls planned */
  onProgress?: (progress: { calls: number; total: number; step: number; role: "question" | "answer" | "grade" }) => void;
}

export interface JudgedProbesQuestion {
  kind: JudgedQuestionKind;
  question: string;
  expected: string;
  answer: string;
  grades: JudgedGrades;
}

export type DimensionMeans = Record<JudgedDimension, number | null>;

export interface JudgedProbesPointResult {
  step: number;
  event: "compaction" | "trim";
  questions: JudgedProbesQuestion[];
  byDimension: DimensionMeans;
  overall: number | null;
}

export interface JudgeProbesResult {
  provider: "anthropic" | "openai";
  models: { question: string; answer: string; judge: string };
  points: JudgedProbesPointResult[];
  byDimension: DimensionMeans;
  byKind: Record<string, { questions: number; mean: number | null }>;
  overall: number | null;
  calls: number;
}

/**
 * Judged probes (issue #25, item 4; after Factory's probe evaluation): at each point, a model writes up to
 * `questions` questions of four kinds (recall, artifact, continuation, decision) with reference answers from the
 * history before the compaction; a model answers them from the compacted context alone; a judge grades each answer
 * 0–5 on six dimensions against its reference. Three calls per point, one after another, on the retention judge's
 * client (`createJudgeAsk`: key, time limit, the SDK's bounded retries, error mapping) — so at most
 * 3 × points × (1 + retries) requests.
 *
 * The first failure ends the judgement: it rejects with that call's {@link JudgeRetentionError} (`malformed_answer`
 * for a reply that is not the JSON asked for), and nothing partial is returned, so a caller that stores only a
 * finished result loses nothing it had. Scores: a question's mean of its six grades; a point's and the run's
 * means per dimension and overall (0–5; null when nothing was graded).
 */
export async function judgeProbes(options: JudgeProbesOptions): Promise<JudgeProbesResult> {
  const questions = Math.floor(options.questions);
  if (!(questions >= 1 && questions <= MAX_JUDGED_QUESTIONS)) throw new JudgeRetentionError({ code: "bad_request", message: `questions per compaction must be 1–${MAX_JUDGED_QUESTIONS} (got ${options.questions})` });
  if (options.points.length > MAX_JUDGED_POINTS) throw new JudgeRetentionError({ code: "bad_request", message: `at most ${MAX_JUDGED_POINTS} compactions per judgement (got ${options.points.length})` });
  const ask = createJudgeAsk(options);
  const total = options.points.length * 3;
  let calls = 0;
  const call = async (role: "question" | "answer" | "grade", step: number, model: string, prompt: { system: string; user: string }, perQuestion: number) => {
    const text = await ask({ model, system: prompt.system, user: prompt.user, maxTokens: Math.max(MIN_OUTPUT_TOKENS, perQuestion * questions), signal: options.signal });
    calls++;
    options.onProgress?.({ calls, total, step, role });
    return text;
  };

  const points: JudgedProbesPointResult[] = [];
  for (const point of options.points) {
    const written = parseQuestions(await call("question", point.step, options.models.question, buildQuestionPrompt({ history: point.history, count: questions }), OUTPUT_TOKENS_PER_QUESTION.question), questions);
    const answers = parseAnswers(
      await call("answer", point.step, options.models.answer, buildAnswerPrompt({ context: point.context, questions: written.map((entry) => entry.question) }), OUTPUT_TOKENS_PER_QUESTION.answer),
      written.length,
    );
    const items = written.map((entry, index) => ({ question: entry.question, reference: entry.expected, answer: answers[index] }));
    const grades = parseGrades(await call("grade", point.step, options.models.judge, buildGradePrompt({ items }), OUTPUT_TOKENS_PER_QUESTION.grade), written.length);
    const graded = written.map((entry, index) => ({ ...entry, answer: answers[index], grades: grades[index] }));
    const byDimension = meansOf(graded.map((entry) => entry.grades));
    points.push({ step: point.step, event: point.event, questions: graded, byDimension, overall: overallOf(graded) });
  }

  const all = points.flatMap((point) => point.questions);
  const byKind = Object.fromEntries(
    JUDGED_QUESTION_KINDS.map((kind) => {
      const ofKind = all.filter((entry) => entry.kind === kind);
      return [kind, { questions: ofKind.length, mean: overallOf(ofKind) }];
    }),
  );
  return {
    provider: options.provider ?? "anthropic",
    models: { ...options.models },
    points,
    byDimension: meansOf(all.map((entry) => entry.grades)),
    byKind,
    overall: overallOf(all),
    calls,
  };
}

function meansOf(grades: readonly JudgedGrades[]): DimensionMeans {
  return Object.fromEntries(JUDGED_DIMENSIONS.map((dimension) => [dimension, grades.length ? grades.reduce((total, entry) => total + entry[dimension], 0) / grades.length : null])) as DimensionMeans;
}

/** The mean over questions of each question's mean grade (so a dimension is never counted twice). */
function overallOf(questions: readonly { grades: JudgedGrades }[]): number | null {
  if (questions.length === 0) return null;
  const perQuestion = questions.map((entry) => JUDGED_DIMENSIONS.reduce((total, dimension) => total + entry.grades[dimension], 0) / JUDGED_DIMENSIONS.length);
  return perQuestion.reduce((total, value) => total + value, 0) / perQuestion.length;
}
