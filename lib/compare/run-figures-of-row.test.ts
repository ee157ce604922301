import { describe, expect, it } from "vitest";
import { extractProbes } from "../engine/evaluate/extract-probes";
import { replaySession } from "../engine/simulate/replay-session";
import { strategiesById } from "../engine/strategies";
import type { Summarizer } from "../engine/summarize/summarizer";
import { generateSession } from "../generator/generate-session";
import { computeRunFigures } from "../runs/run-figures";
import { priceRun } from "../runs/price-run";
import { buildCompareRow, totalTokensSent } from "./compare-row";
import { runFiguresOfRow } from "./run-figures-of-row";

const session = generateSession({ seed: 12, messages: 200 });
const probes = extractProbes(session);
/** a summarizer that reports usage, as the anthropic one does, so usage and cost are exercised */
const billed: Summarizer = async (request) => ({ text: `summary of ${request.messages.length} messages`, usage: { input: 1_000, output: 100 } });

describe("runFiguresOfRow stores what computeRunFigures would", () => {
  it.each([
    ["none", {}, null],
    ["trim-messages", { maxConversationMessages: 8 }, null],
    ["opencode", {}, null],
    ["opencode", {}, "claude-sonnet-4-5"],
    ["pi", {}, "claude-haiku-4-5"],
    ["observation-masking", {}, null],
  ] as const)("%s %j, model %s", async (strategyId, settings, model) => {
    const window = 40_000;
    const result = await replaySession({ session, strategy: strategiesById[strategyId], settings, window, summarizer: model ? billed : undefined });
    const baseline = await replaySession({ session, strategy: strategiesById.none, window });
    const row = buildCompareRow({ label: strategyId, session, result, probes, baseline, noneTotal: totalTokensSent(baseline), summarizer: model ? "anthropic" : "extractive", model });
    if (model) expect(row.summarizerTokens.input).toBeGreaterThan(0);
    if (strategyId !== "none") expect(row.compactions + row.prunes).toBeGreaterThan(0);
    const { cost } = priceRun({ session, result, cost: {}, summarizerModel: model });
    expect(cost).not.toBeNull();
    expect(runFiguresOfRow({ row, baseline, model })).toEqual(await computeRunFigures({ session, result, estimator: "chars4", model, summarizerFailures: 0, cost }));
  });
});
