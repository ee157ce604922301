"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import type { RecommendRequest } from "@/lib/api/contracts/recommend-schemas";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { recommendQueries, useCancelRecommendation, useStartRecommendation } from "@/lib/query-hooks/recommend-queries";
import { sessionQueries } from "@/lib/query-hooks/session-queries";
import { ApiErrorView } from "@/app/_components/api-error-view";
import { RecommendChart } from "./recommend-chart";
import { RecommendForm, type ModelOption, type StrategyOption } from "./recommend-form";
import { RecommendSnippets, RecommendTable, RecommendVerdict } from "./recommend-result";

/**
 * The recommender: under `?id=` (so a reload or a link brings it back) the stored recommendation first, as its runs
 * finish: progress and cancel, the verdict, the plot with the frontier, the snippets for the recommended setting (and
 * the runner-up's), and every setting's figures, each blank saying why; then the form, its request refilled.
 */
export function RecommendView({ models, strategies }: { models: ModelOption[]; strategies: StrategyOption[] }) {
  const router = useRouter();
  const id = useSearchParams().get("id");
  const start = useStartRecommendation();
  const stored = useQuery({ ...recommendQueries.view(id ?? ""), enabled: id !== null });
  // The form shows the request of the recommendation under ?id= once it loads (a reload, a link, back and forward),
  // so it can be changed and run again; not the one just started from the form, which already shows it.
  const [formFor, setFormFor] = useState<string | null>(null);
  const [startedId, setStartedId] = useState<string | null>(null);
  const [restored, setRestored] = useState<{ serial: number; id: string; request: RecommendRequest } | null>(null);
  if (id !== null && formFor !== id) {
    if (id === startedId) {
      setFormFor(id);
      setStartedId(null);
    } else if (stored.data) {
      setFormFor(id);
      setRestored({ serial: (restored?.serial ?? 0) + 1, id, request: stored.data.request });
    }
  }
  const sessions = useQuery(sessionQueries.list());
  const titleOf = useMemo(() => {
    const byId = new Map((sessions.data?.sessions ?? []).map((session) => [session.id, session.title]));
    return (sessionId: string) => byId.get(sessionId) ?? sessionId;
  }, [sessions.data]);
  return (
    <div className="space-y-3">
      <header>
        <h1 className="text-lg font-semibold">Recommend a compaction threshold</h1>
        <p className="max-w-4xl text-xs text-slate-600">
          The lab replays the sessions with each strategy&apos;s trigger at every share of the window, prices every setting with prompt caching and scores its
          continuation recall, then recommends the cheapest setting that keeps the floor on every session — or, when none does, says so and still names the best value — with the configuration to paste into each agent.
        </p>
      </header>
      {/* a stored recommendation comes first, its verdict on top; the form (its request, to change and run again) after it */}
      {id && <StoredRecommendation id={id} titleOf={titleOf} />}
      {id && <h2 className="pt-2 text-sm font-semibold text-slate-800">Change the request and run again</h2>}
      <RecommendForm
        key={restored?.serial ?? 0}
        models={models}
        strategies={strategies}
        busy={start.isPending}
        initial={restored?.request}
        initialShown={restored !== null && restored.id === id}
        onStart={(input) =>
          start.mutate(input, {
            onSuccess: (started) => {
              setStartedId(started.id);
              router.push(`/recommend?id=${encodeURIComponent(started.id)}`);
              // the new recommendation shows at the top of the page, above the form just used
              window.scrollTo({ top: 0 });
            },
          })
        }
      />
      {start.error && <ApiErrorView title="The recommendation was refused" error={toApiErrorBody(start.error)} testId="recommend-error" />}
    </div>
  );
}

function StoredRecommendation({ id, titleOf }: { id: string; titleOf: (id: string) => string }) {
  const query = useQuery(recommendQueries.view(id));
  const cancel = useCancelRecommendation(id);
  if (query.error) return <ApiErrorView title="Could not load the recommendation" error={toApiErrorBody(query.error)} testId="recommend-load-error" />;
  const view = query.data;
  if (!view) return <div className="h-40 animate-pulse rounded-lg bg-slate-200/60" aria-busy="true" />;
  const share = view.runs.total === 0 ? 1 : view.runs.ended / view.runs.total;
  return (
    <div data-testid="recommendation" data-id={view.id} data-state={view.state} className="space-y-3">
      <section className="flex flex-wrap items-center gap-3 text-xs" aria-label="Progress">
        <span data-testid="recommend-progress" className="tabular-nums text-slate-700">
          {view.runs.ended} of {view.runs.total} replays ended{view.runs.failed > 0 ? ` (${view.runs.failed} failed)` : ""} · {view.request.sessionIds.length} session{view.request.sessionIds.length === 1 ? "" : "s"} · windows{" "}
          {view.request.windows?.map((window) => window.toLocaleString("en-US")).join(", ")} · floor {view.request.within === undefined ? `${Math.round(view.request.floor * 1000) / 10}%` : `within ${view.request.within} points of no compaction`}
        </span>
        <div className="h-2 w-48 overflow-hidden rounded bg-slate-200" role="progressbar" aria-valuemin={0} aria-valuemax={view.runs.total} aria-valuenow={view.runs.ended} aria-label="Replays ended">
          <div className="h-full bg-violet-600" style={{ width: `${Math.round(share * 100)}%` }} />
        </div>
        {view.state === "running" && (
          <button type="button" data-testid="recommend-cancel" disabled={cancel.isPending} onClick={() => cancel.mutate()} className="rounded border border-slate-300 bg-white px-2 py-0.5 font-medium hover:bg-slate-50">
            Cancel
          </button>
        )}
        {view.state === "cancelled" && <span className="text-amber-900">cancelled</span>}
      </section>
      {cancel.error && <ApiErrorView title="Could not cancel" error={toApiErrorBody(cancel.error)} />}
      <RecommendVerdict view={view} titleOf={titleOf} />
      <RecommendChart view={view} />
      {view.recommended && <RecommendSnippets choice={view.recommended} title={`The recommended setting in each agent: compact at ${Math.round((view.recommended.point.effectiveShare ?? 0) * 1000) / 10}% of ${view.recommended.point.window?.toLocaleString("en-US")} tokens`} />}
      {view.runnerUp && (
        <details className="rounded-lg border border-slate-200 bg-white p-2 text-xs">
          <summary className="cursor-pointer font-semibold text-slate-800">The runner-up in each agent</summary>
          <RecommendSnippets choice={view.runnerUp} title={`Runner-up: ${view.runnerUp.point.label}`} />
        </details>
      )}
      {view.skipped.length > 0 && <p className="text-xs text-slate-600">Not replayed: {view.skipped.join("; ")}.</p>}
      <RecommendTable view={view} titleOf={titleOf} />
    </div>
  );
}
