import type { EstimatorIdSchema, PreviewRequest, RunRequest, StrategyInfo, SummarizerIdSchema } from "@/lib/api/run-schemas";
import type { z } from "zod";

/** The model the anthropic summarizer uses unless the user names another (lib/llm's default). */
export const DEFAULT_SUMMARY_MODEL = "claude-haiku-4-5";
export const DEFAULT_WINDOW = 200_000;

/** Everything the strategy panel edits; previews and runs are built from it. */
export interface PlaygroundConfig {
  strategy: string;
  settings: Record<string, unknown>;
  window: number;
  outputReserve: number;
  estimator: z.infer<typeof EstimatorIdSchema>;
  summarizer: z.infer<typeof SummarizerIdSchema>;
  model: string;
  instructions: string;
  apiKey: string;
  /** edited prompt presets by name; absent = the strategy's own text */
  promptEdits: Record<string, { system?: string; instructions?: string }>;
}

export function initialConfig(strategy: StrategyInfo | undefined, sessionWindow: number | null): PlaygroundConfig {
  return {
    strategy: strategy?.id ?? "",
    settings: { ...(strategy?.defaults ?? {}) },
    window: sessionWindow ?? DEFAULT_WINDOW,
    outputReserve: 0,
    estimator: "chars4",
    summarizer: "extractive",
    model: DEFAULT_SUMMARY_MODEL,
    instructions: "",
    apiKey: "",
    promptEdits: {},
  };
}

export function previewRequestOf(config: PlaygroundConfig): PreviewRequest {
  return {
    strategy: config.strategy,
    settings: config.settings,
    window: config.window,
    outputReserve: config.outputReserve,
    estimator: config.estimator,
  };
}

export function runRequestOf(config: PlaygroundConfig, extra: { compactAtStep?: number; instructions?: string } = {}): RunRequest {
  const anthropic = config.summarizer === "anthropic";
  const instructions = (extra.instructions ?? config.instructions).trim();
  const edited = Object.keys(config.promptEdits).length > 0;
  return {
    ...previewRequestOf(config),
    summarizer: config.summarizer,
    ...(anthropic && config.model.trim() ? { model: config.model.trim() } : {}),
    ...(instructions ? { instructions } : {}),
    ...(anthropic && config.apiKey.trim() ? { apiKey: config.apiKey.trim() } : {}),
    ...(edited ? { promptOverrides: config.promptEdits } : {}),
    ...(extra.compactAtStep !== undefined ? { compactAtStep: extra.compactAtStep } : {}),
  } as RunRequest;
}
