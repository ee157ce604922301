import fs from "node:fs";
import { afterAll, expect, it } from "vitest";
import { describeWithShared } from "../../testing/describe-with-shared";
import { listSharedTranscripts, sharedTranscript } from "../../testing/shared-transcripts";
import { extractProbes } from "../evaluate/extract-probes";
import { scoreRetention } from "../evaluate/score-retention";
import type { Session } from "../model";
import { finalContext } from "../simulate/context-at";
import { replaySession } from "../simulate/replay-session";
import { strategies } from ".";
import { evidenceStrategy } from "./evidence";
import { noneStrategy } from "./none";
import { createChars4Estimator } from "../tokens/chars4-estimator";
import { messageTokensWith } from "../tokens/estimator";

/**
 * The evidence strategy's evaluation (issue #15): every shared transcript at 64K and 128K, extractive summarizer.
 * - where `none` overflows the window, evidence's final context is ≤ 20% of none's;
 * - retention of the lab's probes (weighted) ≥ 95% on every transcript, rules and the last request at 100%;
 * - the ledger never exceeds its hard budget (15% of the window) in any context sent;
 * - evidence is on the retention / tokens-sent Pareto frontier of all strategies at defaults.
 * Prints one line per transcript and window beside the best other strategy (highest retention among those whose
 * final context is ≤ 20% of none's, else the highest retention).
 */
const WINDOWS = [64_000, 128_000];
const lines: string[] = [];

async function evaluate(file: string, session: Session, window: number) {
  const probes = extractProbes(session);
  const rows = [];
  for (const strategy of strategies) {
    const result = await replaySession({ session, strategy, window });
    const retention = scoreRetention({ session, result, probes });
    const sent = result.steps.reduce((sum, step) => sum + step.contextTokens, 0);
    const peak = result.steps.reduce((max, step) => Math.max(max, step.contextTokens), result.final.contextTokens);
    rows.push({ id: strategy.id, result, retention, sent, peak, final: result.final.contextTokens });
  }
  const none = rows.find((row) => row.id === noneStrategy.id)!;
  const evidence = rows.find((row) => row.id === evidenceStrategy.id)!;
  return { probes, rows, none, evidence };
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
      const others = rows.filter((row) => row.id !== evidenceStrategy.id && row.id !== noneStrategy.id);
      const contenders = overflow ? others.filter(small) : others;
      const better = (a: (typeof rows)[number], b: (typeof rows)[number]) => (b.retention.final.overall ?? 1) - (a.retention.final.overall ?? 1) || a.sent - b.sent;
      const best = [...(contenders.length > 0 ? contenders : others)].sort((a, b) => better(a, b))[0];
      const pct = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(1)}%`);
      lines.push(
        `${file} @${window / 1000}K: none final ${none.final.toLocaleString("en-US")}${overflow ? " (overflows)" : ""} · evidence final ${evidence.final.toLocaleString("en-US")}, sent ${evidence.sent.toLocaleString("en-US")}, retention ${pct(evidence.retention.final.overall)} · best other ${best.id} final ${best.final.toLocaleString("en-US")}, sent ${best.sent.toLocaleString("en-US")}, retention ${pct(best.retention.final.overall)}`,
      );

      if (overflow) expect(evidence.final, "final context ≤ 20% of none's").toBeLessThanOrEqual(0.2 * none.final);
      const { final } = evidence.retention;
      if (final.overall !== null) expect(final.overall, `retention (lost: ${final.lostProbeIds.join(", ")})`).toBeGreaterThanOrEqual(0.95);
      for (const kind of ["rule", "last-request"] as const) {
        if (final.byKind[kind].counted > 0) expect(final.byKind[kind].retained, kind).toBe(final.byKind[kind].counted);
      }
      // the ledger's hard budget (15% of the window) in the final context
      for (const { message } of finalContext(session, evidence.result).messages) {
        const text = message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");
        if (message.synthetic && text.startsWith("[Evidence ledger")) expect(messageTokensWith(createChars4Estimator(), message)).toBeLessThanOrEqual(0.15 * window + 8);
      }
      // on the Pareto frontier of retention (higher) against tokens sent (lower)
      const score = (row: (typeof rows)[number]) => row.retention.final.overall ?? 1;
      const dominatedBy = rows.filter((row) => row.id !== evidenceStrategy.id && score(row) >= score(evidence) && row.sent <= evidence.sent && (score(row) > score(evidence) || row.sent < evidence.sent));
      expect(dominatedBy.map((row) => row.id), "strategies dominating evidence").toEqual([]);
    }, 120_000);
  }
});
