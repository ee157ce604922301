"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo } from "react";
import { MAX_MULTI_SESSIONS } from "@/lib/api/contracts/compare-schemas";
import { externalSends } from "@/lib/api/contracts/external-sends";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { configRequestOf, draftLabel, duplicateLabels, type DraftConfig } from "@/lib/client/compare-configs";
import type { CompareEntry } from "@/lib/client/compare-state";
import { runQueries } from "@/lib/query-hooks/run-queries";
import { sessionQueries } from "@/lib/query-hooks/session-queries";
import { ApiErrorView } from "@/app/_components/api-error-view";
import { SessionPicker } from "@/app/_components/session-picker";
import { AggregateTable } from "@/app/_components/compare/aggregate-table";
import { CompareOptionsForm, compareOptionsOf, initialCompareOptions, type CompareOptionsDraft } from "@/app/_components/compare/compare-options-form";
import { CompareProgress } from "@/app/_components/compare/compare-progress";
import { CompareTable } from "@/app/_components/compare/compare-table";
import { ConfigBuilder } from "@/app/_components/compare/config-builder";
import { ExportButtons, fileSlug } from "@/app/_components/compare/export-buttons";
import { seriesColour } from "@/app/_components/compare/series-colour";
import { useCompareStream } from "@/app/_components/compare/use-compare-stream";
import { useRestoredSetup } from "@/app/_components/compare/use-restored-setup";
import { useRememberedState } from "@/app/_components/compare/use-remembered-state";

/**
 * One configuration set over several sessions: pick the sessions and the configurations, run them all with
 * progress, then read each session's table and the aggregate (mean and worst case per configuration).
 */
