import { logTicks, type YScaleMode } from "@/lib/client/fit-y-domain";
import { formatCompact } from "@/app/_components/format-number";

/**
 * The props of a token chart's y axis (recharts' `<YAxis>`), spread onto it: linear for "fit" and "full", a log
 * scale with {@link logTicks} for "log", over `domain` from fitYDomain; values drawn past the domain are cut off
 * rather than stretching it, and ticks read as compact token counts (12K, 1.2M).
 */
export function tokenYAxisProps(mode: YScaleMode, domain: [number, number]) {
  return {
    scale: mode === "log" ? "log" : "linear",
    domain,
    allowDataOverflow: true,
    ticks: mode === "log" ? logTicks(domain) : undefined,
    tickFormatter: (value: number) => formatCompact(value),
    tick: { fontSize: 11, fill: "#64748b" },
    tickLine: false,
    axisLine: false,
    width: 48,
  } as const;
}
