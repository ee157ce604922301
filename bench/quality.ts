/**
 * `npm run quality [-- --windows 64000,128000] [-- --only <transcript substring>] [-- --strategies a,b]`: the lab's
 * quality benchmark. For every hand-written probe set in bench/probes (format: bench/probes/README.md) and each
 * window, replays its shared transcript through every strategy at its defaults (extractive summarizer, chars/4) and
 * prints one row per strategy: hand-written retention (weighted share of the set the final context holds),
 * continuation recall (`scoreContinuationRecall`) at each cut and on the exam a comparison at that window scores every
 * setting on (`exam`: `planExam` from `none`s contexts), the lab's probe retention for contrast, and the final context as
 * a share of `none`'s. Dollars are not printed: the summarizer here is the offline extractive one, which costs
 * nothing; a priced summarizer's cost belongs in the column after `final/none` when one is benchmarked.
 *
 * Then, per tuning transcript and window where `none` overflows the window: whether `evidence` meets its target (≥ 90% of
 * the hand-written set at ≤ 20% of none's final context, and at least the best other strategy of that size).
 *
 * Then the agreement with people: for each automatic measure (continuation recall, probe retention), Kendall's
 * τ-b over the strategies between its score and the hand-written retention, per probe set and window, and the mean
 * per group — tuning and test (bench/probes-split.json) apart. The measure with the highest mean τ on the tuning
 * group is the one to use as the default quality axis (lib/compare/default-quality-measure.ts); the test group says
 * whether that choice holds on transcripts nobody tuned on.
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
import { kendallTauB } from "../lib/engine/evaluate/kendall-tau-b";
import type { Exam } from "../lib/engine/evaluate/plan-exam";
import { scoreContinuationRecall } from "../lib/engine/evaluate/score-continuation-recall";
import { scoreHandProbes } from "../lib/engine/evaluate/score-hand-probes";
import { scoreRetention } from "../lib/engine/evaluate/score-retention";
import { replaySession } from "../lib/engine/simulate/replay-session";
import { runSessionCache } from "../lib/runs/price-run";
import { examOf } from "../lib/runs/score-run-recall";
import { strategies } from "../lib/engine/strategies";
import { hasSharedTranscripts, SHARED_SKIP_REASON, sharedTranscript } from "../lib/testing/shared-transcripts";
import { importTranscript } from "../lib/transcripts";

const PROBES_DIR = path.resolve(import.meta.dirname, "probes");
const SplitSchema = z.strictObject({ description: z.string(), test: z.array(z.string().min(1)) });
/** the automatic measures whose agreement with the hand-written sets is measured, by the ids the lab uses for them */
const MEASURES = ["continuation-recall", "exam-recall", "probe-retention"] as const;
type Measure = (typeof MEASURES)[number];
interface Agreement {
  file: string;
  transcript: string;
  group: "tuning" | "test";
  window: number;
  tau: Record<Measure, number | null>;
}
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
  const split = SplitSchema.parse(JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "probes-split.json"), "utf8")));
  const files = fs.readdirSync(PROBES_DIR).filter((file) => file.endsWith(".json") && (!values.only || file.includes(values.only))).sort();
  let exitCode = 0;
  const verdicts: string[] = [];
  const agreements: Agreement[] = [];
  const started = Date.now();
  // one import, one fact extraction and one replay per strategy and window for each transcript, however many sets it has
  const setsByTranscript = new Map<string, { file: string; set: ProbeSet }[]>();
  for (const file of files) {
    try {
      const set = ProbeSetSchema.parse(JSON.parse(fs.readFileSync(path.join(PROBES_DIR, file), "utf8")));
      setsByTranscript.set(set.transcript, [...(setsByTranscript.get(set.transcript) ?? []), { file, set }]);
    } catch (error) {
      console.log(`✗ ${file}: ${error instanceof z.ZodError ? z.prettifyError(error) : String(error)}`);
      exitCode = 1;
    }
  }
  for (const [transcript, sets] of setsByTranscript) {
    const transcriptStarted = Date.now();
    const { session } = importTranscript(fs.readFileSync(sharedTranscript(transcript), "utf8"), { sourceName: transcript });
    for (const { file, set } of sets) {
      const problems = checkProbeSet(session, set.probes).filter((check) => check.problem !== null);
      for (const check of problems) console.log(`✗ ${file}: probe ${check.id}: ${check.problem}`);
      if (problems.length > 0) exitCode = 1;
    }
    const group = split.test.includes(transcript) ? "test" : "tuning";
    const facts = extractContinuationFacts(session);
    const probes = extractProbes(session);
    const sessionCache = runSessionCache(session, {});
    for (const window of windows) {
      const replays = [];
      // none first: its contexts choose the exam every strategy is scored on (one exam per transcript and window, as a
      // comparison at this window scores its settings — lib/engine/evaluate/plan-exam.ts)
      const ordered = [...strategies].sort((a, b) => Number(b.id === "none") - Number(a.id === "none"));
      let exam: Exam | undefined;
      for (const strategy of ordered) {
        if (chosen && strategy.id !== "none" && !chosen.includes(strategy.id)) continue;
        // planned for the cache the run would be priced under by default, as `lab simulate` plans it
        const result = await replaySession({ session, strategy, window, sessionCache });
        exam ??= examOf({ baseline: result, window });
        replays.push({
          id: strategy.id,
          result,
          recall: scoreContinuationRecall({ session, result, facts }).overall,
          examRecall: scoreContinuationRecall({ session, result, facts, exam }).overall,
          retention: scoreRetention({ session, result, probes, finalOnly: true }).final.overall,
          final: result.final.contextTokens,
          peak: Math.max(result.final.contextTokens, ...result.steps.map((step) => step.contextTokens)),
        });
      }
      for (const { file, set } of sets) {
        // a final context over the window is a call the provider refuses: nothing of it reaches the model, so the set
        // scores 0 there (none, and strategies that never compact or overshoot, used to score 100% on a context no
        // model would take — the exam counts the same calls as refused)
        const rows = replays.map((replay) => {
          const scored = scoreHandProbes({ session, result: replay.result, probes: set.probes });
          const refused = replay.final > window;
          return { ...replay, refused, hand: refused ? { ...scored, overall: 0, lostIds: set.probes.map((probe) => probe.id) } : scored };
        });
        const none = rows.find((row) => row.id === "none")!;
        const overflows = none.peak > window;
        const hand = rows.map((row) => row.hand.overall);
        const tau = {
          "continuation-recall": kendallTauB(rows.map((row) => row.recall), hand),
          "exam-recall": kendallTauB(rows.map((row) => row.examRecall), hand),
          "probe-retention": kendallTauB(rows.map((row) => row.retention), hand),
        };
        agreements.push({ file, transcript, group, window, tau });
        console.log(`\n[${group}] ${file}: ${transcript} @ ${window / 1000}K — ${set.probes.length} hand-written probes, ${session.messages.length} messages, none's final ${none.final.toLocaleString("en-US")} tokens${overflows ? " (overflows the window)" : ""}`);
        console.log(`${"strategy".padEnd(26)} ${"hand-written".padStart(12)} ${"recall".padStart(7)} ${"exam".padStart(7)} ${"probes".padStart(7)} ${"final".padStart(8)} ${"final/none".padStart(10)}  lost (hand-written)`);
        for (const row of rows) {
          const lost = row.refused ? `(refused: final context over the ${window / 1000}K window)` : row.hand.lostIds.length > 0 ? row.hand.lostIds.slice(0, 6).join(", ") + (row.hand.lostIds.length > 6 ? ` … +${row.hand.lostIds.length - 6}` : "") : "";
          console.log(
            `${row.id.padEnd(26)} ${pct(row.hand.overall).padStart(12)} ${pct(row.recall).padStart(7)} ${pct(row.examRecall).padStart(7)} ${pct(row.retention).padStart(7)} ${row.final.toLocaleString("en-US").padStart(8)} ${pct(none.final > 0 ? row.final / none.final : null).padStart(10)}  ${lost}`,
          );
        }
        console.log(`τ-b with hand-written retention over ${rows.length} strategies: ${MEASURES.map((measure) => `${measure} ${formatTau(tau[measure])}`).join(", ")}`);
        // evidence's target is a tuning target: the test transcripts are scored, never tuned on
        const evidence = rows.find((row) => row.id === "evidence");
        if (overflows && evidence && group === "tuning") {
          const small = rows.filter((row) => row.id !== "evidence" && row.id !== "none" && row.final <= 0.2 * none.final);
          const best = small.sort((a, b) => (b.hand.overall ?? 0) - (a.hand.overall ?? 0))[0] ?? null;
          const share = evidence.final / none.final;
          const met = (evidence.hand.overall ?? 0) >= 0.9 && share <= 0.2 && (best === null || (evidence.hand.overall ?? 0) >= (best.hand.overall ?? 0));
          verdicts.push(
            `${met ? "✓" : "✗"} ${transcript} @ ${window / 1000}K: evidence ${pct(evidence.hand.overall)} at ${pct(share)} of none's final` +
              (best ? `; best other ≤ 20%: ${best.id} ${pct(best.hand.overall)}` : "; no other strategy ≤ 20%"),
          );
        }
      }
    }
    console.log(`(${transcript}: ${sets.length} set(s), ${((Date.now() - transcriptStarted) / 1000).toFixed(1)} s)`);
  }
  printAgreement(agreements);
  console.log(`\nquality: ${files.length} probe sets × ${windows.length} windows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (verdicts.length > 0) console.log(`\nevidence's target on the tuning transcripts where none overflows (≥ 90% hand-written at ≤ 20% of none's final, ≥ the best other that small):\n${verdicts.join("\n")}`);
  return exitCode;
}

function formatTau(tau: number | null): string {
  return tau === null ? "—" : `${tau >= 0 ? "+" : ""}${tau.toFixed(2)}`;
}

function mean(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0) / known.length;
}

/** The agreement table: τ-b per probe set and window, then the mean per group and overall, and the best measure on tuning. */
function printAgreement(agreements: readonly Agreement[]): void {
  if (agreements.length === 0) return;
  console.log(`\nAgreement with the hand-written sets (Kendall τ-b over the strategies; — = undefined, a side ties every strategy)`);
  console.log(`${"group".padEnd(7)} ${"probe set".padEnd(44)} ${"window".padStart(6)} ${MEASURES.map((measure) => measure.padStart(20)).join(" ")}`);
  const sorted = [...agreements].sort((a, b) => a.file.localeCompare(b.file) || a.window - b.window);
  for (const row of sorted) console.log(`${row.group.padEnd(7)} ${row.file.padEnd(44)} ${`${row.window / 1000}K`.padStart(6)} ${MEASURES.map((measure) => formatTau(row.tau[measure]).padStart(20)).join(" ")}`);
  // a transcript with several sets: the mean of its sets, per window
  for (const transcript of [...new Set(sorted.map((row) => row.transcript))]) {
    const rows = sorted.filter((row) => row.transcript === transcript);
    if (new Set(rows.map((row) => row.file)).size < 2) continue;
    for (const window of windows) {
      const atWindow = rows.filter((row) => row.window === window);
      console.log(`${atWindow[0].group.padEnd(7)} ${`${path.basename(transcript)} (${atWindow.length} sets)`.padEnd(44)} ${`${window / 1000}K`.padStart(6)} ${MEASURES.map((measure) => formatTau(mean(atWindow.map((row) => row.tau[measure]))).padStart(20)).join(" ")}`);
    }
  }
  const groups: [string, readonly Agreement[]][] = [
    ["tuning", agreements.filter((row) => row.group === "tuning")],
    ["test", agreements.filter((row) => row.group === "test")],
    ["all", agreements],
  ];
  for (const [name, rows] of groups) {
    if (rows.length === 0) continue;
    console.log(`${name.padEnd(7)} ${`mean of ${rows.length}`.padEnd(44)} ${"".padStart(6)} ${MEASURES.map((measure) => formatTau(mean(rows.map((row) => row.tau[measure]))).padStart(20)).join(" ")}`);
  }
  // the default quality axis must agree with people on the sets nobody tuned on as well as on the others: the
  // measure whose worse half (tuning or test) agrees best (lib/compare/default-quality-measure.ts says which)
  for (const [name, rows] of groups) {
    const ranked = MEASURES.map((measure) => ({ measure, tau: mean(rows.map((row) => row.tau[measure])) })).sort((a, b) => (b.tau ?? -2) - (a.tau ?? -2));
    if (rows.length > 0 && ranked[0].tau !== null) console.log(`best agreement (${name}): ${ranked[0].measure} (mean τ-b ${formatTau(ranked[0].tau)})`);
  }
  const halves = MEASURES.map((measure) => ({
    measure,
    worst: Math.min(...groups.slice(0, 2).map(([, rows]) => mean(rows.map((row) => row.tau[measure])) ?? -2)),
  })).sort((a, b) => b.worst - a.worst);
  console.log(`holds on both halves best: ${halves[0].measure} (its worse half's mean τ-b ${formatTau(halves[0].worst)})`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