export function MultiCompareView() {
  const sessions = useQuery(sessionQueries.list());
  const strategies = useQuery(runQueries.strategies());
  const [rememberedPicks, setPicked] = useRememberedState<string[]>("multi:sessions", []);
  const [drafts, setDrafts] = useRememberedState<DraftConfig[]>("multi:drafts", []);
  const [options, setOptions] = useRememberedState<CompareOptionsDraft>("multi:options", () => initialCompareOptions(null));
  const stream = useCompareStream("multi");
  const { state } = stream;

  const list = strategies.data?.strategies;
  useRestoredSetup({ setup: state.setup, strategies: list, drafts, setDrafts, setOptions, setSessionIds: setPicked });
  const defaultsOf = useMemo(() => {
    const byId = new Map((list ?? []).map((strategy) => [strategy.id, strategy.defaults]));
    return (id: string) => byId.get(id) ?? {};
  }, [list]);
  const titleOf = useMemo(() => {
    const byId = new Map((sessions.data?.sessions ?? []).map((session) => [session.id, session.title]));
    return (id: string) => byId.get(id) ?? id;
  }, [sessions.data]);
  // a remembered pick may name a session deleted since: only sessions still listed are sent
  const listed = sessions.data ? new Set(sessions.data.sessions.map((session) => session.id)) : null;
  const picked = listed ? rememberedPicks.filter((id) => listed.has(id)) : rememberedPicks;
  const duplicates = duplicateLabels(drafts, defaultsOf);
  const canRun = picked.length >= 1 && drafts.length >= 1 && duplicates.size === 0 && !stream.busy;

  const toggle = (id: string) => setPicked((current) => (current.includes(id) ? current.filter((other) => other !== id) : current.length < MAX_MULTI_SESSIONS ? [...current, id] : current));
  const run = () => {
    const labels = drafts.map((draft) => draftLabel(draft, defaultsOf(draft.strategy)));
    const compare = compareOptionsOf(options);
    // as on a session's own compare page: sending credentials to a model outside the lab is asked first, naming them
    const sends = externalSends({ ...compare, summarizer: compare.summarizer ?? "extractive" });
    const holding = (sessions.data?.sessions ?? []).filter((session) => picked.includes(session.id) && session.secrets.count > 0);
    const allowSecrets = sends.length > 0 && holding.length > 0;
    if (allowSecrets) {
      const held = holding.reduce((sum, session) => sum + session.secrets.count, 0);
      const named = holding.map((session) => `"${session.title}" (${session.secrets.count}: ${session.secrets.kinds.join(", ")})`).join("; ");
      const question = `${holding.length === 1 ? "One picked session holds" : `${holding.length} picked sessions hold`} ${held} unredacted credential${held === 1 ? "" : "s"}: ${named}. Send ${holding.length === 1 ? "it" : "them"} to ${sends.join(" and ")} anyway? Redacting the session${holding.length === 1 ? "" : "s"} first avoids this.`;
      if (!window.confirm(question)) return;
    }
    void stream.start({
      url: "/api/compare/multi",
      body: { ...compare, ...(allowSecrets ? { allowSecrets: true } : {}), sessionIds: picked, configs: drafts.map((draft) => configRequestOf(draft, defaultsOf(draft.strategy))) },
      expected: picked.flatMap((sessionId) => labels.map((label, index) => ({ index, sessionId, label }))),
      sessionIds: picked,
    });
  };
  const bySession = useMemo(() => {
    const groups = new Map<string, CompareEntry[]>();
    for (const entry of state.entries) groups.set(entry.sessionId, [...(groups.get(entry.sessionId) ?? []), entry]);
    return [...groups.entries()];
  }, [state.entries]);

  return (
    <div className="space-y-3">
      <header>
        <h1 className="text-lg font-semibold">Compare strategies over several sessions</h1>
        <p className="text-xs text-slate-500">Run one set of configurations over up to {MAX_MULTI_SESSIONS} sessions; the aggregate gives each configuration’s mean and worst case.</p>
      </header>
      {sessions.error && <ApiErrorView title="Could not load the sessions" error={toApiErrorBody(sessions.error)} />}
      {strategies.error && <ApiErrorView title="Could not load the strategies" error={toApiErrorBody(strategies.error)} />}
      <section data-testid="multi-sessions" aria-label="Sessions" className="space-y-1 rounded-lg border border-slate-200 bg-white p-2 text-xs shadow-sm">
        <div className="flex items-center gap-2">
          <h2 className="text-sm font-semibold text-slate-800">Sessions</h2>
          <span className="text-slate-500" data-testid="multi-picked-count">
            {picked.length} picked
          </span>
          {picked.length > 0 && (
            <button type="button" disabled={stream.busy} onClick={() => setPicked([])} className="text-violet-700 hover:underline">
              none
            </button>
          )}
        </div>
        <SessionPicker sessions={sessions.data?.sessions} picked={picked} onToggle={toggle} max={MAX_MULTI_SESSIONS} disabled={stream.busy} checkboxTestId="multi-session-checkbox" />
      </section>
      {list ? <ConfigBuilder strategies={list} drafts={drafts} onChange={setDrafts} disabled={stream.busy} min={1} /> : <div className="h-24 animate-pulse rounded-lg bg-slate-200/60" aria-busy="true" />}
      <div className="flex flex-wrap items-end gap-3">
        <CompareOptionsForm options={options} onChange={setOptions} sessionWindow={null} disabled={stream.busy} />
        <button type="button" data-testid="multi-run" disabled={!canRun} onClick={run} className="rounded-md bg-violet-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-violet-800 disabled:opacity-50">
          {stream.busy ? "Running…" : `Run ${drafts.length} × ${picked.length} sessions`}
        </button>
      </div>
      {state.error && <ApiErrorView title="The comparison was refused or failed" error={state.error} testId="multi-error" />}
      <CompareProgress state={state} onCancel={stream.cancel} labelOf={(entry) => `${titleOf(entry.sessionId)} · ${entry.label}`} />
      {state.aggregate && (
        <section className="space-y-1">
          <h2 className="text-sm font-semibold text-slate-800">Aggregate over {picked.length} sessions</h2>
          <AggregateTable rows={state.aggregate} />
        </section>
      )}
      {bySession.map(([sessionId, entries]) => (
        <section key={sessionId} data-testid="multi-session-result" data-session-id={sessionId} className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-sm font-semibold text-slate-800">
              <Link href={`/sessions/${encodeURIComponent(sessionId)}/compare`} className="hover:underline">
                {titleOf(sessionId)}
              </Link>
            </h2>
            <span className="ml-auto">
              <ExportButtons rows={entries.flatMap((entry) => (entry.row ? [entry.row] : []))} basename={`compare-${fileSlug(titleOf(sessionId))}`} />
            </span>
          </div>
          <CompareTable entries={entries} colourOf={(entry) => seriesColour(entry.index)} />
        </section>
      ))}
    </div>
  );
}
