import type { RecommendationView } from "../api/contracts/recommend-schemas";

const usd = (value: number | null) => (value === null ? "—" : `$${value.toFixed(4)}`);
const percent = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(1)}%`);

/**
 * A finished recommendation for a terminal: every setting cheapest first (dollars over the sessions with prompt
 * caching, worst and mean continuation recall, ✓ meets the floor on every session, ◆ on the frontier), then the
 * verdict — the recommended setting against the agent's default and the runner-up, or that nothing meets the floor
 * and the best reachable recall — then each agent's configuration for it, or why an agent has none.
 */
export function formatRecommendation(view: RecommendationView): string {
  // without a price for a session's model the settings are ranked on cache-weighted input tokens (view.missingPrice)
  const tokens = view.rankedBy === "cacheWeightedTokens";
  const rankOf = (point: RecommendationView["points"][number]) => (tokens ? (point.weightedTokens ?? null) : point.usd);
  const rows = [...view.points].sort((a, b) => (rankOf(a) ?? Infinity) - (rankOf(b) ?? Infinity));
  const header = ["setting", "dollars", ...(tokens ? ["cache-weighted tokens"] : []), "worst recall", "mean recall", "floor", "frontier"];
  const weighted = (value: number | null | undefined) => (value == null ? "—" : Math.round(value).toLocaleString("en-US"));
  const cells = rows.map((point) => [point.label, usd(point.usd), ...(tokens ? [weighted(point.weightedTokens)] : []), percent(point.worstRecall), percent(point.meanRecall), point.meetsFloor ? "✓" : "", point.onFrontier ? "◆" : ""]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column].length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ").trimEnd();
  const out = [line(header), line(widths.map((width) => "-".repeat(width))), ...cells.map(line), ""];
  const sessions = view.request.sessionIds.length;
  const floor = percent(view.request.floor);
  if (view.missingPrice) out.push(view.missingPrice.note);
  if (view.state === "cancelled") out.push("The recommendation was cancelled: only the settings that finished on every session were considered.");
  if (view.recommended) {
    const chosen = view.recommended.point;
    out.push(`Recommended: ${chosen.label} — ${tokens ? `${weighted(chosen.weightedTokens)} cache-weighted input tokens` : usd(chosen.usd)} over ${sessions} session${sessions === 1 ? "" : "s"}, worst continuation recall ${percent(chosen.worstRecall)} (floor ${floor}).`);
    const against = view.recommended.againstDefault;
    if (against && against.label !== chosen.label && against.usdDelta !== null) {
      out.push(`Against the agent's default (${against.label}: ${usd(against.usd)}, worst recall ${percent(against.worstRecall)}): ${usd(Math.abs(against.usdDelta))} ${against.usdDelta <= 0 ? "cheaper" : "dearer"}.`);
    } else if (against && against.label === chosen.label) out.push("This is the agent's default: keep it.");
    out.push(view.runnerUp ? `Runner-up: ${view.runnerUp.point.label} — ${usd(view.runnerUp.point.usd)}, worst recall ${percent(view.runnerUp.point.worstRecall)}.` : "Runner-up: none (no other setting meets the floor).");
    out.push("");
    for (const snippet of view.recommended.snippets) {
      if (!snippet.supported) {
        out.push(`# ${snippet.agent}: ${snippet.note}`, "");
        continue;
      }
      out.push(`# ${snippet.agent} — ${snippet.file}`, snippet.text.trimEnd(), `# ${snippet.note}`, `# documented: ${snippet.source} (checked ${snippet.checked})`, "");
    }
  } else if (view.bestReachable) {
    out.push(`No setting keeps ${floor} continuation recall on every session. Best reachable worst-case recall: ${percent(view.bestReachable.worstRecall)}, with ${view.bestReachable.label} (${usd(view.bestReachable.usd)}).`);
  } else out.push(`No setting finished with dollars and a recall score on every session${view.runs.failed ? ` (${view.runs.failed} replays failed)` : ""}.`);
  if (view.skipped.length > 0) out.push(`Not replayed: ${view.skipped.join("; ")}.`);
  return `${out.join("\n").trimEnd()}\n`;
}
