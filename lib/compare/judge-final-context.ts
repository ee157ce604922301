import type { CompareRow } from "../api/contracts/compare-schemas";
import type { Probe } from "../engine/evaluate/probe";
import type { Session } from "../engine/model";
import { finalContext } from "../engine/simulate/context-at";
import type { ReplayResult } from "../engine/simulate/replay-result";
import type { JudgeChoice } from "./resolve-judge";

/**
 * Judge mode: asks a model (judgeRetention, through the anthropic client) which probes survive in the context a
 * replay ends with — the one every probe counts at. The judge is loaded only here, so a comparison that does not
 * judge never loads it. Rejects with the judge's JudgeRetentionError (scrubbed of key and content) or the abort.
 */
export async function judgeFinalContext(options: {
  session: Session;
  result: ReplayResult;
  probes: readonly Probe[];
  judge: JudgeChoice;
  signal: AbortSignal;
}): Promise<NonNullable<CompareRow["judged"]>> {
  const { judgeRetention } = await import("../llm/judge-retention");
  const judged = await judgeRetention({
    context: finalContext(options.session, options.result),
    probes: options.probes,
    provider: options.judge.provider,
    apiKey: options.judge.apiKey,
    model: options.judge.model,
    baseURL: options.judge.baseUrl,
    signal: options.signal,
  });
  return { overall: judged.overall, byKind: judged.byKind, asked: judged.asked, model: judged.model };
}
