import type { ContextPoint } from "@/lib/api/contracts/schemas";
import type { ReplayResult } from "@/lib/engine/simulate/replay-result";
import { formatCount } from "@/app/_components/format-number";
import { cacheLine } from "./cache-strip";

export interface RunChartRow {
  step: number;
  messageIndex: number;
  sent: number;
  baseline: number | null;
  recorded: number | null;
  compare: number | null;
  /** how the call met the prompt cache, when the run was priced */
  cache: string | null;
}

export type RunMarkerKind = "compaction" | "prune" | "trim";

export interface RunMarker {
  step: number;
  messageIndex: number;
  tokens: number;
  kind: RunMarkerKind;
  label: string;
  /** which marker a crowded stretch keeps (thinMarkers): a compaction over a trim over a prune, then the bigger drop */
  weight: number;
}

const KIND_WEIGHT: Record<RunMarkerKind, number> = { compaction: 3e12, trim: 2e12, prune: 1e12 };

/** Every call of the run as a chart row (full resolution; the chart thins what it draws per zoom). */
export function runChartRows(result: ReplayResult, baseline: readonly ContextPoint[], compare: ReplayResult | null): RunChartRow[] {
  const baselineByStep = new Map(baseline.map((point) => [point.step, point.estimatedTokens]));
  const compareByStep = compare ? new Map(compare.steps.map((step) => [step.step, step.contextTokens])) : null;
  return result.steps.map((step) => ({
    step: step.step,
    messageIndex: step.messageIndex,
    sent: step.contextTokens,
    baseline: baselineByStep.get(step.step) ?? null,
    recorded: step.recordedTokens,
    compare: compareByStep?.get(step.step) ?? null,
    cache: cacheLine(step),
  }));
}

/** Every compaction, prune and trim of the run, in event order, placed at its step (the last call for one after it). */
export function runChartMarkers(result: ReplayResult): RunMarker[] {
  const lastStep = Math.max(0, result.steps.length - 1);
  const markers: RunMarker[] = [];
  for (const event of result.events) {
    if (event.type !== "compaction-end" && event.type !== "prune" && event.type !== "trim") continue;
    const kind: RunMarkerKind = event.type === "compaction-end" ? "compaction" : event.type;
    const step = Math.min(event.step, lastStep);
    const freed = event.type === "prune" ? event.tokensFreed : Math.max(0, event.tokensBefore - event.tokensAfter);
    const label = event.type === "prune" ? `prune −${formatCount(event.tokensFreed)}` : `${kind} ${formatCount(event.tokensBefore)} → ${formatCount(event.tokensAfter)}`;
    markers.push({ step, messageIndex: result.steps[step]?.messageIndex ?? 0, tokens: event.tokensBefore, kind, label, weight: KIND_WEIGHT[kind] + freed });
  }
  return markers;
}
