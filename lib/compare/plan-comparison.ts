import { BadRequestError } from "../api/contracts/errors";
import type { CompareConfig, CompareOptions } from "../api/contracts/compare-schemas";
import { findStrategy } from "../engine/strategies";
import { resolveSettings, SettingsError } from "../engine/strategies/resolve-settings";
import type { AnyStrategy } from "../engine/strategies/strategy";
import { buildSummarizer, type RunSummarizer } from "../runs/build-summarizer";
import { comparisonRunRequest } from "../runs/run-spec";
import { compareLabel } from "./compare-row";

/**
 * A configuration to compare, as the caller builds it (a sweep adds the cell of its axes and its own label; a
 * recommendation its own window, which its runs replay at instead of the comparison's).
 */
export type ComparisonConfigInput = CompareConfig & { cell?: { x: unknown; y?: unknown }; window?: number };

/** A configuration checked and ready to replay. */
export interface PlannedConfig {
  index: number;
  label: string;
  strategy: AnyStrategy;
  /** the resolved settings: defaults + overrides, validated */
  settings: object;
  /** the overrides as given (what the playground shows as "changed") */
  overrides: Record<string, unknown>;
  summarizer: RunSummarizer;
  cell?: { x: unknown; y?: unknown };
}

/**
 * Checks every configuration before anything is stored or replayed, and throws a BadRequestError (→ 400) naming
 * the configuration by index and label: an unknown strategy (`configs.<i>.strategy`), a bad setting
 * (`configs.<i>.settings.<name>`, the strategy's own message), an anthropic summarizer without a key
 * (`missing_api_key`, the same refusal as a single run). The per-request key is only in the summarizers' closures.
 */
export function planComparison(options: { configs: readonly ComparisonConfigInput[]; compare: CompareOptions; trustedBaseUrl?: boolean }): PlannedConfig[] {
  return options.configs.map((config, index) => {
    const label = compareLabel(config);
    const strategy = findStrategy(config.strategy);
    if (!strategy) {
      throw new BadRequestError("unknown_strategy", `Configuration ${index} (${label}): unknown strategy ${JSON.stringify(config.strategy)}.`, `configs.${index}.strategy`);
    }
    let settings: object;
    try {
      settings = resolveSettings(strategy, config.settings);
    } catch (error) {
      if (!(error instanceof SettingsError)) throw error;
      throw new BadRequestError(
        "invalid_settings",
        `Configuration ${index} (${label}): ${error.message}`,
        `configs.${index}.settings${error.setting ? `.${error.setting}` : ""}`,
      );
    }
    let summarizer: RunSummarizer;
    try {
      summarizer = buildSummarizer(comparisonRunRequest(config, options.compare), { trustedBaseUrl: options.trustedBaseUrl });
    } catch (error) {
      if (!(error instanceof BadRequestError) || config.summarizer === undefined) throw error;
      throw new BadRequestError(error.code, `Configuration ${index} (${label}): ${error.message}`, `configs.${index}.${error.path ?? "summarizer"}`);
    }
    return { index, label, strategy, settings, overrides: { ...config.settings }, summarizer, ...(config.cell ? { cell: config.cell } : {}) };
  });
}
