import type { CompareRow } from "../api/contracts/compare-schemas";

export interface IdleStrategies {
  /** configurations (other than `none`) that never compacted, pruned or trimmed: they tie with no compaction */
  idle: string[];
  /** configurations other than `none` */
  compared: number;
  window: number;
  /** the largest context any configuration saw (none's peak: the session's own) */
  peak: number;
  /** a window the session clearly overflows, so the strategies have to act; null when no sensible smaller one exists */
  suggestedWindow: number | null;
}

/** The smallest window worth suggesting: below it a system prompt and one tool result can fill it. */
export const MIN_SUGGESTED_WINDOW = 4_000;

/**
 * When most strategies of a comparison never triggered — the session's peak stays under their thresholds at this
 * window, so every figure ties with `none` — says how many, and suggests a window half the session's peak (rounded
 * down to two significant digits): there the session overflows about twice, so every strategy's trigger (50–95% of
 * the window in the seeds) is crossed. Null when fewer than half are idle, or nothing was compared.
 */
export function idleStrategies(rows: readonly CompareRow[]): IdleStrategies | null {
  const compared = rows.filter((row) => row.strategy !== "none");
  if (compared.length === 0) return null;
  const idle = compared.filter((row) => row.compactions === 0 && row.prunes === 0 && row.tokensSavedVsNone === 0);
  if (idle.length * 2 < compared.length) return null;
  const window = rows[0].window;
  const peak = Math.max(...rows.map((row) => row.peakContextTokens));
  const half = roundDownTwoDigits(Math.min(peak, window) / 2);
  return { idle: idle.map((row) => row.config), compared: compared.length, window, peak, suggestedWindow: half >= MIN_SUGGESTED_WINDOW && half < window ? half : null };
}

/** 129,217 → 120,000; 8,734 → 8,700. */
export function roundDownTwoDigits(value: number): number {
  if (value < 100) return Math.floor(value);
  const unit = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.floor(value / unit) * unit;
}
