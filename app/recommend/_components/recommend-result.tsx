"use client";

import Link from "next/link";
import type { RecommendationCell, RecommendationChoice, RecommendationView } from "@/lib/api/contracts/recommend-schemas";
import { longReason, reasonKey, shortReason, whyNoDollars, whyNoRecall, type BlankReason } from "./blank-reasons";
import { formatCount, formatUsd } from "@/app/_components/format-number";
import { SettingsSnippetView } from "@/app/_components/compare/settings-snippet-view";

const percent = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(1)}%`);

/**
 * The verdict: the recommended setting — whenever one finished on every session, saying plainly when it misses the
 * floor and by how much — the runner-up and each against the agent's default; or why there is none.
 */
export function RecommendVerdict({ view, titleOf }: { view: RecommendationView; titleOf: (id: string) => string }) {
  const sessions = view.request.sessionIds.length;
  const floor = view.request.within === undefined ? percent(view.request.floor) : `within ${view.request.within} points of no compaction`;
  if (view.state === "running") return null;
  if (!view.recommended) {
    return (
      <section data-testid="recommend-verdict" data-outcome="none" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <p className="font-semibold">No setting finished with a recall score and a cost on every session{view.runs.failed > 0 ? ` (${view.runs.failed} runs failed)` : ""}.</p>
      </section>
    );
  }
  const chosen = view.recommended.point;
  const met = view.verdict?.floorMet !== false;
  const byTokens = view.verdict !== null && view.verdict.costBasis !== "usd";
  const cost = byTokens ? `${chosen.tokens?.toLocaleString("en-US") ?? "—"} tokens` : formatUsd(chosen.usd);
  return (
    <section
      data-testid="recommend-verdict"
      data-outcome="recommended"
      data-floor-met={met ? "true" : "false"}
      data-rule={view.verdict?.rule ?? ""}
      className={`space-y-1 rounded-lg border p-3 text-sm ${met ? "border-emerald-300 bg-emerald-50 text-emerald-950" : "border-amber-300 bg-amber-50 text-amber-950"}`}
    >
      {!met && view.verdict && (
        <p data-testid="recommend-floor-not-met" className="font-semibold">
          Floor not met: no setting keeps {floor} continuation recall on {sessions === 1 ? "the session" : `every one of the ${sessions} sessions`}. The setting below misses it by {view.verdict.shortBy.toFixed(1)} points.
        </p>
      )}
      <p>
        <span className="font-semibold">Set </span>
        <span data-testid="recommend-setting" className="font-mono font-semibold">
          {chosen.label}
        </span>
        : {cost} over {sessions === 1 ? titleOf(view.request.sessionIds[0]) : `the ${sessions} sessions`}, keeping at worst {percent(chosen.worstRecall)}
        {chosen.low !== null && chosen.high !== null ? ` (95% interval ${percent(chosen.low)}–${percent(chosen.high)})` : ""} continuation recall (floor {floor}).
      </p>
      {view.verdict && <p data-testid="recommend-verdict-summary">{view.verdict.summary}</p>}
      {view.verdict?.costNote && <p data-testid="recommend-cost-note" className="text-slate-700">{view.verdict.costNote}</p>}
      <AgainstDefault choice={view.recommended} />
      {met &&
        (view.runnerUp ? (
          <p data-testid="recommend-runner-up">
            Runner-up: <span className="font-mono">{view.runnerUp.point.label}</span>, {formatUsd(view.runnerUp.point.usd)} ({formatDelta((view.runnerUp.point.usd ?? 0) - (chosen.usd ?? 0))} more), worst recall {percent(view.runnerUp.point.worstRecall)}.
          </p>
        ) : (
          <p data-testid="recommend-runner-up">No other setting meets the floor.</p>
        ))}
      {!met && view.bestReachable && view.bestReachable.configIndex !== chosen.configIndex && (
        <p data-testid="recommend-best-reachable">
          The best reachable worst-case recall is <span className="font-semibold">{percent(view.bestReachable.worstRecall)}</span>, with {view.bestReachable.label} ({formatUsd(view.bestReachable.usd)}).
        </p>
      )}
      {view.state === "cancelled" && <p className="text-amber-900">The recommendation was cancelled: only the settings that finished on every session were considered.</p>}
    </section>
  );
}

function AgainstDefault({ choice }: { choice: RecommendationChoice }) {
  const against = choice.againstDefault;
  if (!against) return null;
  if (against.label === choice.point.label) return <p data-testid="recommend-against-default">This is the agent&apos;s default: keep it.</p>;
  return (
    <p data-testid="recommend-against-default">
      Against the agent&apos;s default ({against.label}: {formatUsd(against.usd)}, worst recall {percent(against.worstRecall)}): {against.usdDelta === null ? "no comparable figure" : against.usdDelta <= 0 ? `${formatDelta(-against.usdDelta)} cheaper` : `${formatDelta(against.usdDelta)} dearer`}.
    </p>
  );
}

function formatDelta(usd: number): string {
  return formatUsd(Math.abs(usd));
}

/** Every agent's configuration for a chosen setting: the ones with a key to copy, and the ones without one, said so. */
export function RecommendSnippets({ choice, title }: { choice: RecommendationChoice; title: string }) {
  if (choice.snippets.length === 0) {
    return <p className="text-xs text-slate-600">{choice.point.label} never compacts at this window: there is no threshold to write.</p>;
  }
  const supported = choice.snippets.filter((snippet) => snippet.supported);
  const without = choice.snippets.filter((snippet) => !snippet.supported);
  return (
    <section data-testid="recommend-snippets" aria-label={title} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <h2 className="text-sm font-semibold text-slate-800">{title}</h2>
      <div className="grid gap-3 md:grid-cols-2">
        {supported.map((snippet) => (
          <div key={snippet.agent} className="space-y-1">
            <SettingsSnippetView snippet={{ agent: snippet.agent, format: snippet.format, file: snippet.file, text: snippet.text, notes: [snippet.note] }} />
            <p className="text-[11px] text-slate-600">
              Documented: {snippet.source} (checked {snippet.checked}).
            </p>
          </div>
        ))}
      </div>
      {without.map((snippet) => (
        <p key={snippet.agent} data-testid="recommend-no-key" className="text-xs text-slate-700">
          <span className="font-semibold">{snippet.agent}:</span> {snippet.note} <span className="text-slate-600">({snippet.source}, checked {snippet.checked})</span>
        </p>
      ))}
    </section>
  );
}

/** A "—" that says why (issue #42, item 11): a few words beside it, the whole sentence in the notes under the table. */
function Blank({ reason }: { reason: BlankReason }) {
  return (
    <span data-testid="recommend-blank" data-reason={reason.kind} title={longReason(reason)}>
      — <span className="text-[10px] text-slate-500">{shortReason(reason)}</span>
    </span>
  );
}

/** Every setting's figures: dollars, worst and mean recall, and each session's own; every blank says why. */
export function RecommendTable({ view, titleOf }: { view: RecommendationView; titleOf: (id: string) => string }) {
  const sorted = [...view.points].sort((a, b) => (a.usd ?? Infinity) - (b.usd ?? Infinity));
  const reasons = new Map<string, BlankReason>();
  const note = (reason: BlankReason | null) => {
    if (reason) reasons.set(reasonKey(reason), reason);
    return reason;
  };
  const dollarsOf = (cells: RecommendationCell[], usd: number | null) => {
    const reason = usd === null ? note(whyNoDollars(cells, view.request.costModel)) : null;
    return reason ? <Blank reason={reason} /> : formatUsd(usd);
  };
  const recallOf = (cells: RecommendationCell[], recall: number | null) => {
    const reason = recall === null ? note(whyNoRecall(cells)) : null;
    return reason ? <Blank reason={reason} /> : percent(recall);
  };
  return (
    <section className="space-y-1">
      <h2 className="text-sm font-semibold text-slate-800">Every setting, cheapest first</h2>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
        <table data-testid="recommend-table" className="min-w-full text-xs">
          <thead className="bg-slate-50 text-left text-slate-700">
            <tr>
              <th className="px-2 py-1">setting</th>
              <th className="px-2 py-1 text-right">dollars</th>
              <th className="px-2 py-1 text-right" title="the worst continuation recall over the sessions, with its 95% bootstrap interval">worst recall [95%]</th>
              <th className="px-2 py-1 text-right" title="by worst recall; settings whose intervals overlap the best of their group are tied">rank</th>
              <th className="px-2 py-1 text-right">mean recall</th>
              {view.request.sessionIds.map((id) => (
                <th key={id} className="max-w-40 truncate px-2 py-1 text-right" title={titleOf(id)}>
                  {titleOf(id)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.map((point) => (
              <tr key={point.configIndex} data-testid="recommend-row" data-meets-floor={point.meetsFloor ? "true" : "false"} className={`border-t border-slate-100 ${view.recommended?.point.configIndex === point.configIndex ? "bg-emerald-50" : ""}`}>
                <td className="px-2 py-1 font-mono">
                  {point.label}
                  {point.onFrontier && <span className="ml-1 text-violet-800" title="on the frontier">◆</span>}
                </td>
                <td className="px-2 py-1 text-right tabular-nums">{dollarsOf(point.cells, point.usd)}</td>
                <td data-testid="recommend-worst-recall" data-low={point.low ?? ""} data-high={point.high ?? ""} className={`px-2 py-1 text-right tabular-nums ${point.meetsFloor ? "text-emerald-800" : "text-slate-700"}`}>
                  {recallOf(point.cells, point.worstRecall)}
                  {point.low !== null && point.high !== null && <span className="ml-1 text-[10px] text-slate-500">[{(point.low * 100).toFixed(1)}–{(point.high * 100).toFixed(1)}]</span>}
                </td>
                <td data-testid="recommend-rank" className="px-2 py-1 text-right tabular-nums text-slate-700">{point.rank?.label ?? (point.worstRecall === null ? <span title="ranked by worst recall, which this setting has not">unranked</span> : "—")}</td>
                <td className="px-2 py-1 text-right tabular-nums">{recallOf(point.cells, point.meanRecall)}</td>
                {point.cells.map((cell) => (
                  <td key={cell.runId} className="px-2 py-1 text-right tabular-nums" title={cell.error ?? undefined}>
                    {cell.status === "done" || cell.status === "degraded" ? (
                      <>
                        <Link href={`/sessions/${encodeURIComponent(cell.sessionId)}?run=${encodeURIComponent(cell.runId)}`} className="text-violet-800 hover:underline">
                          {cell.usd === null ? "—" : formatUsd(cell.usd)} · {cell.recall === null ? "—" : percent(cell.recall)}
                        </Link>
                        {cell.usd === null && <span className="block">{dollarsOf([cell], null)}</span>}
                        {cell.recall === null && <span className="block">{recallOf([cell], null)}</span>}
                      </>
                    ) : (
                      <span className="text-slate-600">{cell.status}</span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {reasons.size > 0 && (
        <ul data-testid="recommend-blank-notes" className="space-y-0.5 text-xs text-slate-700">
          {[...reasons.entries()].map(([key, reason]) => (
            <li key={key} data-reason={reason.kind}>
              <span className="font-semibold">— {shortReason(reason)}:</span> {longReason(reason)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
