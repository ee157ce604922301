import { describe, expect, it } from "vitest";
import { replaySession } from "../engine/simulate/replay-session";
import { findStrategy } from "../engine/strategies";
import { buildSession, type TurnSpec } from "../engine/testing/build-session";
import { useFakeModelServers } from "../testing/use-fake-model-servers";
import type { FakeAnthropicServerOptions } from "../testing/fake-llm/fake-anthropic-server";
import { JudgeRetentionError } from "./judge-retention-error";
import { judgedProbePoints, type JudgedProbePoint } from "./judged-probe-points";
import { judgeProbes, type JudgeProbesOptions } from "./judged-probes";
import { FAKE_GRADES_HELD, FAKE_GRADES_LOST, FAKE_UNKNOWN_ANSWER } from "../testing/fake-llm/judged-probes-fake-answer";
import { estimateJudgedProbes } from "./judged-probes-plan";
import { ANSWER_SYSTEM_PROMPT, GRADE_SYSTEM_PROMPT, QUESTION_SYSTEM_PROMPT } from "./judged-probes-prompt";

const KEY = "sk-lab-judged-probes-key-5a6b7c8d9e";
const MODELS = { question: "lab-writer", answer: "lab-answerer", judge: "lab-judge" };

const fakes = useFakeModelServers();

/** A long session trimmed to its last 6 messages: later points lose the early files. */
async function replayed() {
  const turns: TurnSpec[] = [{ user: "Keep every change inside src/. Start with src/app/main_entry.ts please." }];
  for (let index = 0; index < 12; index++) {
    turns.push({
      assistant: `Step ${index}: switching to parserVersion${index}.`,
      tools: [{ name: "bash", input: { command: `cat src/module_${index}/index.ts` }, output: `Error: missing export_${index}_value`, isError: true }],
    });
  }
  const session = buildSession(turns);
  return { session, result: await replaySession({ session, strategy: findStrategy("trim-messages")!, settings: { maxConversationMessages: 6 }, window: 1_000_000 }) };
}

const point = (over: Partial<JudgedProbePoint> = {}): JudgedProbePoint => ({
  step: 4,
  event: "compaction",
  history: "USER: edit src/lib/date_utils.ts and keep retryLimit at 42\nASSISTANT: ran npm test -- dates, saw ERR_TIMEOUT_17, bumped to v1.2.3",
  context: "SUMMARY: we edited src/lib/date_utils.ts",
  ...over,
});

async function anthropicJudge(options: Partial<JudgeProbesOptions> = {}, server: FakeAnthropicServerOptions = {}) {
  const anthropic = await fakes.startAnthropic(server);
  return judgeProbes({ points: [point()], questions: 4, models: MODELS, apiKey: KEY, baseURL: anthropic.url, maxRetries: 0, timeoutMs: 5_000, ...options });
}

async function failureOf(promise: Promise<unknown>): Promise<JudgeRetentionError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(JudgeRetentionError);
  return error as JudgeRetentionError;
}

