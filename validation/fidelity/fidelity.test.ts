import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { fidelityUnmeasurable, measureFidelity } from "../../lib/engine/fidelity/measure-fidelity";
import type { Fidelity, RecordedCompactionFidelity } from "../../lib/engine/fidelity/fidelity-report";
import { replaySession } from "../../lib/engine/simulate/replay-session";
import { bestVersionMatch } from "../../lib/engine/fidelity/best-version-match";
import { findStrategy } from "../../lib/engine/strategies";
import { strategyOfFormat } from "../../lib/engine/strategies/strategy-of-format";
import { strategyVersions } from "../../lib/engine/strategies/strategy-versions";
import { ESTIMATOR_IDS, type EstimatorId } from "../../lib/engine/tokens/estimator";
import { agentSessionWindow } from "../../lib/runs/agent-session-window";
import { versionLabel } from "../../lib/runs/session-fidelity";
import { describeWithShared } from "../../lib/testing/describe-with-shared";
import { listSharedTranscripts, sharedTranscript } from "../../lib/testing/shared-transcripts";
import { importTranscript } from "../../lib/transcripts/index";

/**
 * Every shared transcript that records its agent's own compactions (Claude Code `compact_boundary`, Codex
 * `compacted`, pi `compaction`), replayed through that agent's strategy at the session's window with each offline
 * estimator, the agent's hidden prefix (system prompt, tools) counted in every call as the agent sent it: per recorded compaction, the replay's nearest, calls apart, tokens before and kept on both sides.
 *
 * What fails it: a *gated* recorded compaction not replayed within 5 calls with the calibrated estimator
 * ({@link GATED_ESTIMATOR}: the one that learns the session's own token counts, so a miss is the strategy's, not the
 * estimate's) unless {@link KNOWN_GAPS} names it with its cause — and a known gap that is now replayed within 5 calls
 * (the entry is stale: remove it). Gated are the compactions the agent made because its context was large — the call
 * before recorded at least half the window — which a size-triggered replay can reproduce; the others (a manual
 * /compact on a small context, a trimmed schema fixture with no usage before its marker) are shown, not gated.
 *
 * An agent with several versions in the lab (claude-code and claude-code@2.1.299, opencode and opencode@v2) has its
 * later versions replayed too, with the gated estimator (shown, not gated), and the table closes with the version each
 * transcript matches best ({@link bestVersionMatch}).
 */
const REPORT_DIR = path.resolve(import.meta.dirname, "..", "..", "reports", "fidelity");
const GATED_ESTIMATOR: EstimatorId = "calibrated";

/**
 * Recorded compactions the agent's strategy in the lab does not replay within 5 calls, by transcript and recorded
 * call, with the cause measured (`lab simulate … --estimator calibrated --set …` shows each). The Claude Code ones
 * are the strategy's version (the estimate is within 1% of the recorded size at the calls before); Codex's third is
 * the estimate.
 */
const KNOWN_GAPS: Record<string, Record<number, string>> = {
  "claude-code/spotter__fa812bfe.jsonl": {
    143: "the lab's claude-code microcompacts at the auto-compact trigger (call 144 clears 154 tool results, 80K tokens) where this Claude Code compacted; with microcompactMinimumSavings=100000000 the replay compacts at call 144 (+1)",
  },
  "claude-code/entire-cli__cd95adddad32.jsonl": {
    51: "this Claude Code reserved its 32K output for the summary (auto-compact at 200K − 32K − 13K = 155K; the lab's default reserves min(32K, 20K): 167K) and did not microcompact first; with maxOutputTokensForSummary=32000 and microcompactMinimumSavings=100000000 the replay compacts at calls 51 (0) and 130 (+2)",
    128: "as call 51 (the replay compacts once, at 179, with the lab's defaults; at 130 with this version's 32K reserve and no microcompact)",
    221: "as call 51; with this version's settings the replay's second compaction keeps 57K where the agent kept 60K and the session ends (226 calls) before it fills again",
  },
  "codex/agentv__796eaddfe2f9.jsonl": {
    257: "the estimate: after Codex's second compaction the context grows ~1K tokens a call and the calibrated replay reads it 6% high (190K estimated, 179K recorded at call 230), so it compacts at 247 (−10); chars4 and bpe read it low and compact at 270 and 267",
  },
};
const GATE_SHARE_OF_WINDOW = 0.5;

interface Row {
  file: string;
  estimator: EstimatorId;
  fidelity: Fidelity;
  /** a later version of the agent's strategy: shown, not gated */
  version?: boolean;
}
const rows: Row[] = [];
/** per transcript with several versions: each version's gated-estimator fidelity */
const versionRows: { file: string; fidelities: Fidelity[] }[] = [];

function gated(entry: RecordedCompactionFidelity, fidelity: Fidelity): boolean {
  return entry.recordedTokensBeforeFrom !== null && entry.recordedStep > 0 && (entry.recordedTokensBefore ?? 0) >= GATE_SHARE_OF_WINDOW * fidelity.window;
}

