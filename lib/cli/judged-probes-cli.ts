import { JUDGED_LIMITS } from "../api/contracts/judged-limits";
import type { Session } from "../engine/model";
import type { ReplayResult } from "../engine/simulate/replay-result";
import { EXIT_BAD_INPUT, EXIT_FAILURE, integerFlag, UsageError, type CliIo } from "./command";

/** The flags of judged probes on `lab simulate`. */
export const JUDGED_PROBES_FLAGS = {
  "judged-probes": { type: "boolean" },
  "judge-provider": { type: "string" },
  "judge-model": { type: "string" },
  "question-model": { type: "string" },
  "answer-model": { type: "string" },
  "judge-base-url": { type: "string" },
  questions: { type: "string" },
  "judged-compactions": { type: "string" },
  yes: { type: "boolean" },
} as const;
export const JUDGED_PROBES_USAGE =
  "[--judged-probes [--judge-provider anthropic|openai] [--judge-model <id>] [--question-model <id>] [--answer-model <id>] [--judge-base-url <url>] [--questions N] [--judged-compactions N] [--yes]]";

type JudgedFlags = { [name in keyof typeof JUDGED_PROBES_FLAGS]?: (typeof JUDGED_PROBES_FLAGS)[name]["type"] extends "boolean" ? boolean : string };

/**
 * `lab simulate … --judged-probes`: after the replay, the plan (compactions, calls, estimated dollars) goes to stderr;
 * without `--yes` nothing is sent and the command exits 2 asking for it; with it, the three roles run (key from
 * ANTHROPIC_API_KEY, or for `openai` the endpoint's, `--judge-base-url` trusted: the machine's own user runs the CLI)
 * and the grades are returned for the JSON (`judgedProbes`). A failing model call exits 1 naming why.
 * Returns `{ exitCode }` to stop, `{ judged }` to go on, or null when the flag is absent.
 */
export async function judgedProbesForCli(options: { values: JudgedFlags; session: Session; result: ReplayResult; usage: string; io: CliIo }): Promise<{ exitCode: number } | { judged: Record<string, unknown> } | null> {
  const { values, io } = options;
  if (!values["judged-probes"]) return null;
  const provider = values["judge-provider"] ?? "anthropic";
  if (provider !== "anthropic" && provider !== "openai") throw new UsageError(`--judge-provider takes anthropic or openai, got "${provider}"`, options.usage);
  const questions = integerFlag({ value: values.questions, flag: "questions", usage: options.usage, min: JUDGED_LIMITS.questions.min }) ?? JUDGED_LIMITS.questions.default;
  const compactions = integerFlag({ value: values["judged-compactions"], flag: "judged-compactions", usage: options.usage, min: JUDGED_LIMITS.compactions.min }) ?? JUDGED_LIMITS.compactions.default;
  if (questions > JUDGED_LIMITS.questions.max) throw new UsageError(`--questions takes at most ${JUDGED_LIMITS.questions.max}`, options.usage);
  if (compactions > JUDGED_LIMITS.compactions.max) throw new UsageError(`--judged-compactions takes at most ${JUDGED_LIMITS.compactions.max}`, options.usage);

  const { DEFAULT_SUMMARY_MODEL } = await import("../llm/anthropic-summarizer");
  const judge = values["judge-model"] ?? (provider === "anthropic" ? DEFAULT_SUMMARY_MODEL : undefined);
  if (!judge) throw new UsageError("--judge-provider openai needs --judge-model (the endpoint's model id)", options.usage);
  const models = { question: values["question-model"] ?? judge, answer: values["answer-model"] ?? judge, judge };
  const { judgedProbePoints } = await import("../llm/judged-probe-points");
  const { estimateJudgedProbes } = await import("../llm/judged-probes-plan");
  const { points, compactionsInRun } = judgedProbePoints({ session: options.session, result: options.result, max: compactions });
  if (points.length === 0) {
    io.stderr("judged probes: the replay never compacted or trimmed its context, so there is nothing lost to ask about\n");
    return { exitCode: EXIT_BAD_INPUT };
  }
  const retries = JUDGED_LIMITS.retries.default;
  const plan = estimateJudgedProbes({ points, questions, models, maxRetries: retries });
  io.stderr(
    `judged probes: ${points.length} of ${compactionsInRun} compactions × 3 calls = ${plan.calls} model calls (at most ${plan.maxRequests} requests), ${questions} questions each; ` +
      `estimated ${plan.dollars === null ? "cost unknown (a model the price table does not know)" : `$${plan.dollars.toFixed(4)}`} at base rates (prices of ${plan.pricesDate})\n`,
  );
  if (!values.yes) {
    io.stderr("judged probes: nothing sent; add --yes to spend it\n");
    return { exitCode: EXIT_BAD_INPUT };
  }
  const { judgeProbes } = await import("../llm/judged-probes");
  const { JudgeRetentionError } = await import("../llm/judge-retention-error");
  try {
    const judged = await judgeProbes({ provider, baseURL: values["judge-base-url"], trustedBaseUrl: true, maxRetries: retries, points, questions, models });
    return { judged: { ...judged, estimatedDollars: plan.dollars } };
  } catch (error) {
    if (!(error instanceof JudgeRetentionError)) throw error;
    io.stderr(`${error.message}\n`);
    return { exitCode: EXIT_FAILURE };
  }
}
