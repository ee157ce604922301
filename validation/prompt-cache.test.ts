import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { describeWithShared } from "../lib/testing/describe-with-shared";
import { listSharedTranscripts, sharedTranscript } from "../lib/testing/shared-transcripts";
import { importTranscript } from "../lib/transcripts/index";
import { CACHE_MISMATCH_CAUSES, CACHE_SHARE_TOLERANCE, validatePromptCache, whyNotValidated, type CacheValidation } from "../lib/llm/validate-prompt-cache";

/**
 * Every shared transcript with recorded usage: where it records cache figures (Claude Code's cache_read / cache_creation
 * input tokens, pi's cacheRead / cacheWrite, Codex's cached_input_tokens, OpenHands' litellm usage), each call's
 * predicted cached share of its input against the recorded one, and the session's total; where it does not, the
 * reason it is not compared. The per-session table goes to reports/cache-validation/table.txt (printed by
 * scripts/cache-validation.mjs), every call to calls.tsv, both to summary.json; a call off by more than 10 points
 * needs a cause the transcript shows.
 */
const REPORT_DIR = path.resolve(import.meta.dirname, "..", "reports", "cache-validation");
const results: { file: string; validation: CacheValidation }[] = [];
const skipped: { file: string; reason: string }[] = [];
/** of all compared calls, at least this share within ±10 points */
const MIN_WITHIN = 0.85;

describeWithShared("prompt cache model against recorded cache figures", () => {
  for (const file of listSharedTranscripts()) {
    it(file, async () => {
      let session;
      try {
        session = importTranscript(fs.readFileSync(sharedTranscript(file), "utf8")).session;
      } catch {
        return; // a file no importer reads is the importers' tests' business
      }
      const validation = await validatePromptCache(session);
      if (!validation) {
        const reason = whyNotValidated(session);
        if (reason) skipped.push({ file, reason });
        return;
      }
      results.push({ file, validation });
      expect(validation.calls.filter((call) => call.cause === "unexplained").map((call) => call.step), `${file}: calls off by more than ${CACHE_SHARE_TOLERANCE * 100} points without a cause`).toEqual([]);
    });
  }

  afterAll(() => {
    if (results.length === 0) return;
    const header = ["transcript", "model", "calls", "within ±10", "mean |Δ| per call", "cached share recorded", "predicted", "Δ", "rewrites in usage", "causes of the rest"];
    const rows = results.map(({ file, validation }) => [
      file,
      `${validation.model} (${validation.provider}, ${validation.ttl}, hidden prefix ${validation.hiddenPrefixTokens})`,
      String(validation.calls.length),
      String(validation.within),
      points(validation.calls.reduce((sum, call) => sum + Math.abs(call.predictedShare - call.recordedShare), 0) / Math.max(1, validation.calls.length)),
      percent(validation.recordedTotalShare),
      percent(validation.predictedTotalShare),
      signedPoints(validation.predictedTotalShare - validation.recordedTotalShare),
      String(validation.recordedRewrites),
      Object.entries(validation.causes).map(([cause, count]) => `${cause} ${count}`).join(", ") || "—",
    ]);
    const compared = results.reduce((sum, entry) => sum + entry.validation.calls.length, 0);
    const within = results.reduce((sum, entry) => sum + entry.validation.within, 0);
    const widths = header.map((_, column) => Math.max(header[column].length, ...rows.map((row) => row[column].length)));
    const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ");
    const causes = Object.entries(CACHE_MISMATCH_CAUSES).map(([cause, text]) => `  ${cause}: ${text}`);
    const notCompared = skipped.map(({ file, reason }) => `  ${file}: ${reason}`);
    const table = [
      line(header),
      widths.map((width) => "-".repeat(width)).join("-|-"),
      ...rows.map(line),
      "",
      `calls compared ${compared}, within ±10 points ${within} (${percent(within / compared)}); every call in calls.tsv`,
      ...(notCompared.length > 0 ? ["recorded usage, not compared:", ...notCompared] : []),
      "causes:",
      ...causes,
    ].join("\n");
    const calls = [
      ["transcript", "step", "message", "recorded share", "predicted share", "Δ points", "outcome", "cause"].join("\t"),
      ...results.flatMap(({ file, validation }) =>
        validation.calls.map((call) =>
          [file, call.step, call.messageIndex, call.recordedShare.toFixed(4), call.predictedShare.toFixed(4), ((call.predictedShare - call.recordedShare) * 100).toFixed(1), call.outcome, call.cause ?? ""].join("\t"),
        ),
      ),
    ].join("\n");
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    fs.writeFileSync(path.join(REPORT_DIR, "table.txt"), `${table}\n`);
    fs.writeFileSync(path.join(REPORT_DIR, "calls.tsv"), `${calls}\n`);
    fs.writeFileSync(
      path.join(REPORT_DIR, "summary.json"),
      JSON.stringify({ compared, within, transcripts: results.map(({ file, validation }) => ({ file, ...validation, calls: undefined, compared: validation.calls.length })), notCompared: skipped }, null, 2),
    );
    expect(within / compared, `share of calls within ±10 points`).toBeGreaterThanOrEqual(MIN_WITHIN);
  });
});

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}
function points(share: number): string {
  return `${(share * 100).toFixed(1)} pts`;
}
function signedPoints(share: number): string {
  return `${share >= 0 ? "+" : ""}${(share * 100).toFixed(1)}`;
}
