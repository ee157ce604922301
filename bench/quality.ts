/**
 * `npm run quality [-- --windows 64000,128000] [-- --only <transcript substring>] [-- --strategies a,b]`: the lab's
 * quality benchmark. For every hand-written probe set in bench/probes (format: bench/probes/README.md) and each
 * window, replays its shared transcript through every strategy at its defaults (extractive summarizer, chars/4) and
 * prints one row per strategy: hand-written retention (weighted share of the set the final context holds),
 * continuation recall (`scoreContinuationRecall`), the lab's probe retention for contrast, and the final context as
 * a share of `none`'s. Dollars are not printed: the summarizer here is the offline extractive one, which costs
 * nothing; a priced summarizer's cost belongs in the column after `final/none` when one is benchmarked.
 *
 * Then, per transcript and window where `none` overflows the window: whether `evidence` meets its target (≥ 90% of
 * the hand-written set at ≤ 20% of none's final context, and at least the best other strategy of that size).
 *
 * Exits 1 when a probe set breaks the benchmark's rules (a fact not stated in the first 70% of its session, or
 * repeated in its last 15%) or does not parse; a missed target is printed, not a failure (the figures are the point).
 * Skips, saying so, when ../shared/transcripts is absent.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { ProbeSetSchema, type ProbeSet } from "../lib/api/contracts/probe-set-schema";
import { checkProbeSet } from "../lib/engine/evaluate/check-probe-set";
import { extractContinuationFacts } from "../lib/engine/evaluate/extract-continuation-facts";
import { extractProbes } from "../lib/engine/evaluate/extract-probes";
import { scoreContinuationRecall } from "../lib/engine/evaluate/score-continuation-recall";
import { scoreHandProbes } from "../lib/engine/evaluate/score-hand-probes";
import { scoreRetention } from "../lib/engine/evaluate/score-retention";
import { replaySession } from "../lib/engine/simulate/replay-session";
import { strategies } from "../lib/engine/strategies";
import { hasSharedTranscripts, SHARED_SKIP_REASON, sharedTranscript } from "../lib/testing/shared-transcripts";
import { importTranscript } from "../lib/transcripts";

const PROBES_DIR = path.resolve(import.meta.dirname, "probes");
const { values } = parseArgs({ options: { windows: { type: "string" }, only: { type: "string" }, strategies: { type: "string" } } });
const windows = (values.windows ?? "64000,128000").split(",").map((value) => Number(value.trim()));
if (windows.some((window) => !Number.isInteger(window) || window <= 0)) throw new Error(`--windows takes positive integers, got ${values.windows}`);
const chosen = values.strategies?.split(",").map((id) => id.trim()) ?? null;
const unknown = chosen?.filter((id) => !strategies.some((strategy) => strategy.id === id)) ?? [];
if (unknown.length > 0) throw new Error(`--strategies: unknown ${unknown.join(", ")}`);

const pct = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(1)}%`);

async function main(): Promise<number> {
  if (!hasSharedTranscripts) {
    console.log(`quality: ${SHARED_SKIP_REASON}`);
    return 0;
  }
  const files = fs.readdirSync(PROBES_DIR).filter((file) => file.endsWith(".json") && (!values.only || file.includes(values.only))).sort();
  let exitCode = 0;
  const verdicts: string[] = [];
  for (const file of files) {
    let set: ProbeSet;
    try {
      set = ProbeSetSchema.parse(JSON.parse(fs.readFileSync(path.join(PROBES_DIR, file), "utf8")));
    } catch (error) {
      console.log(`✗ ${file}: ${error instanceof z.ZodError ? z.prettifyError(error) : String(error)}`);
      exitCode = 1;
      continue;
    }
    const { session } = importTranscript(fs.readFileSync(sharedTranscript(set.transcript), "utf8"), { sourceName: set.transcript });
    const problems = checkProbeSet(session, set.probes).filter((check) => check.problem !== null);
    for (const check of problems) console.log(`✗ ${file}: probe ${check.id}: ${check.problem}`);
    if (problems.length > 0) exitCode = 1;
    const facts = extractContinuationFacts(session);
    const probes = extractProbes(session);
    for (const window of windows) {
      const rows = [];
      for (const strategy of strategies) {
        if (chosen && strategy.id !== "none" && !chosen.includes(strategy.id)) continue;
        const result = await replaySession({ session, strategy, window });
        rows.push({
          id: strategy.id,
          hand: scoreHandProbes({ session, result, probes: set.probes }),
          recall: scoreContinuationRecall({ session, result, facts }).overall,
          retention: scoreRetention({ session, result, probes }).final.overall,
          final: result.final.contextTokens,
          peak: Math.max(result.final.contextTokens, ...result.steps.map((step) => step.contextTokens)),
        });
      }
      const none = rows.find((row) => row.id === "none")!;
      const overflows = none.peak > window;
      console.log(`\n${set.transcript} @ ${window / 1000}K — ${set.probes.length} hand-written probes, ${session.messages.length} messages, none's final ${none.final.toLocaleString("en-US")} tokens${overflows ? " (overflows the window)" : ""}`);
      console.log(`${"strategy".padEnd(26)} ${"hand-written".padStart(12)} ${"recall".padStart(7)} ${"probes".padStart(7)} ${"final".padStart(8)} ${"final/none".padStart(10)}  lost (hand-written)`);
      for (const row of rows) {
        const lost = row.hand.lostIds.length > 0 ? row.hand.lostIds.slice(0, 6).join(", ") + (row.hand.lostIds.length > 6 ? ` … +${row.hand.lostIds.length - 6}` : "") : "";
        console.log(
          `${row.id.padEnd(26)} ${pct(row.hand.overall).padStart(12)} ${pct(row.recall).padStart(7)} ${pct(row.retention).padStart(7)} ${row.final.toLocaleString("en-US").padStart(8)} ${pct(none.final > 0 ? row.final / none.final : null).padStart(10)}  ${lost}`,
        );
      }
      const evidence = rows.find((row) => row.id === "evidence");
      if (overflows && evidence) {
        const small = rows.filter((row) => row.id !== "evidence" && row.id !== "none" && row.final <= 0.2 * none.final);
        const best = small.sort((a, b) => (b.hand.overall ?? 0) - (a.hand.overall ?? 0))[0] ?? null;
        const share = evidence.final / none.final;
        const met = (evidence.hand.overall ?? 0) >= 0.9 && share <= 0.2 && (best === null || (evidence.hand.overall ?? 0) >= (best.hand.overall ?? 0));
        verdicts.push(
          `${met ? "✓" : "✗"} ${set.transcript} @ ${window / 1000}K: evidence ${pct(evidence.hand.overall)} at ${pct(share)} of none's final` +
            (best ? `; best other ≤ 20%: ${best.id} ${pct(best.hand.overall)}` : "; no other strategy ≤ 20%"),
        );
      }
    }
  }
  if (verdicts.length > 0) console.log(`\nevidence's target where none overflows (≥ 90% hand-written at ≤ 20% of none's final, ≥ the best other that small):\n${verdicts.join("\n")}`);
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
