"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { configRequestOf, draftLabel, duplicateLabels, type DraftConfig } from "@/lib/client/compare-configs";
import type { CompareEntry } from "@/lib/client/compare-state";
import { runQueries } from "@/lib/query-hooks/run-queries";
import { sessionQueries } from "@/lib/query-hooks/session-queries";
import { ApiErrorView } from "@/app/_components/api-error-view";
import { CompareChart, type CompareSeries } from "@/app/_components/compare/compare-chart";
import { externalSends } from "@/lib/api/contracts/external-sends";
import { CompareOptionsForm, compareOptionsOf, initialCompareOptions, type CompareOptionsDraft } from "@/app/_components/compare/compare-options-form";
import { CompareProgress } from "@/app/_components/compare/compare-progress";
import { CompareTable } from "@/app/_components/compare/compare-table";
import { ParetoChart } from "@/app/_components/compare/pareto-chart";
import { ConfigBuilder } from "@/app/_components/compare/config-builder";
import { ShareComparisonButton } from "@/app/_components/compare/share-comparison-button";
import { ExportButtons, fileSlug } from "@/app/_components/compare/export-buttons";
import { seriesColour } from "@/app/_components/compare/series-colour";
import { useCompareStream } from "@/app/_components/compare/use-compare-stream";
import { useRememberedState } from "@/app/_components/compare/use-remembered-state";
import { useRestoredSetup } from "@/app/_components/compare/use-restored-setup";
import { WorkbenchNav } from "@/app/_components/compare/workbench-nav";
import { IdleStrategiesHint } from "@/app/_components/compare/idle-strategies-hint";
import { idleStrategies } from "@/lib/client/idle-strategies";
import { ProbesPanel } from "./probes-panel";
import { usePresetDrafts } from "./use-preset-drafts";
import { OpeningNote } from "./opening-note";

/**
 * Compare strategies on one session: build 2–24 configurations, run them together with progress per
 * configuration, then read their curves on one chart, the table of figures and retention, what each one lost, and
 * export the table or a configuration's settings for its agent.
 */
