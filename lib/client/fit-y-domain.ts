/** How a token chart's y axis is scaled. */
export type YScaleMode = "fit" | "full" | "log";

export const Y_SCALE_MODES: readonly { mode: YScaleMode; label: string; hint: string }[] = [
  { mode: "fit", label: "fit", hint: "fit the run and its window; a curve far above the window is cut off at the top" },
  { mode: "full", label: "full", hint: "linear from 0 to the highest curve" },
  { mode: "log", label: "log", hint: "logarithmic: every curve, small and large" },
];

/**
 * A curve above this many windows is cut off in "fit": the no-compaction line of a long session (28M tokens
 * against a 200K window, 140×) would otherwise flatten every compacted curve onto the axis, while a run that
 * overshoots its window (1.66× in a real calibrated-estimator case) still shows whole.
 */
export const FIT_CLIP_WINDOWS = 3;
/** Headroom above the highest value drawn, so the top curve and the window label do not touch the frame. */
const HEADROOM = 1.05;

export interface YDomain {
  domain: [number, number];
  /** keys of the series whose peak is above the domain's top (drawn cut off) */
  clipped: string[];
}

/**
 * The y domain of a token chart over the visible series (peaks and lowest values of what is drawn at the current
 * zoom; hidden series are left out by the caller). "fit": from 0 to the highest of the window and every series
 * that stays under FIT_CLIP_WINDOWS × window — the others are clipped and named; with no window, or when every
 * series is above that, it is "full". "full": 0 to the highest peak or the window. "log": from the power of ten
 * at or below the lowest positive value (at least 1) to the highest peak or window.
 */
export function fitYDomain(options: {
  series: readonly { key: string; peak: number; low: number }[];
  window: number | null;
  mode: YScaleMode;
}): YDomain {
  const { series, mode } = options;
  const window = options.window !== null && options.window > 0 ? options.window : null;
  const peaks = series.filter((entry) => Number.isFinite(entry.peak));
  const highest = Math.max(window ?? 0, ...peaks.map((entry) => entry.peak), 1);
  if (mode === "log") {
    const lows = peaks.map((entry) => entry.low).filter((low) => Number.isFinite(low) && low > 0);
    const lowest = Math.min(...lows, window ?? Infinity, highest);
    const bottom = Math.max(1, 10 ** Math.floor(Math.log10(Math.max(1, lowest))));
    return { domain: [bottom, highest * HEADROOM], clipped: [] };
  }
  if (mode === "fit" && window !== null) {
    const cap = window * FIT_CLIP_WINDOWS;
    const under = peaks.filter((entry) => entry.peak <= cap);
    if (under.length > 0) {
      const top = Math.max(window, ...under.map((entry) => entry.peak)) * HEADROOM;
      return { domain: [0, top], clipped: peaks.filter((entry) => entry.peak > top).map((entry) => entry.key) };
    }
  }
  return { domain: [0, highest * HEADROOM], clipped: [] };
}

/**
 * Ticks of a log axis over `domain`: the powers of ten inside it, with 2× and 5× between them when it spans
 * fewer than three decades (so a short span still gets a few labels). recharts' own log ticks label every
 * 1…9 of each decade, which overlap.
 */
export function logTicks(domain: readonly [number, number]): number[] {
  const [low, high] = domain;
  if (!(low > 0) || !(high > low)) return [];
  const first = Math.floor(Math.log10(low));
  const last = Math.ceil(Math.log10(high));
  const steps = last - first < 3 ? [1, 2, 5] : [1];
  const ticks: number[] = [];
  for (let exponent = first; exponent <= last; exponent++) {
    for (const factor of steps) {
      const tick = factor * 10 ** exponent;
      if (tick >= low && tick <= high) ticks.push(tick);
    }
  }
  return ticks;
}