describe("judgeProbes against the fake Anthropic server (real SDK, real HTTP)", () => {
  it("writes, answers and grades: three calls per point, each role on its own model, grades that follow what the context kept", async () => {
    const result = await anthropicJudge();
    expect(fakes.anthropic.requests.map((request) => (request.body as { system: string }).system)).toEqual([QUESTION_SYSTEM_PROMPT, ANSWER_SYSTEM_PROMPT, GRADE_SYSTEM_PROMPT]);
    expect(fakes.anthropic.requests.map((request) => (request.body as { model: string }).model)).toEqual([MODELS.question, MODELS.answer, MODELS.judge]);
    expect(result.calls).toBe(3);
    const [judged] = result.points;
    expect(judged.questions).toHaveLength(4);
    // the history's code-like words: the file is in the context, the other three are not
    const held = judged.questions.filter((entry) => entry.answer !== FAKE_UNKNOWN_ANSWER);
    expect(held.map((entry) => entry.expected)).toEqual(["src/lib/date_utils.ts"]);
    expect(held[0]).toMatchObject({ kind: "artifact", grades: FAKE_GRADES_HELD });
    for (const entry of judged.questions.filter((item) => item.answer === FAKE_UNKNOWN_ANSWER)) expect(entry.grades).toEqual(FAKE_GRADES_LOST);
    expect(judged.byDimension.accuracy).toBe(5 / 4);
    const mean = (grades: Record<string, number>) => Object.values(grades).reduce((total, value) => total + value, 0) / 6;
    expect(judged.overall).toBeCloseTo((mean(FAKE_GRADES_HELD) + 3 * mean(FAKE_GRADES_LOST)) / 4, 10);
    expect(result.overall).toBe(judged.overall);
    expect(result.byKind.artifact).toEqual({ questions: 1, mean: mean(FAKE_GRADES_HELD) });
    // the history went to the writer only, the context to the answerer only
    const users = fakes.anthropic.requests.map((request) => (request.body as { messages: { content: string }[] }).messages[0].content);
    expect(users[0]).toContain("retryLimit at 42");
    expect(users[1]).not.toContain("retryLimit at 42");
    expect(users[1]).toContain("SUMMARY: we edited");
    expect(users[2]).not.toContain("SUMMARY: we edited");
  });

  it("grades lower where a trim dropped the early files (a real replay)", async () => {
    const { session, result } = await replayed();
    const { points, compactionsInRun } = judgedProbePoints({ session, result, max: 2 });
    expect(compactionsInRun).toBeGreaterThan(2);
    expect(points).toHaveLength(2);
    expect(points[1].history.length).toBeGreaterThan(points[0].history.length);
    const judged = await anthropicJudge({ points, questions: 6 });
    expect(fakes.anthropic.requests).toHaveLength(6);
    expect(judged.points.map((entry) => entry.step)).toEqual(points.map((entry) => entry.step));
    expect(judged.points[1].overall!).toBeLessThan(judged.points[0].overall!);
  });

  it.each([
    ["server-error", "server_error"],
    ["garbled", "malformed_answer"],
    ["malformed", "malformed_response"],
  ] as const)("a judge answering %s fails with %s after one call, returning nothing partial", async (behaviour, code) => {
    const error = await failureOf(anthropicJudge({ points: [point(), point({ step: 9 })] }, { behaviour }));
    expect(error.code).toBe(code);
    expect(fakes.anthropic.requests).toHaveLength(1);
    expect(error.message).not.toContain(KEY);
    expect(error.message).not.toContain("retryLimit");
  });

  it("a judge that times out: a clear timeout after 1 + maxRetries requests, no more", async () => {
    const error = await failureOf(anthropicJudge({ timeoutMs: 300, maxRetries: 1 }, { behaviour: "slow", slowMs: 5_000 }));
    expect(error.code).toBe("timeout");
    expect(fakes.anthropic.requests).toHaveLength(2);
  });

  it("only the grader misbehaving: the first two calls are made, then the error (header per request is not possible, so the model name selects it)", async () => {
    const error = await failureOf(anthropicJudge({ models: { ...MODELS, judge: "fake-garbled" } }));
    expect(error.code).toBe("malformed_answer");
    expect(error.message).toContain("grades");
    expect(fakes.anthropic.requests).toHaveLength(3);
  });

  it("refuses unbounded asks before any request", async () => {
    expect((await failureOf(anthropicJudge({ questions: 50 }))).code).toBe("bad_request");
    expect((await failureOf(anthropicJudge({ points: Array.from({ length: 11 }, (_, step) => point({ step })) }))).code).toBe("bad_request");
    expect(fakes.anthropic.requests).toHaveLength(0);
  });
});

describe("judgeProbes with an OpenAI-compatible endpoint (fake server, real SDK)", () => {
  it("answers the three roles deterministically: the same grades twice", async () => {
    const openai = await fakes.startOpenAI();
    const run = () => judgeProbes({ provider: "openai", points: [point()], questions: 4, models: { question: "fake-gpt-mini", answer: "fake-gpt-mini", judge: "fake-qwen-local" }, apiKey: KEY, baseURL: openai.url, trustedBaseUrl: true, maxRetries: 0, timeoutMs: 5_000 });
    const first = await run();
    const second = await run();
    expect(second.points).toEqual(first.points);
    expect(first.provider).toBe("openai");
    expect(first.points[0].questions.filter((entry) => entry.grades.accuracy === 5)).toHaveLength(1);
    expect(openai.requests.map((request) => request.path)).toEqual(Array(6).fill("/v1/chat/completions"));
  });

  it("a failing OpenAI-compatible judge: server_error with the retries bounded", async () => {
    const openai = await fakes.startOpenAI({ behaviour: "server-error", retryAfterMs: 10 });
    const error = await failureOf(judgeProbes({ provider: "openai", points: [point()], questions: 2, models: { question: "m", answer: "m", judge: "m" }, apiKey: KEY, baseURL: openai.url, trustedBaseUrl: true, maxRetries: 2, timeoutMs: 5_000 }));
    expect(error.code).toBe("server_error");
    expect(openai.requests).toHaveLength(3);
  });
});

describe("estimateJudgedProbes", () => {
  it("counts three calls per point and prices each role on its own model", () => {
    const points = [point({ history: "x".repeat(40_000), context: "y".repeat(8_000) }), point()];
    const plan = estimateJudgedProbes({ points, questions: 6, models: { question: "claude-haiku-4-5", answer: "claude-haiku-4-5", judge: "claude-sonnet-4-5" }, maxRetries: 2 });
    expect(plan.calls).toBe(6);
    expect(plan.maxRequests).toBe(18);
    expect(plan.roles.map((role) => role.calls)).toEqual([2, 2, 2]);
    expect(plan.roles[0].inputTokens).toBeGreaterThan(10_000);
    const haiku = plan.roles[0];
    expect(haiku.dollars).toBeCloseTo((haiku.inputTokens * 1 + haiku.outputTokens * 5) / 1e6, 12);
    expect(plan.dollars).toBeCloseTo(plan.roles.reduce((total, role) => total + role.dollars!, 0), 12);
    expect(estimateJudgedProbes({ points, questions: 6, models: { ...MODELS }, maxRetries: 0 }).dollars).toBeNull();
  });
});