describeWithShared("each agent's strategy against the compactions its sessions recorded", () => {
  for (const file of listSharedTranscripts()) {
    it(file, async () => {
      let session;
      try {
        session = importTranscript(fs.readFileSync(sharedTranscript(file), "utf8"), { sourceName: file }).session;
      } catch {
        return; // a file no importer reads is the importers' tests' business
      }
      if (fidelityUnmeasurable(session) !== null) return;
      const strategyId = strategyOfFormat(session.format)!;
      const window = agentSessionWindow(session);
      const missed: string[] = [];
      const stale: string[] = [];
      const known = KNOWN_GAPS[file] ?? {};
      for (const estimator of ESTIMATOR_IDS) {
        const result = await replaySession({ session, strategy: findStrategy(strategyId)!, window: window.tokens, estimator, countHiddenPrefix: true });
        const outcome = measureFidelity({ session, result, window });
        expect(outcome.reason).toBeNull();
        const fidelity = outcome.fidelity!;
        rows.push({ file, estimator, fidelity });
        if (estimator !== GATED_ESTIMATOR) continue;
        for (const entry of fidelity.recorded) {
          if (!gated(entry, fidelity)) continue;
          if (!entry.within && known[entry.recordedStep] === undefined) missed.push(`call ${entry.recordedStep}: ${entry.replayed === null ? "never replayed" : `replayed at ${entry.replayed.step}`}`);
          if (entry.within && known[entry.recordedStep] !== undefined) stale.push(`call ${entry.recordedStep}: replayed at ${entry.replayed!.step}`);
        }
      }
      const versions = strategyVersions(strategyId);
      if (versions.length > 1) {
        const fidelities = [rows.find((row) => row.file === file && row.estimator === GATED_ESTIMATOR)!.fidelity];
        for (const version of versions.slice(1)) {
          const result = await replaySession({ session, strategy: version, window: window.tokens, estimator: GATED_ESTIMATOR, countHiddenPrefix: true });
          const outcome = measureFidelity({ session, result, window });
          expect(outcome.reason).toBeNull();
          rows.push({ file, estimator: GATED_ESTIMATOR, fidelity: outcome.fidelity!, version: true });
          fidelities.push(outcome.fidelity!);
        }
        versionRows.push({ file, fidelities });
      }
      expect(missed, `${file}: recorded compactions not replayed within 5 calls (${GATED_ESTIMATOR}) and not among the known gaps`).toEqual([]);
      expect(stale, `${file}: known gaps now replayed within 5 calls: remove them from KNOWN_GAPS`).toEqual([]);
    });
  }

  afterAll(() => {
    if (rows.length === 0) return;
    const header = ["transcript", "strategy · window", "estimator", "recorded at call", "replayed at call", "calls apart", "tokens before rec / rep", "tokens kept rec / rep"];
    const k = (value: number | null | undefined) => (value === null || value === undefined ? "—" : `${Math.round(value / 1000)}K`);
    const cells = rows.map(({ file, estimator, fidelity }) => [
      file,
      `${fidelity.strategyId} · ${k(fidelity.window)} ${fidelity.windowFrom}`,
      estimator,
      fidelity.recorded.map((entry) => `${entry.recordedStep}${gated(entry, fidelity) ? "" : "*"}`).join(", "),
      fidelity.replayedSteps.join(", ") || "never",
      fidelity.recorded.map((entry) => (entry.callsApart === null ? "—" : signed(entry.callsApart))).join(", "),
      fidelity.recorded.map((entry) => `${k(entry.recordedTokensBefore)}/${k(entry.replayed?.tokensBefore)}`).join(", "),
      fidelity.recorded.map((entry) => `${k(entry.recordedTokensKept)}${entry.recordedTokensKeptFrom === "next-call" ? "ⁿ" : ""}/${k(entry.replayed?.tokensKept)}`).join(", "),
    ]);
    const widths = header.map((_, column) => Math.max(header[column].length, ...cells.map((row) => row[column].length)));
    const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column])).join(" | ").trimEnd();
    const gatedRows = rows.filter((row) => row.estimator === GATED_ESTIMATOR && !row.version);
    const gatedEntries = gatedRows.flatMap((row) => row.fidelity.recorded.filter((entry) => gated(entry, row.fidelity)));
    const byEstimator = ESTIMATOR_IDS.map((estimator) => {
      const entries = rows.filter((row) => row.estimator === estimator && !row.version).flatMap((row) => row.fidelity.recorded.filter((entry) => gated(entry, row.fidelity)));
      return `${estimator} ${entries.filter((entry) => entry.within).length}/${entries.length}`;
    });
    const table = [
      line(header),
      widths.map((width) => "-".repeat(width)).join("-|-"),
      ...cells.map(line),
      "",
      `gated recorded compactions replayed within 5 calls: ${byEstimator.join(", ")} (the gate: ${GATED_ESTIMATOR}, ${gatedEntries.filter((entry) => entry.within).length}/${gatedEntries.length})`,
      "* not gated: the call before the compaction recorded less than half the window (a manual /compact, a trimmed fixture)",
      "known gaps (measured causes):",
      ...Object.entries(KNOWN_GAPS).flatMap(([file, gaps]) => Object.entries(gaps).map(([step, cause]) => `  ${file} call ${step}: ${cause}`)),
      "ⁿ the recorded size kept is the first call after the compaction (the marker records none): kept + that call's new messages",
      `which version of the agent each transcript matches best (${GATED_ESTIMATOR}; within 5 calls, then compactions the agent did not make, then mean calls apart):`,
      ...versionRows.map(({ file, fidelities }) => {
        const { ranked, best } = bestVersionMatch(fidelities);
        const figures = ranked.map((match) => `${match.strategyId} [${versionLabel(match.strategyId)}] ${match.within}/${match.recorded}, +${match.extraReplayed} extra, mean ${match.meanCallsApart === null ? "—" : match.meanCallsApart.toFixed(1)} apart`);
        return `  ${file}: ${best ?? "no difference"} — ${figures.join("; ")}`;
      }),
    ].join("\n");
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    fs.writeFileSync(path.join(REPORT_DIR, "table.txt"), `${table}\n`);
    fs.writeFileSync(path.join(REPORT_DIR, "summary.json"), JSON.stringify(rows, null, 2));
  });
});

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}
