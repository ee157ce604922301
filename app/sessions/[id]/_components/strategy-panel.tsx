"use client";

import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { runQueries } from "@/lib/query-hooks/run-queries";
import type { RunSummary, StrategyInfo } from "@/lib/api/contracts/run-schemas";
import { settingControls } from "@/lib/client/setting-controls";
import type { PreviewView } from "@/lib/client/run-views";
import { DEFAULT_SUMMARY_MODEL, type PlaygroundConfig } from "./playground-config";
import { PreviewSummary } from "./preview-summary";
import { PromptEditor } from "./prompt-editor";
import { RunProgress } from "./run-progress";
import { SameSettingsNotice } from "./same-settings-notice";
import { SeedNote } from "./seed-note";
import { SettingField } from "./setting-field";
import { ThresholdWarning } from "./threshold-warning";
import { ReserveNotice } from "./reserve-notice";
import { reserveWarning } from "@/lib/engine/strategies/reserve-warning";
import type { RunStreamState } from "./use-run-stream";

const INPUT = "rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs focus:border-violet-500";

/**
 * The playground's left column: pick a strategy, tune its settings and the replay, see the instant preview,
 * run it with the chosen summarizer and follow the run.
 */
export function StrategyPanel({
  strategies,
  config,
  onChange,
  fromRun,
  preview,
  onJump,
  run,
  onRun,
  onCancel,
  sameAs,
}: {
  strategies: StrategyInfo[];
  config: PlaygroundConfig;
  onChange: (config: PlaygroundConfig) => void;
  /** the run the panel was loaded from and what was changed since (empty: "Run" replays it exactly) */
  fromRun: { run: RunSummary; changed: string[] } | null;
  preview: {
    data: PreviewView | undefined;
    loading: boolean;
    error: string | null;
    /** the model call the preview compacts before (null: after the last message), of `modelCalls` */
    atStep: number | null;
    modelCalls: number;
    onAtStepChange: (step: number | null) => void;
    /** a forced (manual) compaction at that step instead of what the strategy would do there on its own */
    forced: boolean;
    onForcedChange: (forced: boolean) => void;
  };
  onJump: (index: number) => void;
  run: { state: RunStreamState; busy: boolean };
  onRun: () => void;
  onCancel: () => void;
  /** a stored run with exactly these settings: Run would add an identical row (issue #42, item 9) */
  sameAs?: { run: RunSummary; open: boolean; onOpen: () => void } | null;
}) {
  const strategy = strategies.find((candidate) => candidate.id === config.strategy);
  const controls = useMemo(() => (strategy ? settingControls(strategy.settingsJsonSchema, strategy.defaults) : []), [strategy]);
  const set = (patch: Partial<PlaygroundConfig>) => onChange({ ...config, ...patch });
  const reserve = reserveWarning(config.strategy, { ...strategy?.defaults, ...config.settings }, config.window);
  const { data: listed } = useQuery(runQueries.summarizers());
  const openaiEndpoints = (listed?.summarizers ?? []).filter((entry) => entry.provider === "openai");
  const openaiEndpoint = openaiEndpoints.find((entry) => entry.baseUrl === config.baseUrl) ?? openaiEndpoints[0];
  /** the summarizer fields that switch to `summarizer` (an endpoint and its default model for openai) */
  const summarizerPatch = (summarizer: PlaygroundConfig["summarizer"]): Partial<PlaygroundConfig> =>
    summarizer === "openai"
      ? { summarizer, baseUrl: openaiEndpoint?.baseUrl ?? "", model: openaiEndpoint?.defaultModel ?? "" }
      : summarizer === "anthropic" && config.summarizer === "openai"
        ? { summarizer, model: DEFAULT_SUMMARY_MODEL }
        : { summarizer };
  const pickStrategy = (id: string) => {
    const next = strategies.find((candidate) => candidate.id === id);
    // a provider's own compaction runs only with that provider's summarizer: switch to it
    const provider = next?.provider && config.summarizer !== next.provider ? summarizerPatch(next.provider) : {};
    onChange({ ...config, strategy: id, settings: { ...(next?.defaults ?? {}) }, promptEdits: {}, ...provider });
  };

  return (
    <aside data-testid="strategy-panel" className="space-y-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      {fromRun && (
        <div
          data-testid="from-run"
          data-run-id={fromRun.run.id}
          data-changed={fromRun.changed.join(",")}
          className="flex items-start gap-2 rounded-md border border-violet-200 bg-violet-50 px-2 py-1 text-[11px] leading-4 text-violet-900"
        >
          <span className="min-w-0 flex-1">
            <span className="font-semibold">{fromRun.changed.length === 0 ? "From run" : "Tuned from run"}</span>{" "}
            <span className="font-mono" title={fromRun.run.id}>
              {fromRun.run.id.slice(-8)}
            </span>{" "}
            ({fromRun.run.strategyId}, {fromRun.run.status})
            {config.fromRun?.compactAtStep !== null && config.fromRun?.compactAtStep !== undefined && <> · manual compaction @ {config.fromRun.compactAtStep}</>}
            <span className="block text-violet-700">{fromRun.changed.length === 0 ? "Run replays it exactly." : `changed: ${fromRun.changed.join(", ")}`}</span>
          </span>
          <button type="button" data-testid="from-run-clear" onClick={() => onChange({ ...config, fromRun: null })} className="shrink-0 rounded px-1 text-violet-700 hover:bg-violet-100" title="stop tuning from this run (drops its manual compaction step)">
            clear
          </button>
        </div>
      )}
      <div className="space-y-1">
        <label htmlFor="strategy-select" className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">
          Strategy
        </label>
        <select id="strategy-select" data-testid="strategy-select" value={config.strategy} onChange={(event) => pickStrategy(event.target.value)} className={`${INPUT} w-full py-1 text-sm font-medium`}>
          {strategies.map((candidate) => (
            <option key={candidate.id} value={candidate.id} disabled={candidate.unavailable !== null && candidate.id !== config.strategy} title={candidate.unavailable ?? undefined}>
              {candidate.label} — {sourceLabel(candidate.source)}
              {candidate.unavailable ? ` (${candidate.unavailable})` : ""}
            </option>
          ))}
        </select>
        {strategy?.provider && (
          <p data-testid="provider-strategy-note" className="text-[11px] leading-4 text-slate-600">
            {strategy.unavailable
              ? `Cannot run here: ${strategy.unavailable}.`
              : `Runs against ${strategy.provider === "anthropic" ? "Anthropic" : "OpenAI"}'s own API with the ${strategy.provider} summarizer's model and key; the transcript is sent there.`}
            {strategy.opaque && " Its compaction item is encrypted: continuation recall and probes cannot read it; only judged evaluation applies."}
          </p>
        )}
        {strategy && (
          <div className="space-y-0.5 text-xs">
            <SourceBadge source={strategy.source} />
            <SeedNote source={strategy.source} />
            <p data-testid="strategy-description" className="leading-4 text-slate-600">
              {strategy.description}
            </p>
          </div>
        )}
      </div>

      {controls.length > 0 && (
        <fieldset data-testid="strategy-settings" className="min-w-0 space-y-2 border-t border-slate-100 pt-2">
          <legend className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">Settings</legend>
          {controls.map((control) => (
            <SettingField
              key={`${config.strategy}:${control.key}`}
              idPrefix="setting"
              control={control}
              value={config.settings[control.key]}
              fallback={strategy?.defaults[control.key]}
              onChange={(value) => set({ settings: { ...config.settings, [control.key]: value } })}
            />
          ))}
        </fieldset>
      )}
      <ThresholdWarning strategyId={config.strategy} settings={config.settings} window={config.window} onScale={(settings) => set({ settings })} />
      <ReserveNotice warning={reserve} />

      <fieldset className="grid min-w-0 grid-cols-2 gap-2 border-t border-slate-100 pt-2 text-xs">
        <legend className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">Replay</legend>
        <label className="col-span-2 space-y-0.5">
          <span className="flex justify-between font-medium text-slate-700">
            Context window <span className="tabular-nums text-slate-500">{config.window.toLocaleString("en-US")}</span>
          </span>
          <span className="flex items-center gap-2">
            <input type="range" data-testid="window-slider" aria-label="Context window slider" min={8_000} max={1_000_000} step={1_000} value={config.window} onChange={(event) => set({ window: Number(event.target.value) })} className="min-w-0 flex-1 accent-violet-600" />
            <input type="number" data-testid="window-input" aria-label="Context window in tokens" min={1_000} step={1_000} value={config.window} onChange={(event) => Number(event.target.value) > 0 && set({ window: Math.round(Number(event.target.value)) })} className={`${INPUT} w-24 tabular-nums`} />
          </span>
        </label>
        <label className="space-y-0.5">
          <span className="block font-medium text-slate-700">Output reserve</span>
          <input type="number" data-testid="reserve-input" min={0} step={1_000} value={config.outputReserve} onChange={(event) => set({ outputReserve: Math.max(0, Math.round(Number(event.target.value) || 0)) })} className={`${INPUT} w-full tabular-nums`} />
        </label>
        <label className="space-y-0.5">
          <span className="block font-medium text-slate-700">Estimator</span>
          <select data-testid="estimator-select" value={config.estimator} onChange={(event) => set({ estimator: event.target.value as PlaygroundConfig["estimator"] })} className={`${INPUT} w-full`}>
            <option value="chars4">chars / 4</option>
            <option value="calibrated">calibrated</option>
            <option value="bpe">BPE tokenizer</option>
            <option value="count-tokens">count-tokens (Anthropic API)</option>
          </select>
        </label>
      </fieldset>

      <fieldset data-testid="cost-options" className="grid min-w-0 grid-cols-2 gap-2 border-t border-slate-100 pt-2 text-xs">
        <legend className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">Cost</legend>
        <label className="col-span-2 space-y-0.5">
          <span className="block font-medium text-slate-700">Price at model</span>
          <input data-testid="cost-model-input" value={config.costModel} placeholder="the session's model" maxLength={200} onChange={(event) => set({ costModel: event.target.value })} className={`${INPUT} w-full font-mono`} />
        </label>
        <label className="space-y-0.5">
          <span className="block font-medium text-slate-700">Prompt cache</span>
          <select data-testid="cache-provider-select" value={config.cacheProvider} onChange={(event) => set({ cacheProvider: event.target.value as PlaygroundConfig["cacheProvider"] })} className={`${INPUT} w-full`}>
            <option value="auto">the model&apos;s provider</option>
            <option value="anthropic">Anthropic breakpoints</option>
            <option value="openai">OpenAI automatic</option>
            <option value="google">Gemini implicit</option>
            <option value="none">no caching</option>
          </select>
        </label>
        <label className="space-y-0.5">
          <span className="block font-medium text-slate-700">Cache TTL</span>
          <select data-testid="cache-ttl-select" value={config.cacheTtl} onChange={(event) => set({ cacheTtl: event.target.value as PlaygroundConfig["cacheTtl"] })} className={`${INPUT} w-full`}>
            <option value="auto">as the session wrote</option>
            <option value="5m">5 minutes</option>
            <option value="1h">1 hour (Anthropic, Gemini explicit)</option>
            <option value="24h">24 hours (OpenAI extended)</option>
          </select>
        </label>
        <label className="col-span-full flex items-start gap-1.5" title="Where the recorded usage shows the agent wrote its whole prompt to the cache again (a restart), that call is cold for every strategy. Unticked: the cache model alone, as if the agent never restarted.">
          <input data-testid="recorded-restarts-checkbox" type="checkbox" checked={config.recordedRewrites} onChange={(event) => set({ recordedRewrites: event.target.checked })} className="mt-0.5" />
          <span className="text-slate-700">Cold where the agent restarted (as its recorded usage shows)</span>
        </label>
      </fieldset>

      <PreviewSummary
        preview={preview.data}
        loading={preview.loading}
        error={preview.error}
        onJump={onJump}
        at={{ step: preview.atStep, modelCalls: preview.modelCalls, onChange: preview.onAtStepChange }}
        forced={{ on: preview.forced, onChange: preview.onForcedChange }}
        reserve={reserve?.reserve ?? null}
      />

      <fieldset className="min-w-0 space-y-2 border-t border-slate-100 pt-2 text-xs">
        <legend className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">Summarizer</legend>
        <div className="flex gap-1" role="radiogroup">
          {(["extractive", "anthropic", "openai"] as const).map((summarizer) => (
            <label key={summarizer} className={`flex-1 cursor-pointer rounded border px-2 py-1 text-center font-medium ${config.summarizer === summarizer ? "border-violet-500 bg-violet-50 text-violet-900" : "border-slate-200 text-slate-600 hover:bg-slate-50"}`}>
              <input
                type="radio"
                name="summarizer"
                data-testid={`summarizer-${summarizer}`}
                value={summarizer}
                checked={config.summarizer === summarizer}
                disabled={Boolean(strategy?.provider) && summarizer !== strategy?.provider}
                onChange={() => set(summarizerPatch(summarizer))}
                className="sr-only"
              />
              {summarizer === "extractive" ? "Extractive (free)" : summarizer === "anthropic" ? "Anthropic" : "OpenAI-compatible"}
            </label>
          ))}
        </div>
        {config.summarizer === "anthropic" && (
          <div className="grid grid-cols-2 gap-2">
            <label className="space-y-0.5">
              <span className="block font-medium text-slate-700">Model</span>
              <input data-testid="model-input" value={config.model} onChange={(event) => set({ model: event.target.value })} className={`${INPUT} w-full font-mono`} />
            </label>
            <label className="space-y-0.5">
              <span className="block font-medium text-slate-700">API key (this run only)</span>
              <input type="password" autoComplete="off" value={config.apiKey} placeholder="server's key" onChange={(event) => set({ apiKey: event.target.value })} className={`${INPUT} w-full`} />
            </label>
          </div>
        )}
        {config.summarizer === "openai" && (
          <div className="grid grid-cols-2 gap-2">
            <label className="col-span-2 space-y-0.5">
              <span className="block font-medium text-slate-700">Endpoint</span>
              <select data-testid="base-url-select" value={openaiEndpoint?.baseUrl ?? ""} onChange={(event) => set({ baseUrl: event.target.value })} className={`${INPUT} w-full`}>
                {openaiEndpoints.map((entry) => (
                  <option key={entry.baseUrl} value={entry.baseUrl ?? ""}>
                    {entry.label}
                    {entry.configured ? "" : " (needs a key)"}
                  </option>
                ))}
              </select>
              {openaiEndpoint?.modelsError && <span className="block text-[11px] text-amber-700">models not listed: {openaiEndpoint.modelsError}</span>}
            </label>
            <label className="space-y-0.5">
              <span className="block font-medium text-slate-700">Model</span>
              <input data-testid="model-input" list="openai-model-suggestions" value={config.model} onChange={(event) => set({ model: event.target.value })} className={`${INPUT} w-full font-mono`} />
              <datalist id="openai-model-suggestions">
                {(openaiEndpoint?.models ?? []).map((model) => (
                  <option key={model} value={model} />
                ))}
              </datalist>
            </label>
            <label className="space-y-0.5">
              <span className="block font-medium text-slate-700">API key (this run only)</span>
              <input type="password" autoComplete="off" value={config.openaiApiKey} placeholder="server's key" onChange={(event) => set({ openaiApiKey: event.target.value })} className={`${INPUT} w-full`} />
            </label>
          </div>
        )}
        <label className="block space-y-0.5">
          <span className="block font-medium text-slate-700">Instructions (optional)</span>
          <input data-testid="instructions-input" value={config.instructions} maxLength={4_000} placeholder="focus on …" onChange={(event) => set({ instructions: event.target.value })} className={`${INPUT} w-full`} />
        </label>
        {strategy && strategy.prompt && <PromptEditor strategy={strategy} edits={config.promptEdits} onChange={(promptEdits) => set({ promptEdits })} />}
      </fieldset>

      {sameAs && !run.busy && <SameSettingsNotice run={sameAs.run} open={sameAs.open} onOpen={sameAs.onOpen} />}
      <button
        type="button"
        data-testid="run-button"
        onClick={onRun}
        disabled={run.busy || !strategy}
        className="w-full rounded-md bg-violet-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-violet-800 disabled:opacity-50"
      >
        {run.busy ? "Running…" : `${sameAs ? "Run again: " : "Run "}${strategy?.label ?? ""} with ${config.summarizer === "anthropic" ? config.model || "Anthropic" : config.summarizer === "openai" ? config.model || "an OpenAI-compatible model" : "extractive summaries"}`}
      </button>
      <RunProgress state={run.state} onCancel={onCancel} />
    </aside>
  );
}

