"use client";

import { useQuery } from "@tanstack/react-query";
import type { CompareOptions } from "@/lib/api/contracts/compare-schemas";
import { runQueries } from "@/lib/query-hooks/run-queries";

const INPUT = "rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs focus:border-violet-500";
/** The anthropic summarizer's default model (lib/llm's default). */
export const DEFAULT_COMPARE_MODEL = "claude-haiku-4-5";

/** What every configuration of a comparison shares, as the form edits it. */
export interface CompareOptionsDraft {
  /** null: the session's recorded window (else 200,000), decided by the server */
  window: number | null;
  estimator: CompareOptions["estimator"];
  summarizer: CompareOptions["summarizer"];
  model: string;
  /** `openai`: the OpenAI-compatible endpoint ("" = the server's default) */
  baseUrl: string;
  apiKey: string;
  /** a typed key for the OpenAI-compatible endpoint */
  openaiApiKey: string;
  judge: boolean;
  /** the model the dollars are priced at ("" = each session's own), and the prompt-cache rules */
  costModel: string;
  cacheProvider: CompareOptions["cacheProvider"];
  /** the calls the agent's recorded restarts left cold are cold for every configuration (false: the cache model alone) */
  recordedRewrites: boolean;
}

export function initialCompareOptions(window: number | null): CompareOptionsDraft {
  return { window, estimator: "chars4", summarizer: "extractive", model: DEFAULT_COMPARE_MODEL, baseUrl: "", apiKey: "", openaiApiKey: "", judge: false, costModel: "", cacheProvider: "auto", recordedRewrites: true };
}

/** The form showing a stored comparison's options again (none holds a key: the form's stays empty). */
export function compareOptionsDraftOf(options: Omit<CompareOptions, "apiKey" | "openaiApiKey">): CompareOptionsDraft {
  return {
    window: options.window ?? null,
    estimator: options.estimator,
    summarizer: options.summarizer,
    model: options.model ?? DEFAULT_COMPARE_MODEL,
    baseUrl: options.baseUrl ?? "",
    apiKey: "",
    openaiApiKey: "",
    judge: options.judge,
    costModel: options.costModel ?? "",
    cacheProvider: options.cacheProvider ?? "auto",
    recordedRewrites: options.recordedRewrites ?? true,
  };
}

/**
 * The wire options of the form. The model and a typed key go along when anything calls Anthropic (the anthropic
 * summarizer, the judge, the count-tokens estimator); without a typed key the server's own is used. Keys are never
 * stored or logged.
 */
export function compareOptionsOf(draft: CompareOptionsDraft): Partial<CompareOptions> {
  const openai = draft.summarizer === "openai";
  const needsModel = callsAnthropic(draft) || openai;
  return {
    ...(draft.window !== null ? { window: draft.window } : {}),
    estimator: draft.estimator,
    summarizer: draft.summarizer,
    judge: draft.judge,
    ...(needsModel && draft.model.trim() ? { model: draft.model.trim() } : {}),
    ...(openai && draft.baseUrl ? { baseUrl: draft.baseUrl } : {}),
    // an OpenAI-compatible comparison is judged by its own model
    ...(openai && draft.judge ? { judgeProvider: "openai" as const, ...(draft.baseUrl ? { judgeBaseUrl: draft.baseUrl } : {}) } : {}),
    ...(callsAnthropic(draft) && draft.apiKey ? { apiKey: draft.apiKey } : {}),
    ...(draft.openaiApiKey ? { openaiApiKey: draft.openaiApiKey } : {}),
    ...(draft.costModel.trim() ? { costModel: draft.costModel.trim() } : {}),
    cacheProvider: draft.cacheProvider,
    ...(draft.recordedRewrites ? {} : { recordedRewrites: false }),
  };
}

