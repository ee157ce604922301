/**
 * The vocabulary of judged probes (issue #25, item 4), kept free of any client or SDK so the API contracts and the
 * pages can share it: the four kinds of question (after Factory's probe evaluation) and the rubric's six
 * dimensions, each graded 0–5.
 */
export const JUDGED_QUESTION_KINDS = ["recall", "artifact", "continuation", "decision"] as const;
export type JudgedQuestionKind = (typeof JUDGED_QUESTION_KINDS)[number];

export const JUDGED_DIMENSIONS = ["accuracy", "contextAwareness", "artifactTrail", "completeness", "continuity", "instructionFollowing"] as const;
export type JudgedDimension = (typeof JUDGED_DIMENSIONS)[number];
export type JudgedGrades = Record<JudgedDimension, number>;

/** How the grader's JSON names each dimension (snake_case, as models write keys most reliably). */
export const JUDGED_DIMENSION_KEYS: Readonly<Record<JudgedDimension, string>> = {
  accuracy: "accuracy",
  contextAwareness: "context_awareness",
  artifactTrail: "artifact_trail",
  completeness: "completeness",
  continuity: "continuity",
  instructionFollowing: "instruction_following",
};
