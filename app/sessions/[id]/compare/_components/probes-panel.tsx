"use client";

import { LoadProbeSet } from "./load-probe-set";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState, type FormEvent } from "react";
import type { UserProbe } from "@/lib/api/contracts/compare-schemas";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import type { CompareEntry } from "@/lib/client/compare-state";
import { lostProbes } from "@/lib/client/lost-probes";
import { PROBE_KINDS, PROBE_WEIGHTS, type Probe } from "@/lib/engine/evaluate/probe";
import { compareQueries, useAddUserProbe, useDeleteUserProbe } from "@/lib/query-hooks/compare-queries";
import { runQueries } from "@/lib/query-hooks/run-queries";
import { ApiErrorView } from "@/app/_components/api-error-view";
import { formatCount } from "@/app/_components/format-number";

const INPUT = "rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs focus:border-violet-500";
/** Probes listed per kind when expanded; the rest are counted (a large session has hundreds of identifiers). */
const LIST_LIMIT = 200;

/**
 * What retention is scored on: the probes extracted from the session by kind (count, weight, each with the step it
 * first appears at), the user's own probes (add a text or a regex with a label, delete), and — for the configuration
 * selected in the table — which probes its final context lost. Probe text comes from the transcript: plain text only.
 */
export function ProbesPanel({ sessionId, selected }: { sessionId: string; selected: CompareEntry | null }) {
  const probes = useQuery(compareQueries.probes(sessionId));
  return (
    <section data-testid="probes-panel" aria-label="Probes" className="space-y-3 rounded-lg border border-slate-200 bg-white p-3 text-xs shadow-sm">
      <h2 className="text-sm font-semibold text-slate-800">Probes: what each configuration should keep</h2>
      {probes.error && <ApiErrorView title="Could not load the probes" error={toApiErrorBody(probes.error)} testId="probes-error" />}
      {probes.isPending && <div className="h-16 animate-pulse rounded bg-slate-100" aria-busy="true" />}
      {probes.data && (
        <>
          <ExtractedProbes probes={probes.data.extracted.filter((probe) => probe.kind !== "user")} />
          <UserProbes sessionId={sessionId} probes={probes.data.user} scored={probes.data.extracted} />
          <LostProbes selected={selected} probes={probes.data.extracted} />
        </>
      )}
    </section>
  );
}

function ExtractedProbes({ probes }: { probes: Probe[] }) {
  const byKind = useMemo(() => {
    const groups = new Map<string, Probe[]>();
    for (const probe of probes) groups.set(probe.kind, [...(groups.get(probe.kind) ?? []), probe]);
    return [...groups.entries()].sort(([a], [b]) => kindOrder(a) - kindOrder(b));
  }, [probes]);
  return (
    <div className="space-y-1">
      <h3 className="font-semibold text-slate-700">
        Extracted from the session <span className="font-normal text-slate-500" data-testid="extracted-count">{formatCount(probes.length)} probes</span>
      </h3>
      {byKind.length === 0 && <p className="text-slate-500">None found: retention has nothing to score on this session.</p>}
      {byKind.map(([kind, list]) => (
        <details key={kind} data-testid="probe-kind" data-kind={kind} className="rounded border border-slate-100">
          <summary className="flex cursor-pointer items-center gap-2 px-2 py-1 hover:bg-slate-50">
            <span className="font-medium text-slate-800">{kind}</span>
            <span className="tabular-nums text-slate-600" data-testid="probe-kind-count">{formatCount(list.length)}</span>
            <span className="text-slate-500">weight {PROBE_WEIGHTS[kind as keyof typeof PROBE_WEIGHTS] ?? 1}</span>
          </summary>
          <ProbeList probes={list} />
        </details>
      ))}
    </div>
  );
}

function ProbeList({ probes, testId = "probe-item" }: { probes: Probe[]; testId?: string }) {
  return (
    <ul className="max-h-64 space-y-px overflow-y-auto px-2 pb-1">
      {probes.slice(0, LIST_LIMIT).map((probe) => (
        <li key={probe.id} data-testid={testId} className="flex gap-2">
          <span className="w-16 shrink-0 text-right tabular-nums text-slate-500" title="the model call that first sees it">
            step {probe.firstStep}
          </span>
          <span className="min-w-0 break-words font-mono text-slate-800">{probe.label ? `${probe.label}: ${probe.text}` : probe.text}</span>
        </li>
      ))}
      {probes.length > LIST_LIMIT && <li className="text-slate-500">…and {formatCount(probes.length - LIST_LIMIT)} more</li>}
    </ul>
  );
}

