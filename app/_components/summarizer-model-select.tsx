"use client";

import { useQuery } from "@tanstack/react-query";
import type { SummarizerOption } from "@/lib/api/contracts/summarizer-schemas";
import type { DraftSummarizer } from "@/lib/client/compare-configs";
import { runQueries } from "@/lib/query-hooks/run-queries";

const INPUT = "rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs focus:border-violet-500";

/** One pickable model: the value the select keeps, what it shows, and the summarizer it stands for. */
interface ModelChoice {
  value: string;
  label: string;
  summarizer: DraftSummarizer;
  needsKey: boolean;
}

/** The first model the server holds a key for of `provider` (a provider strategy's default pick), else undefined. */
export function firstModelOf(options: readonly SummarizerOption[], provider: "anthropic" | "openai"): DraftSummarizer | undefined {
  const choices = modelChoicesOf(options).filter((choice) => choice.summarizer.provider === provider);
  return (choices.find((choice) => !choice.needsKey) ?? choices[0])?.summarizer;
}

/** Every (provider, endpoint, model) the server offers, in the order GET /api/summarizers lists them. */
export function modelChoicesOf(options: readonly SummarizerOption[]): ModelChoice[] {
  return options.flatMap((option): ModelChoice[] => {
    if (option.provider === "extractive") return [{ value: "extractive", label: option.label, summarizer: { provider: "extractive" }, needsKey: false }];
    const models = option.models.length > 0 ? option.models : option.defaultModel ? [option.defaultModel] : [];
    return models.map((model) => ({
      value: JSON.stringify([option.provider, option.baseUrl, model]),
      label: `${option.provider === "anthropic" ? "Anthropic" : option.label} · ${model}${option.configured ? "" : " (needs a key)"}`,
      summarizer: { provider: option.provider, model, ...(option.baseUrl ? { baseUrl: option.baseUrl } : {}) },
      needsKey: !option.configured,
    }));
  });
}

function valueOf(summarizer: DraftSummarizer | undefined): string {
  if (!summarizer) return "";
  if (summarizer.provider === "extractive") return "extractive";
  return JSON.stringify([summarizer.provider, summarizer.baseUrl ?? null, summarizer.model ?? null]);
}

/**
 * A configuration's summarizer model: "the comparison's" (none of its own), or any model of any summarizer the
 * server is configured for — so one comparison can pair a strategy with two models. Models of a provider without a
 * server key are listed "(needs a key)": the comparison's key field then has to carry one.
 */
export function SummarizerModelSelect({
  value,
  onChange,
  disabled,
  label,
  testId,
  provider,
}: {
  value: DraftSummarizer | undefined;
  onChange: (value: DraftSummarizer | undefined) => void;
  disabled?: boolean;
  label: string;
  testId: string;
  /** a provider's own compaction: only that provider's models (and no "the comparison's") */
  provider?: "anthropic" | "openai" | null;
}) {
  const { data } = useQuery(runQueries.summarizers());
  const choices = modelChoicesOf(data?.summarizers ?? []).filter((choice) => !provider || choice.summarizer.provider === provider);
  const current = valueOf(value);
  const known = current === "" || choices.some((choice) => choice.value === current);
  return (
    <select
      aria-label={label}
      data-testid={testId}
      value={current}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value === "" ? undefined : choices.find((choice) => choice.value === event.target.value)?.summarizer)}
      className={`${INPUT} min-w-0 max-w-full flex-1`}
    >
      {!provider && <option value="">Summarizer: the comparison&apos;s</option>}
      {!known && value && <option value={current}>{`${value.provider} · ${value.model ?? "default"}`}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
