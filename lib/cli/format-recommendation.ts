import type { RecommendationPoint, RecommendationView } from "../api/contracts/recommend-schemas";

const usd = (value: number | null) => (value === null ? "—" : `$${value.toFixed(4)}`);
const percent = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(1)}%`);
const count = (value: number | null) => (value === null ? "—" : value.toLocaleString("en-US"));
const interval = (point: RecommendationPoint) => (point.low === null || point.high === null ? "" : ` [${(point.low * 100).toFixed(1)}–${(point.high * 100).toFixed(1)}]`);

/**
 * A finished recommendation for a terminal: every setting cheapest first (dollars over the sessions with prompt
 * caching — or tokens when a price is missing — worst continuation recall with its 95% interval, mean recall, rank
 * with ties, ✓ meets the floor on every session, ◆ on the frontier), then the verdict — the recommended setting
 * whenever one has figures on every session: the cheapest meeting the floor, or, when none does, the one the
 * verdict rule chose and by how much it misses the floor — against the agent's default and the runner-up, then
 * each agent's configuration for it, or why an agent has none.
 */
export function formatRecommendation(view: RecommendationView): string {
  const byTokens = view.verdict !== null && view.verdict.costBasis !== "usd";
  const costOf = (point: RecommendationPoint) => (byTokens ? point.tokens : point.usd);
  const rows = [...view.points].sort((a, b) => (costOf(a) ?? Infinity) - (costOf(b) ?? Infinity));
  const header = ["setting", byTokens ? "tokens" : "dollars", "worst recall [95%]", "mean recall", "rank", "floor", "frontier"];
  const cells = rows.map((point) => [
    point.label,
    byTokens ? count(point.tokens) : usd(point.usd),
    `${percent(point.worstRecall)}${interval(point)}`,
    percent(point.meanRecall),
    point.rank?.label ?? "—",
    point.meetsFloor ? "✓" : "",
    point.onFrontier ? "◆" : "",
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column].length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ").trimEnd();
  const out = [line(header), line(widths.map((width) => "-".repeat(width))), ...cells.map(line), ""];
  const sessions = view.request.sessionIds.length;
  const floor = view.request.within === undefined ? percent(view.request.floor) : `within ${view.request.within} points of no compaction`;
  if (view.state === "cancelled") out.push("The recommendation was cancelled: only the settings that finished on every session were considered.");
  if (view.verdict?.costNote) out.push(view.verdict.costNote);
  if (view.recommended) {
    const chosen = view.recommended.point;
    const cost = byTokens ? `${count(chosen.tokens)} tokens` : usd(chosen.usd);
    if (view.verdict && !view.verdict.floorMet) out.push(`Floor not met: no setting keeps ${floor} continuation recall on every session; the recommendation misses it by ${view.verdict.shortBy.toFixed(1)} points.`);
    out.push(`Recommended: ${chosen.label} — ${cost} over ${sessions} session${sessions === 1 ? "" : "s"}, worst continuation recall ${percent(chosen.worstRecall)}${interval(chosen)} (floor ${floor}).`);
    if (view.verdict) out.push(view.verdict.summary);
    const against = view.recommended.againstDefault;
    if (against && against.label !== chosen.label && against.usdDelta !== null) {
      out.push(`Against the agent's default (${against.label}: ${usd(against.usd)}, worst recall ${percent(against.worstRecall)}): ${usd(Math.abs(against.usdDelta))} ${against.usdDelta <= 0 ? "cheaper" : "dearer"}.`);
    } else if (against && against.label !== chosen.label) out.push(`Against the agent's default (${against.label}): worst recall ${percent(against.worstRecall)}.`);
    else if (against && against.label === chosen.label) out.push("This is the agent's default: keep it.");
    if (view.verdict?.floorMet !== false) out.push(view.runnerUp ? `Runner-up: ${view.runnerUp.point.label} — ${usd(view.runnerUp.point.usd)}, worst recall ${percent(view.runnerUp.point.worstRecall)}.` : "Runner-up: none (no other setting meets the floor).");
    if (view.bestReachable && view.bestReachable.configIndex !== chosen.configIndex) out.push(`Best reachable worst-case recall: ${percent(view.bestReachable.worstRecall)}, with ${view.bestReachable.label} (${usd(view.bestReachable.usd)}).`);
    out.push("");
    if (view.recommended.snippets.length === 0) out.push(`# no snippet: ${chosen.label} compacts at the strategy's default, or past the window — leave the agent's setting as it is.`, "");
    for (const snippet of view.recommended.snippets) {
      if (!snippet.supported) {
        out.push(`# ${snippet.agent}: ${snippet.note}`, "");
        continue;
      }
      out.push(`# ${snippet.agent} — ${snippet.file}`, snippet.text.trimEnd(), `# ${snippet.note}`, `# documented: ${snippet.source} (checked ${snippet.checked})`, "");
    }
  } else out.push(`No setting finished with a recall score and a cost on every session${view.runs.failed ? ` (${view.runs.failed} replays failed)` : ""}.`);
  if (view.skipped.length > 0) out.push(`Not replayed: ${view.skipped.join("; ")}.`);
  return `${out.join("\n").trimEnd()}\n`;
}