export function CompareView({ sessionId }: { sessionId: string }) {
  const session = useQuery(sessionQueries.detail(sessionId));
  const strategies = useQuery(runQueries.strategies());
  const [drafts, setDrafts] = useRememberedState<DraftConfig[]>(`compare:${sessionId}:drafts`, []);
  const [options, setOptions] = useRememberedState<CompareOptionsDraft>(`compare:${sessionId}:options`, () => initialCompareOptions(null));
  const [selectedKey, setSelectedKey] = useRememberedState<string | null>(`compare:${sessionId}:selected`, null);
  const stream = useCompareStream(`compare:${sessionId}`);
  const { state } = stream;

  const list = strategies.data?.strategies;
  useRestoredSetup({ setup: state.setup, strategies: list, drafts, setDrafts, setOptions });
  const opening = usePresetDrafts({ strategies: list, format: session.error ? null : session.data?.format, drafts, setDrafts });
  // the note on why these configurations, while the builder still holds the ones the page opened with
  const openingShown = opening !== null && opening.drafts.length === drafts.length && opening.drafts.every((draft, index) => drafts[index]?.id === draft.id);
  const defaultsOf = useMemo(() => {
    const byId = new Map((list ?? []).map((strategy) => [strategy.id, strategy.defaults]));
    return (id: string) => byId.get(id) ?? {};
  }, [list]);
  const sessionWindow = typeof session.data?.meta.contextWindow === "number" ? session.data.meta.contextWindow : null;
  const duplicates = duplicateLabels(drafts, defaultsOf);
  const canRun = drafts.length >= 2 && duplicates.size === 0 && !stream.busy;

  const run = (overrides: Partial<CompareOptionsDraft> = {}) => {
    const compare = compareOptionsOf({ ...options, ...overrides });
    // a session holding credentials goes to a model outside the lab only when the user says so here
    const sends = externalSends({ ...compare, summarizer: compare.summarizer ?? "extractive" });
    const held = session.data?.secrets.count ?? 0;
    const allowSecrets = sends.length > 0 && held > 0;
    if (allowSecrets && !window.confirm(`This session holds ${held} unredacted credential${held === 1 ? "" : "s"} (${session.data?.secrets.kinds.join(", ")}). Send it to ${sends.join(" and ")} anyway? Redacting the session first avoids this.`)) return;
    setSelectedKey(null);
    void stream.start({
      url: `/api/sessions/${encodeURIComponent(sessionId)}/compare`,
      body: { ...compare, ...(allowSecrets ? { allowSecrets: true } : {}), configs: drafts.map((draft) => configRequestOf(draft, defaultsOf(draft.strategy))) },
      expected: drafts.map((draft, index) => ({ index, sessionId, label: draftLabel(draft, defaultsOf(draft.strategy)) })),
      sessionIds: [sessionId],
    });
  };

  const colourOf = (entry: CompareEntry) => seriesColour(entry.index);
  const series: CompareSeries[] = useMemo(
    () => state.entries.flatMap((entry) => (entry.curve ? [{ key: entry.key, label: entry.label, colour: seriesColour(entry.index), curve: entry.curve }] : [])),
    [state.entries],
  );
  const rows = state.entries.flatMap((entry) => (entry.row ? [entry.row] : []));
  const chartWindow = rows[0]?.window ?? options.window ?? sessionWindow;
  // a finished comparison's stored runs, for a read-only share link
  const sharedRunIds = stream.busy ? [] : state.entries.flatMap((entry) => (entry.row && entry.runId ? [entry.runId] : []));
  const selected = state.entries.find((entry) => entry.key === selectedKey) ?? null;
  const idle = state.phase === "done" ? idleStrategies(rows) : null;
  const tryWindow = (window: number) => {
    setOptions({ ...options, window });
    run({ window });
  };

  return (
    <div className="space-y-3">
      <WorkbenchNav sessionId={sessionId} title={session.data?.title ?? null} current="compare" />
      {session.error && <ApiErrorView title="Could not load this session" error={toApiErrorBody(session.error)} testId="session-error" />}
      {strategies.error && <ApiErrorView title="Could not load the strategies" error={toApiErrorBody(strategies.error)} />}
      {list ? (
        <ConfigBuilder strategies={list} drafts={drafts} onChange={setDrafts} disabled={stream.busy} />
      ) : (
        <div className="h-24 animate-pulse rounded-lg bg-slate-200/60" aria-busy="true" />
      )}
      {openingShown && <OpeningNote opening={opening} />}
      <div className="flex flex-wrap items-end gap-3">
        <CompareOptionsForm options={options} onChange={setOptions} sessionWindow={sessionWindow} disabled={stream.busy} />
        <button type="button" data-testid="compare-run" disabled={!canRun} onClick={() => run()} className="rounded-md bg-violet-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-violet-800 disabled:opacity-50">
          {stream.busy ? "Running…" : `Run ${drafts.length} configurations`}
        </button>
      </div>
      {state.error && <ApiErrorView title={state.phase === "failed" && state.entries.every((entry) => entry.phase !== "done") ? "The comparison was refused or failed" : "The comparison stopped"} error={state.error} testId="compare-error" />}
      <CompareProgress state={state} onCancel={stream.cancel} />
      {idle && <IdleStrategiesHint hint={idle} onTryWindow={tryWindow} disabled={!canRun} />}
      {series.length > 0 && <CompareChart series={series} window={chartWindow} />}
      {rows.length >= 2 && <ParetoChart entries={state.entries} colourOf={colourOf} />}
      {state.entries.length > 0 && (
        <section className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-sm font-semibold text-slate-800">Figures per configuration</h2>
            <span className="text-xs text-slate-500">tokens by the {rows[0]?.estimator ?? options.estimator} estimator · a label opens its run in the playground</span>
            <span className="ml-auto flex items-center gap-2">
              {sharedRunIds.length >= 2 && <ShareComparisonButton key={sharedRunIds.join()} sessionId={sessionId} runIds={sharedRunIds} />}
              <ExportButtons rows={rows} basename={`compare-${fileSlug(session.data?.title ?? sessionId)}`} />
            </span>
          </div>
          <CompareTable entries={state.entries} colourOf={colourOf} selectedKey={selectedKey} onSelect={(entry) => setSelectedKey(entry.key)} />
        </section>
      )}
      <ProbesPanel sessionId={sessionId} selected={selected} />
    </div>
  );
}
