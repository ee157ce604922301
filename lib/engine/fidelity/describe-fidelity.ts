import type { FidelityOutcome } from "./fidelity-report";

const count = (value: number | null) => (value === null ? "—" : value.toLocaleString("en-US"));

/**
 * Plain-text lines for a fidelity outcome (the CLI's summary): one headline, then one line per recorded compaction
 * — the call it came before, the replay's nearest and the tokens before and kept on both sides. A null outcome
 * says why in one line.
 */
export function describeFidelity(outcome: FidelityOutcome): string[] {
  if (outcome.fidelity === null) return [`fidelity: — (${outcome.reason})`];
  const { fidelity } = outcome;
  return [
    `fidelity: ${fidelity.within} of ${fidelity.recorded.length} recorded compactions replayed within ${fidelity.toleranceCalls} calls by ${fidelity.strategyId} (${fidelity.estimatorId}, window ${count(fidelity.window)} ${fidelity.windowFrom}, hidden prefix ${fidelity.hiddenPrefixTokens === 0 ? "not counted" : count(fidelity.hiddenPrefixTokens)}); replay compacted at ${fidelity.replayedSteps.length === 0 ? "no call" : `calls ${fidelity.replayedSteps.join(", ")}`}`,
    ...fidelity.recorded.map((entry) => {
      const replayed = entry.replayed;
      const where = replayed === null ? "never replayed" : `replayed at ${replayed.step} (${signed(entry.callsApart ?? 0)} calls)`;
      const before = `before ${count(entry.recordedTokensBefore)} recorded / ${replayed === null ? "—" : count(replayed.tokensBefore)} replayed`;
      const kept = `kept ${count(entry.recordedTokensKept)}${entry.recordedTokensKeptFrom === "next-call" ? " (next call)" : ""} / ${replayed === null ? "—" : count(replayed.tokensKept)}`;
      return `  recorded at call ${entry.recordedStep}: ${where}; ${before}; ${kept}`;
    }),
  ];
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}
