"use client";

import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { externalSends } from "@/lib/api/contracts/external-sends";
import type { SessionDetail } from "@/lib/api/contracts/schemas";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { openingStrategy } from "@/lib/client/opening-comparison";
import { runQueries } from "@/lib/query-hooks/run-queries";
import { buildRunOverlay } from "./build-run-overlay";
import type { StepLookup } from "./create-step-lookup";
import { SharePanel } from "./share-panel";
import { ModelContextView } from "./model-context-view";
import { changedFromRun, configFromRun, initialConfig, previewRequestOf, runRequestOf, type PlaygroundConfig } from "./playground-config";
import { RunChart } from "./run-chart";
import { RunCostPanel } from "@/app/_components/run-cost-panel";
import { RunCompare } from "./run-compare";
import { RunHeader } from "./run-header";
import { ContinuationRecallStrip } from "./continuation-recall-strip";
import { JudgedProbesPanel } from "./judged-probes-panel";
import { RunHistory } from "./run-history";
import { DemoPlayer } from "./demo-player";
import { callFromParam, demoCuts, type DemoCut } from "@/lib/client/demo-script";
import { sameSettingsRun } from "./same-settings-run";
import { StrategyPanel } from "./strategy-panel";
import { Timeline, type TimelineTarget } from "./timeline";
import { useDebouncedValue } from "./use-debounced-value";
import { useRunStream } from "./use-run-stream";

/** A moving slider asks for a preview once it rests this long. */
const PREVIEW_DEBOUNCE_MS = 150;

/**
 * The playground on a session: the strategy panel on the left; on the right the session's figures, the
 * selected run's token chart (or the session's own curve), the run history, and the timeline with the run
 * drawn over it — or, toggled, exactly what the model was sent at a chosen step.
 */
