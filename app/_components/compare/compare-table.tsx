"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import type { CompareRow } from "@/lib/api/contracts/compare-schemas";
import { settingsSnippet } from "@/lib/compare/settings-snippet";
import type { CompareEntry } from "@/lib/client/compare-state";
import { PROBE_KINDS } from "@/lib/engine/evaluate/probe";
import { formatCompact, formatCount, formatUsd, plural } from "@/app/_components/format-number";
import { RetentionCell } from "./retention-cell";
import { formatShare } from "@/lib/client/retention-colour";
import { IntervalCell } from "./interval-cell";
import { DEFAULT_QUALITY_MEASURE, qualityOfRow } from "@/lib/compare/default-quality-measure";
import { rankGroups, type RankGroup } from "@/lib/compare/rank-groups";
import { SettingsSnippetView } from "./settings-snippet-view";
import { useJudgedProbesOfRuns, type JudgedProbesOfRun } from "./use-judged-probes-of-runs";

// headers wrap (two words on two lines), figures do not: at 1440 px the table's nowrap headers pushed its last
// columns out of the box, cut at "R…"
const TH = "px-1.5 py-1 text-right align-bottom font-medium leading-tight";
const TD = "px-1.5 py-1 text-right tabular-nums whitespace-nowrap";

/** The playground URL that opens a stored run. */
export function runHref(sessionId: string, runId: string): string {
  return `/sessions/${encodeURIComponent(sessionId)}?run=${encodeURIComponent(runId)}`;
}

/**
 * The compare table: one row per configuration with every figure of {@link CompareRow} — context peak and mean,
 * compactions and prunes, tokens sent and saved against `none`, summarizer tokens and cost, fallbacks, failed summaries, guard trips,
 * overflows, retention overall and per probe kind (coloured), after compactions, and judged retention when the
 * comparison was judged. The label links to the run in the playground; a row whose configuration failed shows the
 * error instead of figures. "Settings for <agent>" opens the snippet for the agent the strategy mirrors.
 */
