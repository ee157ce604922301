import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { describeWithShared } from "../../testing/describe-with-shared";
import { listSharedTranscripts, sharedTranscript } from "../../testing/shared-transcripts";
import { type ProbeSet, ProbeSetSchema } from "../../api/contracts/probe-set-schema";
import { extractContinuationFacts } from "../evaluate/extract-continuation-facts";
import { extractProbes } from "../evaluate/extract-probes";
import { scoreContinuationRecall } from "../evaluate/score-continuation-recall";
import { scoreHandProbes } from "../evaluate/score-hand-probes";
import { scoreRetention } from "../evaluate/score-retention";
import type { Session } from "../model";
import { finalContext } from "../simulate/context-at";
import { replaySession } from "../simulate/replay-session";
import { strategies } from ".";
import { evidenceStrategy } from "./evidence";
import { keeperStrategy } from "./keeper";
import { noneStrategy } from "./none";
import { createChars4Estimator } from "../tokens/chars4-estimator";
import { messageTokensWith } from "../tokens/estimator";

/**
 * The evidence strategy's evaluation (issues #15 and #25): every shared transcript at 64K and 128K, extractive
 * summarizer.
 * - where `none` overflows the window, evidence's final context is ≤ 20% of none's;
 * - on the hand-written probe sets of the tuning transcripts (bench/probes; the test ones in bench/probes-split.json
 *   are printed, not asserted), evidence keeps ≥ 90% where none overflows (and at least as much
 *   as the best other strategy whose final context is that small), ≥ 85% elsewhere;
 * - the ledger never exceeds its hard budget (15% of the window) in the final context.
 * Re-based in #25: it used to hold evidence to ≥ 95% of the lab's own extracted probes and to the Pareto frontier of
 * that retention against tokens sent — the flattering figure, since the ledger read the session with the probe
 * extractor's own recognisers. The lab's probes and continuation recall are still printed beside the hand-written
 * score, one line per transcript and window, with the best other strategy (highest hand-written retention among
 * those whose final context is ≤ 20% of none's, else the highest continuation recall).
 */
const WINDOWS = [64_000, 128_000];
const lines: string[] = [];
const PROBES_DIR = path.resolve(__dirname, "../../../bench/probes");
/** the test transcripts (bench/probes-split.json): scored, never tuned on, so no strategy is held to a figure there */
const TEST_TRANSCRIPTS: readonly string[] = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../../bench/probes-split.json"), "utf8")).test;
/**
 * tuning transcripts whose sets were written after evidence was frozen (2026-11-27, for keeper's tuning): their figures
 * are printed, evidence is not held to them (it stays as it was, for comparison)
 */
const PRINTED_ONLY: readonly string[] = ["copilot-cli/agentv__269e1b9e5502.jsonl"];
/**
 * each transcript's first set in file order (a transcript with several sets, one per stretch, is held to the set
 * its figures were measured on; the later stretches are scored by `npm run quality` and keeper's goals test)
 */
const probeSets = new Map<string, ProbeSet>();
for (const file of fs.readdirSync(PROBES_DIR).filter((name) => name.endsWith(".json")).sort()) {
  const set = ProbeSetSchema.parse(JSON.parse(fs.readFileSync(path.join(PROBES_DIR, file), "utf8")));
  if (!probeSets.has(set.transcript)) probeSets.set(set.transcript, set);
}

async function evaluate(file: string, session: Session, window: number) {
  const probes = extractProbes(session);
  const facts = extractContinuationFacts(session);
  const hand = probeSets.get(file)?.probes ?? null;
  const rows = [];
  for (const strategy of strategies) {
    const result = await replaySession({ session, strategy, window });
    const retention = scoreRetention({ session, result, probes });
    const recall = scoreContinuationRecall({ session, result, facts }).overall;
    const handScore = hand ? scoreHandProbes({ session, result, probes: hand }) : null;
    const sent = result.steps.reduce((sum, step) => sum + step.contextTokens, 0);
    const peak = result.steps.reduce((max, step) => Math.max(max, step.contextTokens), result.final.contextTokens);
    // the final context's messages: the agent's hidden prefix (system prompt, tools) is the same under every strategy
    rows.push({ id: strategy.id, result, retention, recall, hand: handScore, sent, peak, final: result.final.contextTokens - (result.hiddenPrefixTokens ?? 0) });
  }
  const none = rows.find((row) => row.id === noneStrategy.id)!;
  const evidence = rows.find((row) => row.id === evidenceStrategy.id)!;
  return { rows, none, evidence };
}

describeWithShared("evidence strategy on every shared transcript (extractive summarizer)", () => {
  afterAll(() => {
    if (lines.length > 0) console.log(`evidence evaluation\n${lines.join("\n")}`);
  });
  const files = listSharedTranscripts().filter((file) => !file.endsWith(".md"));
  for (const window of WINDOWS) {
    it.each(files)(`%s at ${window / 1000}K`, async (file) => {
      const { importTranscript } = await import("../../transcripts");
      const session = importTranscript(fs.readFileSync(sharedTranscript(file), "utf8"), { sourceName: file }).session;
      const { rows, none, evidence } = await evaluate(file, session, window);
      const overflow = none.peak > window;
      const small = (row: (typeof rows)[number]) => row.final <= 0.2 * none.final;
      // evidence is held against the agents' strategies; keeper, its successor built on its ledger, may pass it
      const others = rows.filter((row) => row.id !== evidenceStrategy.id && row.id !== noneStrategy.id && row.id !== keeperStrategy.id);
      const contenders = overflow ? others.filter(small) : others;
      const quality = (row: (typeof rows)[number]) => row.hand?.overall ?? row.recall ?? 1;
      const best = [...(contenders.length > 0 ? contenders : others)].sort((a, b) => quality(b) - quality(a) || a.sent - b.sent)[0];
      const pct = (value: number | null | undefined) => (value === null || value === undefined ? "—" : `${(value * 100).toFixed(1)}%`);
      const describe = (row: (typeof rows)[number]) =>
        `final ${row.final.toLocaleString("en-US")}, sent ${row.sent.toLocaleString("en-US")}, hand-written ${pct(row.hand?.overall)}, recall ${pct(row.recall)}, lab probes ${pct(row.retention.final.overall)}`;
      lines.push(`${file} @${window / 1000}K: none final ${none.final.toLocaleString("en-US")}${overflow ? " (overflows)" : ""} · evidence ${describe(evidence)} · best other ${best.id} ${describe(best)}`);

      if (overflow) expect(evidence.final, "final context ≤ 20% of none's").toBeLessThanOrEqual(0.2 * none.final);
      if (evidence.hand && !TEST_TRANSCRIPTS.includes(file) && !PRINTED_ONLY.includes(file)) {
        const lost = evidence.hand.lostIds.join(", ");
        expect(evidence.hand.overall, `hand-written retention (lost: ${lost})`).toBeGreaterThanOrEqual(overflow ? 0.9 : 0.85);
        if (overflow && contenders.length > 0) expect(evidence.hand.overall ?? 0, `at least ${best.id}`).toBeGreaterThanOrEqual(best.hand?.overall ?? 0);
      }
      // the ledger's hard budget (15% of the window) in the final context
      for (const { message } of finalContext(session, evidence.result).messages) {
        const text = message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");
        if (message.synthetic && text.startsWith("[Evidence ledger")) expect(messageTokensWith(createChars4Estimator(), message)).toBeLessThanOrEqual(0.15 * window + 8);
      }
    }, 120_000);
  }
});
