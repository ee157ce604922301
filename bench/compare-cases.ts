import fs from "node:fs";
import { buildCompareRow, compareLabel, totalTokensSent } from "../lib/compare/compare-row";
import { extractContinuationFacts } from "../lib/engine/evaluate/extract-continuation-facts";
import { extractProbes } from "../lib/engine/evaluate/extract-probes";
import { scoreContinuationRecall } from "../lib/engine/evaluate/score-continuation-recall";
import { generateSession } from "../lib/generator/generate-session";
import { scoreRetention } from "../lib/engine/evaluate/score-retention";
import { replaySession } from "../lib/engine/simulate/replay-session";
import { strategies, strategiesById } from "../lib/engine/strategies";
import { hasSharedTranscripts, sharedTranscript, SHARED_SKIP_REASON } from "../lib/testing/shared-transcripts";
import { importTranscript } from "../lib/transcripts";
import type { BenchCase } from "./bench-case";

const FILE = "pi/pi-mono__large-session.jsonl";

/**
 * The compare workbench's work on the acceptance session (the pi-mono large session): extracting its
 * probes, scoring the replay with the most scoring points (trim-messages: one per trim), and the whole "every
 * strategy at defaults" comparison (a `none` baseline, 13 replays, 13 rows) as the compare API runs it, minus
 * storage. Skipped with the reason when ../shared is absent.
 */
export function compareCases(log: (line: string) => void): BenchCase[] {
  if (!hasSharedTranscripts) {
    log(`skipping compare benchmarks: ${SHARED_SKIP_REASON}`);
    return [];
  }
  const text = fs.readFileSync(sharedTranscript(FILE), "utf8");
  const { session } = importTranscript(text);
  const input = `${session.messages.length} msgs (${FILE})`;
  const probes = extractProbes(session);
  let trimmed: Awaited<ReturnType<typeof replaySession>> | null = null;
  const compareAll = async () => {
    const baseline = await replaySession({ session, strategy: strategiesById.none });
    return Promise.all(
      strategies.map(async (strategy) => {
        const result = strategy.id === "none" ? baseline : await replaySession({ session, strategy });
        const label = compareLabel({ strategy: strategy.id });
        return buildCompareRow({ label, session, result, probes, noneTotal: totalTokensSent(baseline), summarizer: "extractive", model: null });
      }),
    );
  };
  // continuation recall runs for every run: its extraction and its scoring with the most points (masking prunes at
  // nearly every call, so it is sampled down to 64), on the real session and on a generated 10,000-message one
  const facts = extractContinuationFacts(session);
  let masked: Awaited<ReturnType<typeof replaySession>> | null = null;
  const generated = generateSession({ seed: 7, messages: 10_000 });
  const generatedInput = `${generated.messages.length} msgs (generated, seed 7)`;
  const generatedFacts = extractContinuationFacts(generated);
  let generatedMasked: Awaited<ReturnType<typeof replaySession>> | null = null;
  return [
    { group: "compare", name: "extractContinuationFacts", input, inputBytes: Buffer.byteLength(text), run: () => extractContinuationFacts(session) },
    {
      group: "compare",
      name: "scoreContinuationRecall (observation-masking, 64 points)",
      input,
      run: async () => {
        masked ??= await replaySession({ session, strategy: strategiesById["observation-masking"], window: 64_000 });
        return scoreContinuationRecall({ session, result: masked, facts });
      },
    },
    { group: "compare", name: "extractContinuationFacts", input: generatedInput, run: () => extractContinuationFacts(generated) },
    {
      group: "compare",
      name: "scoreContinuationRecall (observation-masking, 64 points)",
      input: generatedInput,
      run: async () => {
        generatedMasked ??= await replaySession({ session: generated, strategy: strategiesById["observation-masking"], window: 64_000 });
        return scoreContinuationRecall({ session: generated, result: generatedMasked, facts: generatedFacts });
      },
    },
    { group: "compare", name: "extractProbes", input, inputBytes: Buffer.byteLength(text), run: () => extractProbes(session) },
    {
      group: "compare",
      name: "scoreRetention (trim-messages, every trim)",
      input,
      run: async () => {
        trimmed ??= await replaySession({ session, strategy: strategiesById["trim-messages"] });
        return scoreRetention({ session, result: trimmed, probes });
      },
    },
    { group: "compare", name: `every strategy at defaults (${strategies.length} rows)`, input, maxRuns: 3, run: compareAll },
  ];
}