/** "seed 003" / "peer · 2.1.299 · 2026-10-14" / "peer · retired 2026-06-18" / "baseline". */
export function sourceLabel(source: Record<string, unknown>): string {
  if (source.kind === "seed") return `seed ${String(source.file ?? "").slice(0, 3)}`;
  if (source.kind === "peer") {
    const retired = isRecord(source.retired) ? ` · retired ${String(source.retired.on ?? "")}` : "";
    return `peer${typeof source.version === "string" ? ` · ${source.version}` : ""}${typeof source.asOf === "string" ? ` · ${source.asOf}` : ""}${retired}`;
  }
  return String(source.kind ?? "");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Where a strategy comes from: a seed's section, or for a peer (an agent or a provider's API) which version it
 * reproduces, as of when, a link to the source, whether the agent is retired and what no source documents.
 */
function SourceBadge({ source }: { source: Record<string, unknown> }) {
  const kind = String(source.kind ?? "");
  const tone = kind === "seed" ? "bg-amber-100 text-amber-900" : kind === "peer" ? "bg-sky-100 text-sky-900" : "bg-slate-100 text-slate-700";
  const detail = kind === "seed" ? `${String(source.file ?? "")}${source.section ? ` · ${String(source.section)}` : ""}` : String(source.name ?? source.note ?? "");
  const url = typeof source.url === "string" && /^https:\/\//.test(source.url) ? source.url : null;
  const undocumented = Array.isArray(source.undocumented) ? source.undocumented.map(String) : [];
  const retired = isRecord(source.retired) ? source.retired : null;
  return (
    <div data-testid="strategy-source" className="space-y-0.5">
      <div className="flex items-start gap-1.5">
        <span className={`shrink-0 rounded px-1.5 py-px text-[10px] font-semibold uppercase ${tone}`}>{kind}</span>
        <span className="min-w-0 break-words text-slate-500" title={url ?? undefined}>
          {detail}
        </span>
      </div>
      {kind === "peer" && (
        <p data-testid="strategy-source-version" className="text-[11px] leading-4 text-slate-500">
          {typeof source.version === "string" ? `Reproduces ${source.version}` : "Reproduces the documented behaviour"}
          {typeof source.asOf === "string" ? `, as of ${source.asOf}` : ""}
          {url && (
            <>
              {" · "}
              <a href={url} target="_blank" rel="noreferrer noopener" className="text-sky-700 underline">
                source
              </a>
            </>
          )}
        </p>
      )}
      {retired && (
        <p data-testid="strategy-source-retired" className="text-[11px] leading-4 text-amber-800">
          Retired {String(retired.on ?? "")}: {String(retired.note ?? "")}
        </p>
      )}
      {undocumented.length > 0 && (
        <details data-testid="strategy-source-undocumented" className="text-[11px] leading-4 text-slate-500">
          <summary className="cursor-pointer">Undocumented ({undocumented.length}): the lab&apos;s choices</summary>
          <ul className="ml-3 list-disc">
            {undocumented.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
