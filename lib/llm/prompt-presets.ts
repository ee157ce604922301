import { z } from "zod";
import { CLAUDE_CODE_SUMMARY_INSTRUCTIONS } from "../engine/strategies/claude-code";
import { CODEX_SUMMARY_INSTRUCTIONS } from "../engine/strategies/codex";
import { GEMINI_CLI_SUMMARY_INSTRUCTIONS } from "../engine/strategies/gemini-cli";
import { GOOSE_INSTRUCTIONS, GOOSE_SYSTEM_PROMPT } from "../engine/strategies/goose";
import { KILO_CODE_INSTRUCTIONS, KILO_CODE_SYSTEM_PROMPT } from "../engine/strategies/kilo-code";
import { OPENCODE_V2_INSTRUCTIONS, OPENCODE_V2_SYSTEM_PROMPT } from "../engine/strategies/opencode-v2";
import { MICRO_AGENT_SUMMARIZATION_PROMPT } from "../engine/strategies/micro-agent";
import { NOUS_CHECKPOINT_SYSTEM_PROMPT, NOUS_UPDATE_SYSTEM_PROMPT } from "../engine/strategies/nous";
import { EVIDENCE_NARRATIVE_INSTRUCTIONS, EVIDENCE_NARRATIVE_SYSTEM_PROMPT, EVIDENCE_NARRATIVE_UPDATE_INSTRUCTIONS } from "../engine/strategies/evidence";
import { MERGE_SUMMARIES_INSTRUCTIONS, OPENCLAW_SUMMARY_SYSTEM_PROMPT } from "../engine/strategies/openclaw/plan-stages";
import { OPENCODE_COMPACTION_INSTRUCTION, OPENCODE_COMPACTION_SYSTEM_PROMPT, OPENCODE_MARKER_TEXT } from "../engine/strategies/opencode";
import { PI_SUMMARY_INSTRUCTIONS, PI_TURN_PREFIX_INSTRUCTIONS, PI_UPDATE_INSTRUCTIONS } from "../engine/strategies/pi";
import { VIBE_COMPACTION_PROMPT } from "../engine/strategies/vibe";
import type { SummarizeRequest, Summarizer } from "../engine/summarize/summarizer";

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

/** openclaw's merge call: the pi instruction with seed 001's merge text as its additional focus (openclaw/plan-stages.ts). */
const withFocus = (instructions: string, focus: string) => `${instructions}\n\nAdditional focus:\n${focus}`;

/**
 * The strategies' summarization prompts by strategy id, imported from the strategy files (one source of truth):
 * seed 000's seven sections (vibe), seed 002's narrative prompt (micro-agent), seed 003's system prompt, marker
 * text and continuation instruction (opencode), seed 004's CHECKPOINT and UPDATE prompts (nous), seed 001's merge
 * instructions (openclaw), the lab's own narrative prompts (evidence), and the peers' (pi, claude-code, codex, gemini-cli; their system prompts are not
 * exported, so only their instructions are presets). Strategies that never summarize have none.
 */