export function CompareTable({
  entries,
  colourOf,
  selectedKey,
  onSelect,
}: {
  entries: CompareEntry[];
  colourOf: (entry: CompareEntry) => string | undefined;
  /** the entry whose lost probes the probes panel shows */
  selectedKey?: string | null;
  onSelect?: (entry: CompareEntry) => void;
}) {
  const [snippetKey, setSnippetKey] = useState<string | null>(null);
  const rows = entries.flatMap((entry) => (entry.row ? [entry.row] : []));
  const kinds = useMemo(() => kindsOf(rows), [rows]);
  const judged = rows.some((row) => row.judged !== null);
  // optional: judged probes (issue #25, item 4) are asked per run in the playground; the column reads what is stored
  const [withJudgedProbes, setWithJudgedProbes] = useState(false);
  const judgedProbes = useJudgedProbesOfRuns(entries.flatMap((entry) => (entry.runId && entry.phase === "done" ? [entry.runId] : [])), withJudgedProbes);
  const ranks = useMemo(() => rankOfEntries(entries), [entries]);
  // the probe kinds' own columns on request: seven more columns pushed the table's last ones out of a 1440 px page
  const [byKind, setByKind] = useState(false);
  // configuration, rank, 11 figures, recall, probes, [kinds], [judged], [judged probes], actions
  const columns = 15 + (byKind ? kinds.length : 0) + (judged ? 1 : 0) + (withJudgedProbes ? 1 : 0) + 1;
  const snippetEntry = entries.find((entry) => entry.key === snippetKey && entry.row) ?? null;
  const snippet = snippetEntry?.row ? settingsSnippet({ strategyId: snippetEntry.row.strategy, settings: snippetEntry.row.settings, window: snippetEntry.row.window }) : null;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <label className="flex items-center gap-1 text-xs text-slate-600">
          <input type="checkbox" data-testid="compare-judged-probes-toggle" checked={withJudgedProbes} onChange={(event) => setWithJudgedProbes(event.target.checked)} />
          Judged probes column (grades 0–5 stored with each run; judge a run from its playground view)
          {withJudgedProbes && judgedProbes.error && <span className="text-red-700">: could not load them</span>}
        </label>
        {kinds.length > 0 && (
          <label className="flex items-center gap-1 text-xs text-slate-600">
            <input type="checkbox" data-testid="compare-kinds-toggle" checked={byKind} onChange={(event) => setByKind(event.target.checked)} />
            Probe retention by kind ({kinds.length} columns: {kinds.join(", ")})
          </label>
        )}
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
        <table data-testid="compare-table" className="min-w-full text-xs">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th className="sticky left-0 z-10 bg-slate-50 px-1.5 py-1 text-left align-bottom font-medium">Configuration</th>
              <th className={TH} title={`by ${DEFAULT_QUALITY_MEASURE === "probeRetention" ? "probe retention (the measure closest to hand-written probes)" : "continuation recall on the shared exam"}; settings whose 95% intervals overlap the best of their group are tied, not ranked`}>Rank</th>
              <th className={TH} title="largest context: at a model call or after the last message (the figure a run and the preview show); below, the mean context over the model calls">Peak / mean</th>
              <th className={TH} title="compactions; below, prunes">Compactions</th>
              <th className={TH} title="Σ context over every model call: what the agent pays input tokens for; below, none's tokens sent minus this one's">Tokens sent</th>
              <th className={TH} title="summarizer input / output tokens">Summarizer</th>
              <th className={TH} title="estimated USD of the summarizer calls (dated price table)">Cost</th>
              <th className={TH} title="every model call and summarizer call in USD, with prompt caching (the same calls without caching below); the priced model's dated prices">Dollars</th>
              <th className={TH} title="cache reads ÷ input over the model calls">Cache hits</th>
              <th className={TH}>Fallbacks</th>
              <th className={TH} title="summarizer calls that failed after the SDK's retries (3 in a row and the rest fall back without calling)">Failed summaries</th>
              <th className={TH}>Guard trips</th>
              <th className={TH}>Overflows</th>
              <th className={TH} title="continuation recall on one exam for every row: at the same checkpoints of the session, the share of the facts its later messages use (files, commands, identifiers, numbers, error names) that the context holds; a call over the window is refused and loses them all. Whiskers: 95% bootstrap interval">
                Recall
              </th>
              <th className={TH} title="probe retention: weighted share of the lab's extracted probes (found by its own recognisers) in the final context">Probes</th>
              {byKind && kinds.map((kind) => (
                <th key={kind} className={TH}>
                  {kind}
                </th>
              ))}
              {judged && <th className={TH} title="a model asked, given only the final context, whether each probe survived">Judged</th>}
              {withJudgedProbes && (
                <th className={TH} title="judged probes: questions written from the history before each compaction, answered from the compacted context, graded 0–5 on six dimensions">
                  Judged probes
                </th>
              )}
              <th className="px-1.5 py-1 text-left font-medium" />
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => {
              const row = entry.row;
              const agent = row ? settingsSnippet({ strategyId: row.strategy, settings: row.settings, window: row.window })?.agent ?? null : null;
              const open = snippetKey === entry.key && agent !== null;
              const selectedRow = selectedKey === entry.key;
              return (
                <tr
                  key={entry.key}
                  data-testid="compare-row"
                  data-config={entry.label}
                  data-strategy={row?.strategy ?? ""}
                  data-phase={entry.phase}
                  data-selected={selectedKey === entry.key ? "true" : "false"}
                  className={`border-t border-slate-100 ${selectedRow ? "bg-violet-50" : ""}`}
                >
                  <td className={`sticky left-0 z-10 max-w-[16rem] px-1.5 py-1 text-left ${selectedRow ? "bg-violet-50" : "bg-white"}`}>
                    <span className="flex items-center gap-1.5">
                      <span className="inline-block h-2.5 w-2.5 shrink-0 rounded-full" style={{ background: colourOf(entry) ?? "#cbd5e1" }} />
                      {entry.runId && entry.phase === "done" ? (
                        <Link href={runHref(entry.sessionId, entry.runId)} data-testid="compare-row-link" className="truncate font-medium text-violet-800 hover:underline" title={`Open this run in the playground: ${entry.label}`}>
                          {entry.label}
                        </Link>
                      ) : (
                        <span className="truncate font-medium">{entry.label}</span>
                      )}
                    </span>
                  </td>
                  <td className={TD} data-testid="cell-rank" data-place={ranks.get(entry.key)?.place ?? ""} data-tied={ranks.get(entry.key)?.tied ? "true" : "false"}>
                    {ranks.get(entry.key)?.label ?? "—"}
                  </td>
                  {row ? (
                    <Figures row={row} kinds={byKind ? kinds : []} judged={judged} judgedProbes={withJudgedProbes ? { value: entry.runId ? judgedProbes.data?.byRunId[entry.runId] ?? null : null, loading: judgedProbes.isPending } : undefined} />
                  ) : (
                    <td colSpan={columns - 3} data-testid={entry.error ? "compare-row-error" : undefined} className={`px-1.5 py-1 ${entry.error ? "text-red-700" : "text-slate-500"}`}>
                      {entry.error ? `${entry.error.message} (${entry.error.code})` : entry.phase === "cancelled" ? "not finished" : entry.phase === "running" ? "running…" : "waiting…"}
                    </td>
                  )}
                  <td className="px-1.5 py-1 text-left">
                    <div className="flex w-28 flex-col items-start">
                    {agent && (
                      <button type="button" data-testid="snippet-toggle" aria-expanded={open} onClick={() => setSnippetKey(open ? null : entry.key)} className={`text-left text-violet-700 hover:underline ${open ? "font-semibold" : ""}`}>
                        Settings for {agent}
                      </button>
                    )}
                    {row && onSelect && (
                      <button type="button" data-testid="select-lost-probes" onClick={() => onSelect(entry)} className="text-slate-600 hover:underline">
                        Lost probes
                      </button>
                    )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {snippetEntry && snippet && (
        <div className="rounded-lg border border-violet-200 bg-white p-2 shadow-sm">
          <div className="mb-1 flex items-center gap-2 text-xs text-slate-500">
            <span>
              for <span className="font-medium text-slate-800">{snippetEntry.label}</span>
            </span>
            <button type="button" onClick={() => setSnippetKey(null)} className="ml-auto text-violet-700 hover:underline">
              close
            </button>
          </div>
          <SettingsSnippetView snippet={snippet} />
        </div>
      )}
    </div>
  );
}

function Figures({ row, kinds, judged, judgedProbes }: { row: CompareRow; kinds: string[]; judged: boolean; judgedProbes?: { value: JudgedProbesOfRun | null; loading: boolean } }) {
  return (
    <>
      <td className={TD}>
        <div data-testid="cell-peak" className="font-semibold" title={`peak ${formatCount(row.peakContextTokens)}`}>{formatCompact(row.peakContextTokens)}</div>
        <div data-testid="cell-mean" className="text-[10px] text-slate-500" title={`mean ${formatCount(row.meanContextTokens)}`}>{formatCompact(row.meanContextTokens)}</div>
      </td>
      <td className={TD}>
        <div data-testid="cell-compactions">{formatCount(row.compactions)}</div>
        <div data-testid="cell-prunes" className="text-[10px] text-slate-500">{row.prunes > 0 ? plural(row.prunes, "prune") : "no prunes"}</div>
      </td>
      <td className={TD}>
        <div data-testid="cell-sent" title={formatCount(row.totalTokensSent)}>{formatCompact(row.totalTokensSent)}</div>
        <div data-testid="cell-saved" className={`text-[10px] ${row.tokensSavedVsNone > 0 ? "text-emerald-700" : row.tokensSavedVsNone < 0 ? "text-red-700" : "text-slate-500"}`} title={`${formatCount(row.tokensSavedVsNone)} saved vs none`}>
          {row.tokensSavedVsNone < 0 ? "−" : ""}
          {formatCompact(Math.abs(row.tokensSavedVsNone))} saved
        </div>
      </td>
      <td className={TD} title={`${formatCount(row.summarizerTokens.input)} in · ${formatCount(row.summarizerTokens.output)} out`}>
        {row.summarizerTokens.input + row.summarizerTokens.output === 0 ? "—" : `${formatCompact(row.summarizerTokens.input)} / ${formatCompact(row.summarizerTokens.output)}`}
      </td>
      <td className={TD} data-testid="cell-cost">{row.estimatedCostUsd === null ? "—" : `$${row.estimatedCostUsd.toFixed(4)}`}</td>
      <td className={TD} data-testid="cell-dollars" title={row.cost ? `${row.cost.model}: ${formatUsd(row.cost.totalUsd)} with caching, ${formatUsd(row.cost.withoutCachingUsd)} without` : "no dated price for the model"}>
        {row.cost ? (
          <>
            <div className="font-semibold">{formatUsd(row.cost.totalUsd)}</div>
            <div className="text-[10px] text-slate-500">no cache {formatUsd(row.cost.withoutCachingUsd)}</div>
          </>
        ) : (
          "—"
        )}
      </td>
      <td className={TD} data-testid="cell-hit-rate">{row.cost?.hitRate == null ? "—" : `${(row.cost.hitRate * 100).toFixed(0)}%`}</td>
      <td className={`${TD} ${row.fallbacks > 0 ? "text-amber-700" : ""}`}>{formatCount(row.fallbacks)}</td>
      <td className={`${TD} ${row.summarizerFailures > 0 ? "text-red-700" : ""}`} data-testid="cell-summarizer-failures">{formatCount(row.summarizerFailures)}</td>
      <td className={`${TD} ${row.guardTrips > 0 ? "text-amber-700" : ""}`}>{formatCount(row.guardTrips)}</td>
      <td className={`${TD} ${row.overflows > 0 ? "font-semibold text-red-700" : ""}`}>{formatCount(row.overflows)}</td>
      <IntervalCell
        score={row.continuationRecall?.overall ?? null}
        low={row.continuationRecall?.low ?? null}
        high={row.continuationRecall?.high ?? null}
        title={recallTitle(row)}
        testId="cell-recall"
        strong
        note={row.continuationRecall?.refused ? `${row.continuationRecall.refused} refused` : undefined}
      />
      <IntervalCell score={row.retention.overall} low={row.retention.low ?? null} high={row.retention.high ?? null} testId="cell-retention" title="probe retention in the final context; 95% bootstrap interval over the probes" />
      {kinds.map((kind) => (
        <RetentionCell key={kind} score={row.retention.byKind[kind]?.score ?? null} detail={row.retention.byKind[kind]} testId={`cell-kind-${kind}`} />
      ))}
      {judged && <RetentionCell score={row.judged?.overall ?? null} testId="cell-judged" />}
      {judgedProbes && (
        <td className={TD} data-testid="cell-judged-probes" title={judgedProbes.value ? `${judgedProbes.value.compactions} compactions judged by ${judgedProbes.value.judge}` : "not judged: open the run to judge it"}>
          {judgedProbes.loading ? "…" : judgedProbes.value?.overall == null ? "—" : `${judgedProbes.value.overall.toFixed(1)} / 5`}
        </td>
      )}
    </>
  );
}

/**
 * Kinds some row counted a probe of, in the engine's order, then any other (sorted), so the columns do not move
 * between runs. A kind nobody counted (no user probes, a session without errors) would be a column of dashes.
 */
function kindsOf(rows: readonly CompareRow[]): string[] {
  const present = new Set(rows.flatMap((row) => Object.entries(row.retention.byKind).flatMap(([kind, score]) => (score.counted > 0 ? [kind] : []))));
  const known: string[] = PROBE_KINDS.filter((kind) => present.has(kind));
  const extra = [...present].filter((kind) => !(PROBE_KINDS as readonly string[]).includes(kind)).sort();
  return [...known, ...extra];
}

/**
 * Each entry's rank by the default quality measure among the entries of its session (a multi-session view ranks
 * each session apart): settings whose intervals overlap are tied (`rankGroups`).
 */
function rankOfEntries(entries: readonly CompareEntry[]): Map<string, RankGroup | null> {
  const ranks = new Map<string, RankGroup | null>();
  for (const sessionId of new Set(entries.map((entry) => entry.sessionId))) {
    const group = entries.filter((entry) => entry.sessionId === sessionId && entry.row);
    const ranked = rankGroups(group.map((entry, index) => ({ id: index, ...qualityOfRow(entry.row!, DEFAULT_QUALITY_MEASURE) })));
    group.forEach((entry, index) => ranks.set(entry.key, ranked.get(index) ?? null));
  }
  return ranks;
}

/** What a recall cell's score is made of: facts held over facts counted, at how many cuts. */
function recallTitle(row: CompareRow): string {
  // the strategy's compaction item is encrypted (OpenAI's): only what it kept can be read
  const opaque = row.strategy === "openai-compaction" ? " — its compaction item is encrypted: recall counts only the messages kept; only judged evaluation applies" : "";
  return recallTitleOf(row) + opaque;
}

function recallTitleOf(row: CompareRow): string {
  const recall = row.continuationRecall;
  if (!recall) return "not scored (a row stored before continuation recall)";
  if (recall.exam) {
    const interval = recall.low != null && recall.high != null ? `, 95% interval ${formatShare(recall.low)}–${formatShare(recall.high)}` : "";
    const refused = recall.refused ? ` ${recall.refused} of them refused: the context was over the window, every fact there lost.` : "";
    return `${recall.present.toLocaleString("en-US")} of ${recall.counted.toLocaleString("en-US")} facts held at ${recall.exam.checkpoints.length} checkpoints${interval}.${refused} The replay cut its context ${recall.events.toLocaleString("en-US")} times.`;
  }
  if (recall.events === 0) return "nothing was ever cut: the context holds every fact";
  return `${recall.present.toLocaleString("en-US")} of ${recall.counted.toLocaleString("en-US")} facts held over ${recall.points.length} cuts${recall.events > recall.points.length ? ` (sampled from ${recall.events})` : ""}`;
}