export function Playground({
  sessionId,
  session,
  header,
  sessionChart,
  target,
  onJump,
  stepOf,
}: {
  sessionId: string;
  /** null while the detail loads: the timeline already shows, the panel and the run views wait for it */
  session: SessionDetail | null;
  header: ReactNode;
  sessionChart: ReactNode;
  target: TimelineTarget | null;
  onJump: (index: number) => void;
  stepOf: StepLookup;
}) {
  const sessionWindow = typeof session?.meta.contextWindow === "number" ? session.meta.contextWindow : null;
  const strategies = useQuery(runQueries.strategies());
  const history = useQuery(runQueries.history(sessionId));
  const [config, setConfig] = useState<PlaygroundConfig | null>(null);
  // `?run=<id>` opens that run (compare and sweep views link here); the URL follows the selection
  const searchParams = useSearchParams();
  const urlRunId = searchParams.get("run");
  // `?call=<n>` (demo mode's "Link to this call") opens the run at that call, the player shown
  const urlCall = searchParams.get("call");
  const [selectedRunId, setSelectedRunId] = useState<string | null>(urlRunId);
  const [compareRunId, setCompareRunId] = useState<string | null>(null);
  const [viewStep, setViewStep] = useState<number | "final">("final");
  const selectedRef = useRef(selectedRunId);
  useEffect(() => {
    selectedRef.current = selectedRunId;
    const url = new URL(window.location.href);
    if (selectedRunId) url.searchParams.set("run", selectedRunId);
    else url.searchParams.delete("run");
    // replaceState, not a navigation: Next's router picks it up for useSearchParams without a reload
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
  }, [selectedRunId]);
  useEffect(() => {
    // a link to another run of this session while the page is open
    if (urlRunId === null || urlRunId === selectedRef.current) return;
    setSelectedRunId(urlRunId);
    setCompareRunId(null);
    setViewStep("final");
  }, [urlRunId]);
  const [showContext, setShowContext] = useState(false);

  // the first strategy list sets the panel up, once the session's own window is known
  const list = strategies.data?.strategies;
  const detailLoaded = session !== null;
  // as a transition: the panel (and its preview request) mounts after the chart and the header the detail brought
  // have drawn, in slices that leave the page responsive, instead of in the same task
  useEffect(() => {
    if (!list || config || !detailLoaded) return;
    const opening = openingStrategy(list, session?.format ?? null);
    const first = initialConfig(opening, sessionWindow);
    startTransition(() => setConfig((current) => current ?? first));
  }, [list, config, sessionWindow, detailLoaded, session]);

  // the step the preview forces its compaction before (null: after the last message)
  const [previewStep, setPreviewStep] = useState<number | null>(null);
  // what the strategy would do there as configured, unless the user asks for a forced (manual) compaction
  const [previewForced, setPreviewForced] = useState(false);
  const previewRequest = useMemo(
    () =>
      config?.strategy
        ? { ...previewRequestOf(config), ...(previewStep !== null ? { atStep: previewStep } : {}), mode: previewForced ? ("forced" as const) : ("as-configured" as const) }
        : null,
    [config, previewStep, previewForced],
  );
  const settledRequest = useDebouncedValue(previewRequest, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({ ...runQueries.preview(sessionId, settledRequest ?? previewRequestOf(initialConfig(undefined, null))), enabled: settledRequest !== null });

  const [demoOn, setDemoOn] = useState(false);
  const openRun = (runId: string | null) => {
    setSelectedRunId(runId);
    setCompareRunId(null);
    setViewStep("final");
    setDemoOn(false);
  };
  const run = useRunStream(sessionId, openRun);
  const startRun = (extra?: { compactAtStep?: number; instructions?: string }) => {
    if (!config) return;
    const request = runRequestOf(config, extra);
    // a session holding credentials goes to a model outside the lab only when the user says so here
    const sends = externalSends(request);
    const held = session?.secrets.count ?? 0;
    if (sends.length > 0 && held > 0) {
      const question = `This session holds ${held} unredacted credential${held === 1 ? "" : "s"} (${session?.secrets.kinds.join(", ")}). Send it to ${sends.join(" and ")} anyway? Redacting the session first (the warning above) avoids this.`;
      if (!window.confirm(question)) return;
      void run.start({ ...request, allowSecrets: true });
      return;
    }
    void run.start(request);
  };
  // stable callbacks for the memoized timeline and chart: a streaming run re-renders this component every frame
  const startRunRef = useRef(startRun);
  useEffect(() => {
    startRunRef.current = startRun;
  });
  const compactHere = useCallback(
    (step: number, instructions: string) => startRunRef.current({ compactAtStep: step, instructions: instructions || undefined }),
    [],
  );
  // a click on the run chart opens its call and brings the timeline (below the chart, often below the fold) into
  // view, scrolled to that call's message
  const timelineRef = useRef<HTMLDivElement>(null);
  const openPoint = useCallback(
    (messageIndex: number, step: number) => {
      setViewStep(step);
      onJump(messageIndex);
      timelineRef.current?.scrollIntoView({ block: "nearest" });
    },
    [onJump],
  );

  const runs = history.data?.runs ?? [];
  // a run still queued or running when the page opens (a reload, another tab, another instance): follow it, once
  const followedRef = useRef<string | null>(null);
  const unfinished = runs.find((candidate) => candidate.status === "queued" || candidate.status === "running")?.id ?? null;
  useEffect(() => {
    if (!unfinished || run.busy || followedRef.current === unfinished || run.state.runId === unfinished) return;
    followedRef.current = unfinished;
    void run.follow(unfinished);
  }, [unfinished, run]);
  const defaultsById = useMemo(() => new Map((list ?? []).map((strategy) => [strategy.id, strategy.defaults])), [list]);
  const selected = useQuery({ ...runQueries.detail(selectedRunId ?? ""), enabled: selectedRunId !== null });
  const compared = useQuery({ ...runQueries.detail(compareRunId ?? ""), enabled: compareRunId !== null });
  // a run of another session (a stale or hand-edited link) is not drawn over this one
  const foreign = selected.data && selected.data.sessionId !== sessionId ? selected.data : null;
  const result = selectedRunId && !foreign ? selected.data?.result ?? null : null;
  const messageCount = session?.messageCount ?? null;
  const overlay = useMemo(
    () => (result && selectedRunId && messageCount !== null ? buildRunOverlay({ result, messageCount, viewStep, runId: selectedRunId }) : null),
    [result, messageCount, viewStep, selectedRunId],
  );
  const selectedSummary = runs.find((candidate) => candidate.id === selectedRunId) ?? selected.data ?? null;

  // opening a run (history, `?run=`, or a run just finished) loads what it did into the panel, once per opening:
  // "Run" then replays exactly it, and an edit tunes from it
  const loadedRunRef = useRef<string | null>(null);
  const detail = selected.data;
  useEffect(() => {
    if (selectedRunId === null) loadedRunRef.current = null;
    if (!detail || !list || detail.id !== selectedRunId || detail.sessionId !== sessionId || loadedRunRef.current === detail.id) return;
    loadedRunRef.current = detail.id;
    setConfig((current) => configFromRun(detail, list.find((strategy) => strategy.id === detail.strategyId), current));
  }, [detail, list, selectedRunId, sessionId]);
  const fromRunId = config?.fromRun?.id ?? null;
  const fromRunSummary = fromRunId ? runs.find((candidate) => candidate.id === fromRunId) ?? (detail?.id === fromRunId ? detail : null) : null;
  const fromRun =
    config && fromRunSummary
      ? { run: fromRunSummary, changed: changedFromRun(config, fromRunSummary, list?.find((strategy) => strategy.id === fromRunSummary.strategyId)) }
      : null;
  const comparedSummary = runs.find((candidate) => candidate.id === compareRunId) ?? compared.data ?? null;
  // demo mode: where it pauses (each compaction, with what it lost), the last call, and `?call=` consumed once per run
  const lastStep = Math.max(0, (result?.steps.length ?? 1) - 1);
  const recallPoints = selectedSummary?.continuationRecall?.points;
  const cuts = useMemo(() => (result ? demoCuts({ events: result.events, recallPoints: recallPoints ?? [] }) : new Map<number, DemoCut>()), [result, recallPoints]);
  const callConsumed = useRef<string | null>(null);
  useEffect(() => {
    if (!result || !selectedRunId || callConsumed.current === selectedRunId) return;
    callConsumed.current = selectedRunId;
    const call = callFromParam(urlCall, Math.max(0, result.steps.length - 1));
    if (call === null) return;
    setViewStep(call);
    setDemoOn(true);
  }, [result, selectedRunId, urlCall]);
  const demoStep = (step: number | "final") => {
    setViewStep(step);
    const index = typeof step === "number" ? result?.steps[step]?.messageIndex : undefined;
    // the timeline follows the call: the message it produced
    if (index !== undefined) onJump(index);
  };
  // a stored run Run would repeat exactly: the panel says so and opens it, instead of a silent identical row
  const sameAs = useMemo(() => (config && list ? sameSettingsRun({ config, runs, strategies: list }) : null), [config, runs, list]);

  // a phone shows the session's header and chart first, then the settings, then the runs and the timeline; from lg
  // up the settings are a sticky column on the left beside both
  return (
    <div className="grid gap-x-4 gap-y-3 lg:grid-cols-[22rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
      <div data-testid="session-top" className="min-w-0 space-y-3 lg:col-start-2 lg:row-start-1">
        {header}
        {selectedSummary && (selectedSummary.status === "done" || selectedSummary.status === "degraded") && <RunHeader run={selectedSummary} />}
        <SharePanel sessionId={sessionId} runId={selectedRunId} />
        {result && selectedSummary && session ? (
          <>
            <RunChart
              result={result}
              baseline={session.contextCurve}
              compare={compareRunId ? compared.data?.result ?? null : null}
              compareLabel={comparedSummary ? `previous: ${comparedSummary.strategyId}` : undefined}
              onPointClick={openPoint}
              cursorStep={demoOn && typeof viewStep === "number" ? viewStep : null}
            />
            <RunCostPanel cost={selectedSummary.cost ?? null} onPriceAs={(model) => setConfig((current) => (current ? { ...current, costModel: model } : current))} />
          </>
        ) : selectedRunId && (selected.isPending || (result && !session)) ? (
          <div className="h-[17rem] animate-pulse rounded-lg border border-slate-200 bg-white" aria-busy="true" />
        ) : (
          sessionChart
        )}
        {selected.error && (
          <div data-testid="run-open-error" className="text-xs text-red-700">
            Could not open the run {selectedRunId}: {toApiErrorBody(selected.error).message}
          </div>
        )}
        {foreign && (
          <div data-testid="run-open-error" className="text-xs text-red-700">
            Run {foreign.id} belongs to another session ({foreign.sessionId}); open it from that session.
          </div>
        )}
      </div>

      <div className="lg:sticky lg:top-3 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:max-h-[calc(100vh-1.5rem)] lg:self-start lg:overflow-y-auto">
        {config && list && session ? (
          <StrategyPanel
            strategies={list}
            config={config}
            onChange={setConfig}
            fromRun={fromRun}
            preview={{
              data: preview.data,
              loading: preview.isFetching || settledRequest !== previewRequest,
              error: preview.error ? toApiErrorBody(preview.error).message : null,
              atStep: previewStep,
              modelCalls: session.contextCurve.length,
              onAtStepChange: setPreviewStep,
              forced: previewForced,
              onForcedChange: setPreviewForced,
            }}
            onJump={onJump}
            run={run}
            onRun={() => startRun()}
            onCancel={run.cancel}
            sameAs={sameAs ? { run: sameAs, open: sameAs.id === selectedRunId, onOpen: () => openRun(sameAs.id) } : null}
          />
        ) : (
          <div data-testid="strategy-panel-loading" className="rounded-lg border border-slate-200 bg-white p-3 text-xs text-slate-500">
            {strategies.error ? `Could not load the strategies: ${toApiErrorBody(strategies.error).message}` : "loading strategies…"}
          </div>
        )}
      </div>

      <div className="min-w-0 space-y-3 lg:col-start-2 lg:row-start-2">
        {selectedSummary && comparedSummary && <RunCompare run={selectedSummary} previous={comparedSummary} />}
        <RunHistory
          sessionId={sessionId}
          runs={runs}
          selectedId={selectedRunId}
          compareId={compareRunId}
          defaultsById={defaultsById}
          onOpen={openRun}
          onRerun={(interrupted) => {
            const next = configFromRun(interrupted, list?.find((strategy) => strategy.id === interrupted.strategyId), config);
            setConfig(next);
            void run.start(runRequestOf(next));
          }}
          onCompare={(runId, previousId) => {
            setSelectedRunId(runId);
            setCompareRunId(previousId);
          }}
        />
        {overlay && selectedRunId && (
          <div data-testid="view-bar" className="flex flex-wrap items-center gap-2 rounded-lg border border-violet-200 bg-violet-50 px-3 py-1.5 text-xs text-violet-900">
            <span className="font-semibold">{selectedSummary?.strategyId}</span>
            <span>
              {overlay.pivots.length} pivots · {overlay.droppedCount.toLocaleString("en-US")} messages no longer sent
            </span>
            <span className="ml-2">at</span>
            <StepPicker step={viewStep} maxStep={Math.max(0, (result?.steps.length ?? 1) - 1)} onChange={setViewStep} />
            <button type="button" data-testid="demo-toggle" aria-pressed={demoOn} onClick={() => setDemoOn(!demoOn)} className={`rounded border px-1.5 font-medium ${demoOn ? "border-fuchsia-400 bg-fuchsia-100 text-fuchsia-900" : "border-violet-300 bg-white"}`} title="play the run call by call, pausing at each compaction">
              {demoOn ? "Close demo" : "▶ Demo"}
            </button>
            <div className="ml-auto flex overflow-hidden rounded border border-violet-300" role="tablist">
              <button type="button" role="tab" aria-selected={!showContext} data-testid="view-timeline" onClick={() => setShowContext(false)} className={`px-2 py-0.5 font-medium ${!showContext ? "bg-violet-700 text-white" : "bg-white"}`}>
                Timeline
              </button>
              <button type="button" role="tab" aria-selected={showContext} data-testid="view-model-context" onClick={() => setShowContext(true)} className={`px-2 py-0.5 font-medium ${showContext ? "bg-violet-700 text-white" : "bg-white"}`}>
                What the model sees
              </button>
            </div>
          </div>
        )}
        {demoOn && overlay && selectedRunId && result && <DemoPlayer runId={selectedRunId} lastStep={lastStep} cuts={cuts} step={viewStep} onStep={demoStep} />}
        {overlay && selectedRunId && selectedSummary && <ContinuationRecallStrip recall={selectedSummary.continuationRecall} onStep={setViewStep} opaque={selectedSummary.strategyId === "openai-compaction"} />}
        {overlay && selectedRunId && selectedSummary && (selectedSummary.status === "done" || selectedSummary.status === "degraded") && <JudgedProbesPanel key={selectedRunId} runId={selectedRunId} />}
        {overlay && selectedSummary?.status === "degraded" && (
          <div data-testid="run-view-degraded" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-1.5 text-xs text-amber-900">
            <span className="font-semibold">Degraded run:</span> {selectedSummary.error}
          </div>
        )}
        <div ref={timelineRef} className="scroll-mt-3">
        {overlay && selectedRunId && showContext ? (
          <ModelContextView
            runId={selectedRunId}
            step={viewStep}
            onJump={(index) => {
              setShowContext(false);
              onJump(index);
            }}
          />
        ) : (
          <Timeline
            sessionId={sessionId}
            target={target}
            onJump={onJump}
            overlay={overlay}
            stepOf={stepOf}
            onCompactHere={compactHere}
            compactDisabled={run.busy || !config}
          />
        )}
        </div>
      </div>
    </div>
  );
}

/** The step whose context is shown: a number, or "final" (after the last message). */
function StepPicker({ step, maxStep, onChange }: { step: number | "final"; maxStep: number; onChange: (step: number | "final") => void }) {
  const current = step === "final" ? maxStep + 1 : step;
  return (
    <span className="inline-flex items-center gap-1">
      <button type="button" aria-label="previous step" onClick={() => onChange(Math.max(0, current - 1))} className="rounded border border-violet-300 bg-white px-1.5">
        ‹
      </button>
      <input
        data-testid="view-step-input"
        type="number"
        min={0}
        max={maxStep}
        value={step === "final" ? "" : step}
        placeholder="final"
        onChange={(event) => {
          const value = event.target.value;
          if (value === "") onChange("final");
          else if (Number.isInteger(Number(value))) onChange(Math.min(maxStep, Math.max(0, Number(value))));
        }}
        className="w-20 rounded border border-violet-300 bg-white px-1 py-px tabular-nums"
      />
      <button type="button" aria-label="next step" onClick={() => onChange(current + 1 > maxStep ? "final" : current + 1)} className="rounded border border-violet-300 bg-white px-1.5">
        ›
      </button>
      {step !== "final" && (
        <button type="button" data-testid="view-final" onClick={() => onChange("final")} className="text-violet-700 underline">
          final
        </button>
      )}
    </span>
  );
}