export const promptPresetsByStrategy: Readonly<Record<string, readonly PromptPreset[]>> = {
  vibe: [
    { name: "summary", label: "compact.md: seven sections", source: "seed 000 §4 (prompts/compact.md)", system: null, instructions: VIBE_COMPACTION_PROMPT },
  ],
  "micro-agent": [
    { name: "summary", label: "concise narrative summary", source: "seed 002, Summarization step 3", system: "", instructions: MICRO_AGENT_SUMMARIZATION_PROMPT },
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
  evidence: [
    { name: "summary", label: "narrative beside the evidence ledger", source: "evidence.ts (the lab's own)", system: EVIDENCE_NARRATIVE_SYSTEM_PROMPT, instructions: EVIDENCE_NARRATIVE_INSTRUCTIONS },
    { name: "update", label: "update the previous narrative", source: "evidence.ts (the lab's own)", system: EVIDENCE_NARRATIVE_SYSTEM_PROMPT, instructions: EVIDENCE_NARRATIVE_UPDATE_INSTRUCTIONS },
  ],
  nous: [
    { name: "summary", label: "structured checkpoint", source: "seed 004 CHECKPOINT_SYSTEM_PROMPT", system: NOUS_CHECKPOINT_SYSTEM_PROMPT, instructions: "" },
    { name: "update", label: "iterative update with size cap", source: "seed 004 UPDATE_SYSTEM_PROMPT", system: NOUS_UPDATE_SYSTEM_PROMPT, instructions: "" },
  ],
  openclaw: [
    { name: "summary", label: "chunk summary", source: "openclaw/plan-stages.ts (pi's checkpoint)", system: OPENCLAW_SUMMARY_SYSTEM_PROMPT, instructions: PI_SUMMARY_INSTRUCTIONS },
    { name: "update", label: "chunk updating the previous summary", source: "openclaw/plan-stages.ts (pi's update)", system: OPENCLAW_SUMMARY_SYSTEM_PROMPT, instructions: PI_UPDATE_INSTRUCTIONS },
    { name: "merge", label: "merge partial summaries", source: "seed 001 MERGE_SUMMARIES_INSTRUCTIONS", system: OPENCLAW_SUMMARY_SYSTEM_PROMPT, instructions: withFocus(PI_SUMMARY_INSTRUCTIONS, MERGE_SUMMARIES_INSTRUCTIONS) },
    { name: "merge-update", label: "merge partial summaries into the previous summary", source: "seed 001 MERGE_SUMMARIES_INSTRUCTIONS", system: OPENCLAW_SUMMARY_SYSTEM_PROMPT, instructions: withFocus(PI_UPDATE_INSTRUCTIONS, MERGE_SUMMARIES_INSTRUCTIONS) },
    { name: "turn-prefix", label: "split-turn prefix", source: "openclaw.ts (pi's turn prefix)", system: OPENCLAW_SUMMARY_SYSTEM_PROMPT, instructions: PI_TURN_PREFIX_INSTRUCTIONS },
  ],
  pi: [
    { name: "summary", label: "checkpoint", source: "pi.ts (pi's layout, own wording)", system: null, instructions: PI_SUMMARY_INSTRUCTIONS },
    { name: "update", label: "update the previous summary", source: "pi.ts", system: null, instructions: PI_UPDATE_INSTRUCTIONS },
    { name: "turn-prefix", label: "split-turn prefix", source: "pi.ts", system: null, instructions: PI_TURN_PREFIX_INSTRUCTIONS },
  ],
  "claude-code": [{ name: "summary", label: "compact summary", source: "claude-code.ts", system: null, instructions: CLAUDE_CODE_SUMMARY_INSTRUCTIONS }],
  "claude-code@2.1.299": [{ name: "summary", label: "compact summary", source: "claude-code.ts", system: null, instructions: CLAUDE_CODE_SUMMARY_INSTRUCTIONS }],
  "opencode@v2": [{ name: "summary", label: "structured checkpoint", source: "opencode-v2.ts", system: OPENCODE_V2_SYSTEM_PROMPT, instructions: OPENCODE_V2_INSTRUCTIONS }],
  "kilo-code": [{ name: "summary", label: "anchored summary", source: "kilo-code.ts", system: KILO_CODE_SYSTEM_PROMPT, instructions: KILO_CODE_INSTRUCTIONS }],
  goose: [{ name: "summary", label: "context checkpoint", source: "goose.ts", system: GOOSE_SYSTEM_PROMPT, instructions: GOOSE_INSTRUCTIONS }],
  codex: [{ name: "summary", label: "handoff summary", source: "codex.ts", system: null, instructions: CODEX_SUMMARY_INSTRUCTIONS }],
  "gemini-cli": [{ name: "summary", label: "state snapshot", source: "gemini-cli.ts", system: null, instructions: GEMINI_CLI_SUMMARY_INSTRUCTIONS }],
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
