import type { WarningEvent } from "../simulate/replay-events";

/**
 * Strategies whose trigger is a fixed token count from their source, and the window that count was chosen for.
 * Seed 002 says so outright (80,000 on Claude's 200K window); seed 000's 200,000, seed 004's 100,000 and Anthropic's
 * clear_tool_uses default of 100,000 were set for the same 200K Claude models. On a smaller window such a threshold
 * may never be crossed before the context overflows.
 */
export const FIXED_THRESHOLDS: Readonly<Record<string, { setting: string; referenceWindow: number }>> = {
  vibe: { setting: "autoCompactThreshold", referenceWindow: 200_000 },
  nous: { setting: "compactionThreshold", referenceWindow: 200_000 },
  "micro-agent": { setting: "compactionThresholdTokens", referenceWindow: 200_000 },
  "anthropic-clear-tool-uses": { setting: "trigger", referenceWindow: 200_000 },
};

export interface ThresholdWarning {
  setting: string;
  value: number;
  window: number;
  referenceWindow: number;
  /** the threshold at the source's ratio (value ÷ referenceWindow) of this window */
  scaledValue: number;
  message: string;
}

/** The threshold a strategy's settings hold, scaled to `window` at its source's ratio. */
function scaled(value: number, window: number, referenceWindow: number): number {
  return Math.round((value * window) / referenceWindow);
}

/**
 * A warning when the strategy's fixed threshold is at or above the window, so it would never fire before the
 * context overflows (a threshold of 0 or less means "off" and is not warned about). Empty otherwise.
 */
export function thresholdWarnings(strategyId: string, settings: Readonly<Record<string, unknown>>, window: number): ThresholdWarning[] {
  const fixed = FIXED_THRESHOLDS[strategyId];
  const value = fixed ? settings[fixed.setting] : undefined;
  if (!fixed || typeof value !== "number" || value <= 0 || value < window) return [];
  const scaledValue = scaled(value, window, fixed.referenceWindow);
  return [
    {
      setting: fixed.setting,
      value,
      window,
      referenceWindow: fixed.referenceWindow,
      scaledValue,
      message:
        `${fixed.setting} is ${value.toLocaleString("en-US")} tokens but the window is ${window.toLocaleString("en-US")}: ` +
        `${strategyId} will never compact before the context overflows. Scaled to this window at the source's ratio ` +
        `(${value.toLocaleString("en-US")} of ${fixed.referenceWindow.toLocaleString("en-US")}) it would be ${scaledValue.toLocaleString("en-US")}.`,
    },
  ];
}

/** The settings with the strategy's fixed threshold scaled to `window` (unchanged for other strategies). */
export function scaleThresholds<S extends Readonly<Record<string, unknown>>>(strategyId: string, settings: S, window: number): S {
  const fixed = FIXED_THRESHOLDS[strategyId];
  const value = fixed ? settings[fixed.setting] : undefined;
  if (!fixed || typeof value !== "number" || value <= 0) return settings;
  return { ...settings, [fixed.setting]: scaled(value, window, fixed.referenceWindow) };
}

/** The replay's up-front warning events (step 0) for thresholds the window makes unreachable. */
export function thresholdWarningEvents(strategyId: string, settings: Readonly<Record<string, unknown>>, window: number): WarningEvent[] {
  return thresholdWarnings(strategyId, settings, window).map((warning) => ({
    type: "warning",
    step: 0,
    code: "threshold-above-window",
    message: warning.message,
  }));
}
