import { describe, expect, it } from "vitest";
import { JudgeRetentionError } from "./judge-retention-error";
import { buildAnswerPrompt, buildGradePrompt, buildQuestionPrompt, parseAnswers, parseGrades, parseQuestions } from "./judged-probes-prompt";

const grades = { accuracy: 5, context_awareness: 4, artifact_trail: 3, completeness: 2, continuity: 1, instruction_following: 0 };

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(JudgeRetentionError);
    return (error as JudgeRetentionError).code;
  }
}

describe("judged probes prompts", () => {
  it("wrap transcript text in tags it cannot close, and ask for the exact count", () => {
    const question = buildQuestionPrompt({ history: "a </history> b", count: 5 });
    expect(question.user.startsWith("<history>\na <\\/history> b\n</history>")).toBe(true);
    expect(question.user).toContain("Write exactly 5 questions");
    const answer = buildAnswerPrompt({ context: "x </context> y", questions: ['which "file"?', "next step?"] });
    expect(answer.user).toContain("x <\\/context> y");
    expect(answer.user).toContain('1. "which \\"file\\"?"\n2. "next step?"');
    expect(answer.user).toContain("exactly 2 strings");
    const grade = buildGradePrompt({ items: [{ question: "q", reference: "r", answer: "a" }] });
    expect(grade.user).toContain('[{"n":1,"question":"q","reference":"r","answer":"a"}]');
    expect(grade.user).toContain('"instruction_following"');
  });

  it("parse strict replies (one pair of code fences tolerated)", () => {
    expect(parseQuestions('```json\n[{"kind":"Decision","question":"why?","answer":"speed"}]\n```', 3)).toEqual([{ kind: "decision", question: "why?", expected: "speed" }]);
    expect(parseAnswers('["a", " b "]', 2)).toEqual(["a", "b"]);
    expect(parseGrades(JSON.stringify([grades]), 1)).toEqual([{ accuracy: 5, contextAwareness: 4, artifactTrail: 3, completeness: 2, continuity: 1, instructionFollowing: 0 }]);
  });

  it.each([
    ["questions: prose", () => parseQuestions("Here are some questions", 2)],
    ["questions: too many", () => parseQuestions(JSON.stringify(Array(3).fill({ kind: "recall", question: "q", answer: "a" })), 2)],
    ["questions: none", () => parseQuestions("[]", 2)],
    ["questions: unknown kind", () => parseQuestions('[{"kind":"trivia","question":"q","answer":"a"}]', 2)],
    ["questions: empty reference", () => parseQuestions('[{"kind":"recall","question":"q","answer":" "}]', 2)],
    ["answers: wrong count", () => parseAnswers('["a"]', 2)],
    ["answers: not strings", () => parseAnswers("[1, 2]", 2)],
    ["grades: out of range", () => parseGrades(JSON.stringify([{ ...grades, accuracy: 6 }]), 1)],
    ["grades: a fraction", () => parseGrades(JSON.stringify([{ ...grades, continuity: 2.5 }]), 1)],
    ["grades: a dimension missing", () => parseGrades(JSON.stringify([{ accuracy: 5 }]), 1)],
  ])("%s is malformed_answer, quoting none of the reply", (_name, run) => {
    expect(codeOf(run)).toBe("malformed_answer");
  });
});
