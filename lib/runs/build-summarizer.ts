import type { CostOptions } from "../api/contracts/cost-schemas";
import type { RunRequest } from "../api/contracts/run-schemas";
import { BadRequestError } from "../api/contracts/errors";
import { extractiveSummarizer } from "../engine/summarize/extractive-summarizer";
import type { Summarizer } from "../engine/summarize/summarizer";
import { createAnthropicSummarizer, DEFAULT_SUMMARY_MODEL } from "../llm/anthropic-summarizer";
import { promptPresetsFor, withPromptOverrides, type PromptOverrides } from "../llm/prompt-presets";

export interface RunSummarizer {
  summarizer: Summarizer;
  /** the model billed, null for the extractive summarizer */
  model: string | null;
  /** the prompt edits the run applies, by preset name; null when none */
  promptOverrides: PromptOverrides | null;
}

/**
 * The summarizer a run asks for. `anthropic`: the run's model (default {@link DEFAULT_SUMMARY_MODEL}), the
 * per-request key or ANTHROPIC_API_KEY (kept in the SDK client's closure only), ANTHROPIC_BASE_URL, the
 * appended instructions and the edited prompts. Throws a BadRequestError (→ 400) before anything runs when
 * there is no key, or when a prompt edit names a preset the strategy does not have.
 */
export function buildSummarizer(request: Omit<RunRequest, keyof CostOptions>): RunSummarizer {
  const promptOverrides = promptOverridesOf(request);
  if (request.summarizer === "extractive") return { summarizer: extractiveSummarizer, model: null, promptOverrides };
  const apiKey = request.apiKey ?? process.env.ANTHROPIC_API_KEY;
  if (!apiKey) {
    throw new BadRequestError("missing_api_key", "The anthropic summarizer needs an API key: set ANTHROPIC_API_KEY on the server or pass apiKey with the run.", "apiKey");
  }
  const model = request.model ?? DEFAULT_SUMMARY_MODEL;
  const base = createAnthropicSummarizer({ model, apiKey, customInstructions: request.instructions });
  try {
    return { summarizer: withPromptOverrides(base, { strategyId: request.strategy, overrides: promptOverrides ?? {} }), model, promptOverrides };
  } catch (error) {
    throw new BadRequestError("invalid_prompt", error instanceof Error ? error.message : String(error), "promptOverrides");
  }
}

/** `prompt` (shorthand for the strategy's first preset) merged under `promptOverrides`. */
function promptOverridesOf(request: Omit<RunRequest, keyof CostOptions>): PromptOverrides | null {
  const first = promptPresetsFor(request.strategy)[0];
  if (request.prompt && !first) throw new BadRequestError("invalid_prompt", `Strategy ${request.strategy} has no prompt to edit.`, "prompt");
  // StrategyInfo.prompt shows a preset without a system prompt as system "": echoed back, it must not blank the
  // system prompt the strategy sends (vibe sends the session's own)
  const shorthand = request.prompt && first ? (first.system === null && request.prompt.system === "" ? { instructions: request.prompt.instructions } : request.prompt) : null;
  const overrides: PromptOverrides = { ...(shorthand && first ? { [first.name]: shorthand } : {}), ...request.promptOverrides };
  return Object.keys(overrides).length > 0 ? overrides : null;
}
