import { z } from "zod";
import { OPENCODE_COMPACTION_INSTRUCTION, OPENCODE_COMPACTION_SYSTEM_PROMPT, OPENCODE_MARKER_TEXT } from "../engine/strategies/opencode";
import { PI_SUMMARY_INSTRUCTIONS, PI_TURN_PREFIX_INSTRUCTIONS, PI_UPDATE_INSTRUCTIONS } from "../engine/strategies/pi";
import { VIBE_COMPACTION_PROMPT } from "../engine/strategies/vibe";
import type { SummarizeRequest, Summarizer } from "../engine/summarize/summarizer";
import {
  SEED_001_MERGE_SUMMARIES_INSTRUCTIONS,
  SEED_002_SUMMARIZATION_PROMPT,
  SEED_004_CHECKPOINT_SYSTEM_PROMPT,
  SEED_004_UPDATE_SYSTEM_PROMPT,
} from "./seed-prompts";

/**
 * One prompt a strategy sends its summarizer, as its source wrote it. A request "uses" a preset when its
 * instructions equal the preset's and, unless the preset's system is null, its system prompt too.
 */
export interface PromptPreset {
  /** unique within the strategy: "summary", "update", "merge", "turn-prefix" */
  name: string;
  label: string;
  /** where the text comes from */
  source: string;
  /** null: the system prompt is not part of the preset (vibe sends the session's own system prompt) */
  system: string | null;
  /** the final user instruction; "" when the source sends only a system prompt and the conversation */
  instructions: string;
}

/**
 * The seeds' prompts by strategy id. Texts come from the strategy files where they exist (vibe, opencode, pi);
 * the others (micro-agent, nous, openclaw) from the seeds, verbatim, until their strategy files carry them.
 */
export const promptPresetsByStrategy: Readonly<Record<string, readonly PromptPreset[]>> = {
  vibe: [
    { name: "summary", label: "compact.md: seven sections", source: "seed 000 §4 (prompts/compact.md)", system: null, instructions: VIBE_COMPACTION_PROMPT },
  ],
  "micro-agent": [
    { name: "summary", label: "concise narrative summary", source: "seed 002, Summarization step 3", system: SEED_002_SUMMARIZATION_PROMPT, instructions: "" },
  ],
  opencode: [
    {
      name: "summary",
      label: "compaction agent + continuation prompt",
      source: "seed 003 §6.1 (system), §6.3 marker text + §6.2 instruction",
      system: OPENCODE_COMPACTION_SYSTEM_PROMPT,
      instructions: `${OPENCODE_MARKER_TEXT}\n\n${OPENCODE_COMPACTION_INSTRUCTION}`,
    },
  ],
  nous: [
    { name: "summary", label: "structured checkpoint", source: "seed 004 CHECKPOINT_SYSTEM_PROMPT", system: SEED_004_CHECKPOINT_SYSTEM_PROMPT, instructions: "" },
    { name: "update", label: "iterative update with size cap", source: "seed 004 UPDATE_SYSTEM_PROMPT", system: SEED_004_UPDATE_SYSTEM_PROMPT, instructions: "" },
  ],
  openclaw: [
    { name: "merge", label: "merge partial summaries", source: "seed 001 MERGE_SUMMARIES_INSTRUCTIONS", system: null, instructions: SEED_001_MERGE_SUMMARIES_INSTRUCTIONS },
  ],
  pi: [
    { name: "summary", label: "checkpoint", source: "lib/engine/strategies/pi.ts (pi's layout, own wording)", system: null, instructions: PI_SUMMARY_INSTRUCTIONS },
    { name: "update", label: "update the previous summary", source: "lib/engine/strategies/pi.ts", system: null, instructions: PI_UPDATE_INSTRUCTIONS },
    { name: "turn-prefix", label: "split-turn prefix", source: "lib/engine/strategies/pi.ts", system: null, instructions: PI_TURN_PREFIX_INSTRUCTIONS },
  ],
};

/** A user's edit of one preset for one run; a field left out keeps the strategy's text. */
export const PromptOverrideSchema = z.strictObject({ system: z.string().optional(), instructions: z.string().optional() });
export type PromptOverride = z.infer<typeof PromptOverrideSchema>;
/** A run's edits, by preset name (validate with this at the route and when reading a stored run back). */
export const PromptOverridesSchema = z.record(z.string(), PromptOverrideSchema);
export type PromptOverrides = z.infer<typeof PromptOverridesSchema>;

/** The presets of a strategy ([] for strategies that never summarize). */
export function promptPresetsFor(strategyId: string): readonly PromptPreset[] {
  return Object.hasOwn(promptPresetsByStrategy, strategyId) ? promptPresetsByStrategy[strategyId] : [];
}

/** The preset a request uses, or undefined (a strategy prompt that has no preset, or one already edited). */
export function findPresetOf(request: Pick<SummarizeRequest, "system" | "instructions">, presets: readonly PromptPreset[]): PromptPreset | undefined {
  return presets.find((preset) => preset.instructions === request.instructions && (preset.system === null || preset.system === request.system));
}

/** The request with an edited system prompt and/or instructions; the input is not mutated. */
export function applyPromptOverride<R extends Pick<SummarizeRequest, "system" | "instructions">>(request: R, override: PromptOverride | undefined): R {
  if (!override) return request;
  return { ...request, ...(override.system === undefined ? {} : { system: override.system }), ...(override.instructions === undefined ? {} : { instructions: override.instructions }) };
}

/**
 * A run's edits applied to one request: the request's preset is identified ({@link findPresetOf}) and that
 * preset's override applied. A request that uses no preset is returned unchanged.
 */
export function applyPromptOverrides<R extends Pick<SummarizeRequest, "system" | "instructions">>(options: { request: R; strategyId: string; overrides: PromptOverrides }): R {
  const preset = findPresetOf(options.request, promptPresetsFor(options.strategyId));
  return preset ? applyPromptOverride(options.request, options.overrides[preset.name]) : options.request;
}

/**
 * Wraps a summarizer so every call uses the run's edited prompts. Pass it to `replaySession` as `summarizer`.
 * Throws at creation when an override names a preset the strategy does not have (a typo would otherwise be
 * silently ignored).
 */
export function withPromptOverrides(summarizer: Summarizer, options: { strategyId: string; overrides: PromptOverrides }): Summarizer {
  const names = new Set(promptPresetsFor(options.strategyId).map((preset) => preset.name));
  const unknown = Object.keys(options.overrides).filter((name) => !names.has(name));
  if (unknown.length > 0) throw new Error(`prompt override for unknown preset(s) of ${options.strategyId}: ${unknown.join(", ")} (known: ${[...names].join(", ") || "none"})`);
  if (Object.keys(options.overrides).length === 0) return summarizer;
  return (request) => summarizer(applyPromptOverrides({ request, strategyId: options.strategyId, overrides: options.overrides }));
}

/** The prompts a run used, to store with it: each preset with the run's edit applied, and whether it was edited. */
export function effectivePrompts(strategyId: string, overrides: PromptOverrides = {}): (PromptPreset & { edited: boolean })[] {
  return promptPresetsFor(strategyId).map((preset) => {
    const override = overrides[preset.name];
    return { ...preset, system: override?.system ?? preset.system, instructions: override?.instructions ?? preset.instructions, edited: override !== undefined };
  });
}