/** Window, estimator, summarizer (extractive or Anthropic with a model) and the LLM-judged retention toggle. */
export function CompareOptionsForm({
  options,
  onChange,
  sessionWindow,
  disabled,
}: {
  options: CompareOptionsDraft;
  onChange: (options: CompareOptionsDraft) => void;
  /** the session's recorded window, shown as the default; null when it has none (or several sessions) */
  sessionWindow: number | null;
  disabled?: boolean;
}) {
  const set = (patch: Partial<CompareOptionsDraft>) => onChange({ ...options, ...patch });
  const openai = options.summarizer === "openai";
  const callsModel = callsAnthropic(options) || openai;
  const { data: listed } = useQuery(runQueries.summarizers());
  const endpoints = (listed?.summarizers ?? []).filter((entry) => entry.provider === "openai");
  const endpoint = endpoints.find((entry) => entry.baseUrl === options.baseUrl) ?? endpoints[0];
  const suggested = openai ? (endpoint?.models ?? []) : ((listed?.summarizers ?? []).find((entry) => entry.provider === "anthropic")?.models ?? []);
  return (
    <fieldset data-testid="compare-options" disabled={disabled} className="flex flex-wrap items-end gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-2 text-xs shadow-sm">
      <legend className="px-1 text-[11px] font-semibold uppercase tracking-wide text-slate-500">Shared by every configuration</legend>
      <label className="space-y-0.5">
        <span className="block font-medium text-slate-700">Context window</span>
        <input
          type="number"
          data-testid="compare-window"
          min={1_000}
          step={1_000}
          value={options.window ?? ""}
          placeholder={sessionWindow ? `session's ${sessionWindow.toLocaleString("en-US")}` : "200,000"}
          onChange={(event) => {
            const value = event.target.value;
            set({ window: value === "" ? null : Math.max(1, Math.round(Number(value))) || null });
          }}
          className={`${INPUT} w-32 tabular-nums`}
        />
      </label>
      <label className="space-y-0.5">
        <span className="block font-medium text-slate-700">Estimator</span>
        <select data-testid="compare-estimator" value={options.estimator} onChange={(event) => set({ estimator: event.target.value as CompareOptionsDraft["estimator"] })} className={INPUT}>
          <option value="chars4">chars / 4</option>
          <option value="calibrated">calibrated</option>
          <option value="bpe">BPE tokenizer</option>
          <option value="count-tokens">count-tokens (Anthropic API)</option>
        </select>
      </label>
      <div className="space-y-0.5">
        <span className="block font-medium text-slate-700">Summarizer</span>
        <div className="flex gap-1" role="radiogroup" aria-label="Summarizer">
          {(["extractive", "anthropic", "openai"] as const).map((summarizer) => (
            <label key={summarizer} className={`cursor-pointer rounded border px-2 py-0.5 font-medium ${options.summarizer === summarizer ? "border-violet-500 bg-violet-50 text-violet-900" : "border-slate-200 text-slate-600 hover:bg-slate-50"}`}>
              <input
                type="radio"
                name="compare-summarizer"
                data-testid={`compare-summarizer-${summarizer}`}
                checked={options.summarizer === summarizer}
                onChange={() =>
                  set(
                    summarizer === "openai"
                      ? { summarizer, baseUrl: endpoint?.baseUrl ?? "", model: endpoint?.defaultModel ?? "" }
                      : summarizer === "anthropic" && options.summarizer === "openai"
                        ? { summarizer, model: DEFAULT_COMPARE_MODEL }
                        : { summarizer },
                  )
                }
                className="sr-only"
              />
              {summarizer === "extractive" ? "Extractive (free)" : summarizer === "anthropic" ? "Anthropic" : "OpenAI-compatible"}
            </label>
          ))}
        </div>
      </div>
      <label className="space-y-0.5" title="the model every configuration's dollars are priced at; empty: the session's own">
        <span className="block font-medium text-slate-700">Price at</span>
        <input data-testid="compare-cost-model" value={options.costModel} placeholder="session's model" maxLength={200} onChange={(event) => set({ costModel: event.target.value })} className={`${INPUT} w-40 font-mono`} />
      </label>
      <label className="space-y-0.5">
        <span className="block font-medium text-slate-700">Prompt cache</span>
        <select data-testid="compare-cache-provider" value={options.cacheProvider} onChange={(event) => set({ cacheProvider: event.target.value as CompareOptionsDraft["cacheProvider"] })} className={INPUT}>
          <option value="auto">model&apos;s provider</option>
          <option value="anthropic">Anthropic</option>
          <option value="openai">OpenAI</option>
          <option value="google">Gemini</option>
          <option value="none">no caching</option>
        </select>
      </label>
      <label className="flex items-center gap-1.5 pb-0.5" title="Where the recorded usage shows the agent wrote its whole prompt to the cache again (a restart), that call is cold for every configuration. Unticked: the cache model alone.">
        <input type="checkbox" data-testid="compare-recorded-restarts" checked={options.recordedRewrites} onChange={(event) => set({ recordedRewrites: event.target.checked })} />
        <span className="font-medium text-slate-700">Cold at recorded restarts</span>
      </label>
      <label className="flex items-center gap-1.5 pb-0.5" title="Ask a model, given only each final context, whether every probe survived">
        <input type="checkbox" data-testid="compare-judge" checked={options.judge} onChange={(event) => set({ judge: event.target.checked })} className="accent-violet-600" />
        <span className="font-medium text-slate-700">LLM-judged retention</span>
      </label>
      {openai && (
        <label className="space-y-0.5">
          <span className="block font-medium text-slate-700">Endpoint</span>
          <select data-testid="compare-base-url" value={endpoint?.baseUrl ?? ""} onChange={(event) => set({ baseUrl: event.target.value })} className={`${INPUT} max-w-72`}>
            {endpoints.map((entry) => (
              <option key={entry.baseUrl} value={entry.baseUrl ?? ""}>
                {entry.label}
                {entry.configured ? "" : " (needs a key)"}
              </option>
            ))}
          </select>
        </label>
      )}
      {callsModel && (
        <>
          <label className="space-y-0.5">
            <span className="block font-medium text-slate-700">Model</span>
            <input data-testid="compare-model" list="compare-model-suggestions" value={options.model} onChange={(event) => set({ model: event.target.value })} className={`${INPUT} w-44 font-mono`} />
            <datalist id="compare-model-suggestions">
              {suggested.map((model) => (
                <option key={model} value={model} />
              ))}
            </datalist>
          </label>
          {callsAnthropic(options) && (
            <label className="space-y-0.5">
              <span className="block font-medium text-slate-700">Anthropic key (this comparison only)</span>
              <input type="password" autoComplete="off" data-testid="compare-api-key" value={options.apiKey} placeholder="server's key" onChange={(event) => set({ apiKey: event.target.value })} className={`${INPUT} w-44`} />
            </label>
          )}
        </>
      )}
      {(openai || endpoints.length > 0) && (
        <label className="space-y-0.5">
          <span className="block font-medium text-slate-700">OpenAI-compatible key (this comparison only)</span>
          <input type="password" autoComplete="off" data-testid="compare-openai-api-key" value={options.openaiApiKey} placeholder="server's key" onChange={(event) => set({ openaiApiKey: event.target.value })} className={`${INPUT} w-44`} />
        </label>
      )}
    </fieldset>
  );
}

function callsAnthropic(options: CompareOptionsDraft): boolean {
  return options.summarizer === "anthropic" || (options.judge && options.summarizer !== "openai") || options.estimator === "count-tokens";
}