function UserProbes({ sessionId, probes, scored }: { sessionId: string; probes: UserProbe[]; scored: Probe[] }) {
  // the scored form of each user probe (`user-<id>`): where the session first has it, or that it never does
  const scoredById = new Map(scored.map((probe) => [probe.id, probe]));
  const add = useAddUserProbe(sessionId);
  const remove = useDeleteUserProbe(sessionId);
  const [kind, setKind] = useState<"text" | "regex">("text");
  const [pattern, setPattern] = useState("");
  const [label, setLabel] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { kind, pattern, ...(label.trim() ? { label: label.trim() } : {}) },
      {
        onSuccess: () => {
          setPattern("");
          setLabel("");
        },
      },
    );
  };
  return (
    <div className="space-y-1">
      <h3 className="font-semibold text-slate-700">
        Your probes <span className="font-normal text-slate-500">weight 2 · scored with every comparison</span>
      </h3>
      <ul data-testid="user-probes" className="space-y-0.5">
        {probes.map((probe) => (
          <li key={probe.id} data-testid="user-probe" className="flex items-center gap-2">
            <span className="rounded bg-slate-100 px-1 text-slate-600">{probe.kind}</span>
            <span className="min-w-0 break-all font-mono text-slate-800">{probe.pattern}</span>
            {probe.label && <span className="text-slate-500">{probe.label}</span>}
            <InSession probe={scoredById.get(`user-${probe.id}`)} />
            <button type="button" data-testid="user-probe-delete" aria-label={`Delete probe ${probe.pattern}`} disabled={remove.isPending} onClick={() => remove.mutate(probe.id)} className="ml-auto text-red-700 hover:underline">
              Delete
            </button>
          </li>
        ))}
        {probes.length === 0 && <li className="text-slate-500">None yet: add a string the agent must not forget.</li>}
      </ul>
      <form onSubmit={submit} data-testid="user-probe-form" className="flex flex-wrap items-center gap-1.5">
        <select aria-label="Probe kind" data-testid="user-probe-kind" value={kind} onChange={(event) => setKind(event.target.value as "text" | "regex")} className={INPUT}>
          <option value="text">text</option>
          <option value="regex">regex</option>
        </select>
        <input aria-label="Pattern" data-testid="user-probe-pattern" required maxLength={500} value={pattern} placeholder={kind === "regex" ? "v\\d+\\.\\d+" : "exact words"} onChange={(event) => setPattern(event.target.value)} className={`${INPUT} min-w-40 flex-1 font-mono`} />
        <input aria-label="Label" data-testid="user-probe-label" maxLength={120} value={label} placeholder="label (optional)" onChange={(event) => setLabel(event.target.value)} className={`${INPUT} w-36`} />
        <button type="submit" data-testid="user-probe-add" disabled={add.isPending || !pattern} className="rounded bg-violet-700 px-2 py-0.5 font-medium text-white hover:bg-violet-800 disabled:opacity-50">
          Add probe
        </button>
      </form>
      <LoadProbeSet add={(input) => add.mutateAsync(input)} busy={add.isPending} />
      {add.error && <ApiErrorView error={toApiErrorBody(add.error)} testId="user-probe-error" />}
      {remove.error && <ApiErrorView title="Could not delete the probe" error={toApiErrorBody(remove.error)} />}
    </div>
  );
}

/** `probes` is what a comparison scores: the extracted probes and, last, the user's (kind `user`). */
function LostProbes({ selected, probes }: { selected: CompareEntry | null; probes: Probe[] }) {
  const runId = selected?.phase === "done" ? selected.runId : null;
  const context = useQuery({ ...runQueries.context(runId ?? "", "final"), enabled: runId !== null });
  const lost = useMemo(() => (context.data && runId ? lostProbes({ snapshot: context.data, probes }) : null), [context.data, runId, probes]);
  const byKind = useMemo(() => {
    if (!lost) return [];
    const groups = new Map<string, Probe[]>();
    for (const probe of lost) groups.set(probe.kind, [...(groups.get(probe.kind) ?? []), probe]);
    return [...groups.entries()].sort(([a], [b]) => kindOrder(a) - kindOrder(b));
  }, [lost]);

  return (
    <div data-testid="lost-probes" data-config={selected?.label ?? ""} className="space-y-1 border-t border-slate-100 pt-2">
      <h3 className="font-semibold text-slate-700">Lost by {selected ? <span className="font-mono">{selected.label}</span> : "a configuration"}</h3>
      {!selected && <p className="text-slate-500">After a run, press “Lost probes” on a row to see what its final context no longer holds.</p>}
      {selected && !runId && <p className="text-slate-500">This configuration has no finished run.</p>}
      {context.error && <ApiErrorView title="Could not load the run's final context" error={toApiErrorBody(context.error)} />}
      {runId && context.isPending && <div className="h-10 animate-pulse rounded bg-slate-100" aria-busy="true" />}
      {lost && (
        <>
          <p data-testid="lost-count" data-lost={lost.length}>
            {formatCount(lost.length)} of {formatCount(probes.length)} probes lost from the final context.
          </p>
          {byKind.map(([kind, list]) => (
            <details key={kind} data-testid="lost-kind" data-kind={kind} className="rounded border border-red-100">
              <summary className="cursor-pointer px-2 py-1 hover:bg-red-50">
                <span className="font-medium text-red-800">{kind}</span> <span className="tabular-nums text-red-700">{formatCount(list.length)} lost</span>
              </summary>
              <ProbeList probes={list} testId="lost-probe" />
            </details>
          ))}
        </>
      )}
    </div>
  );
}

function kindOrder(kind: string): number {
  const position = (PROBE_KINDS as readonly string[]).indexOf(kind);
  return position < 0 ? PROBE_KINDS.length : position;
}

function InSession({ probe }: { probe: Probe | undefined }) {
  if (!probe) return null;
  return probe.inSession === false ? (
    <span data-testid="user-probe-absent" className="text-amber-700" title="no message of the session contains it: only a summary could keep it">
      not in the session
    </span>
  ) : (
    <span className="text-slate-500">from step {probe.firstStep}</span>
  );
}
