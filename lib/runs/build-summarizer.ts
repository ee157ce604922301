import type { CostOptions } from "../api/contracts/cost-schemas";
import type { RunRequest } from "../api/contracts/run-schemas";
import type { SummarizerId } from "../api/contracts/summarizer-ids";
import { BadRequestError } from "../api/contracts/errors";
import { extractiveSummarizer } from "../engine/summarize/extractive-summarizer";
import type { Summarizer } from "../engine/summarize/summarizer";
import { createAnthropicSummarizer, DEFAULT_SUMMARY_MODEL } from "../llm/anthropic-summarizer";
import { OPENAI_DEFAULT_BASE_URL, OpenAIEndpointError, resolveOpenAIEndpoint } from "../llm/openai-endpoint";
import { createOpenAISummarizer } from "../llm/openai-summarizer";
import { promptPresetsFor, withPromptOverrides, type PromptOverrides } from "../llm/prompt-presets";
import { readEnv } from "../env/read-env";
import { providerOfStrategy } from "../engine/strategies/provider-of-strategy";
import { withProviderCompaction } from "../llm/with-provider-compaction";

/** The summarizer model an `openai` run on OpenAI's own API uses when it names none: a small, current model. */
export const DEFAULT_OPENAI_SUMMARY_MODEL = "gpt-5-mini";

/**
 * Where a run sends transcript text: the one place that says so. null for the extractive summarizer (nothing
 * leaves the server); otherwise the provider and the endpoint that will read the session's messages.
 */
export interface ExternalDestination {
  provider: "anthropic" | "openai";
  /** the base URL the transcript goes to (the SDK's default for Anthropic when none is configured) */
  endpoint: string;
}

export interface RunSummarizer {
  summarizer: Summarizer;
  provider: SummarizerId;
  /** the model billed, null for the extractive summarizer */
  model: string | null;
  /** the OpenAI-compatible endpoint of an `openai` summarizer; null otherwise */
  baseUrl: string | null;
  /**
   * Where this run sends transcript text — the one field a gate on external models reads (a session with
   * unredacted secrets, say); null when it sends it nowhere (the extractive summarizer)
   */
  external: ExternalDestination | null;
  /** the prompt edits the run applies, by preset name; null when none */
  promptOverrides: PromptOverrides | null;
}

export interface BuildSummarizerOptions {
  /** the CLI's user may name any OpenAI-compatible base URL; a web request only the configured ones */
  trustedBaseUrl?: boolean;
}

/**
 * The summarizer a run asks for. `anthropic`: the run's model (default {@link DEFAULT_SUMMARY_MODEL}), the
 * per-request key or ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL. `openai`: the run's model and OpenAI-compatible endpoint
 * (`baseUrl`, one the server is configured for; see lib/llm/openai-endpoint.ts), the per-request `openaiApiKey` or
 * the server's key for its own endpoint. Both: the appended instructions and the edited prompts; keys only in the
 * SDK clients' closures. Throws a BadRequestError (→ 400) before anything runs: no key (`missing_api_key`), an
 * endpoint the server is not configured for (`endpoint_not_allowed`, field `baseUrl`), no model for an endpoint
 * other than OpenAI's (`missing_model`), a prompt edit naming a preset the strategy does not have.
 */
export function buildSummarizer(request: Omit<RunRequest, keyof CostOptions>, options: BuildSummarizerOptions = {}): RunSummarizer {
  assertProviderStrategyRunnable(request);
  const promptOverrides = promptOverridesOf(request);
  if (request.summarizer === "extractive") {
    return { summarizer: extractiveSummarizer, provider: "extractive", model: null, baseUrl: null, external: null, promptOverrides };
  }
  const built = request.summarizer === "openai" ? openAISummarizer(request, options) : anthropicSummarizer(request);
  try {
    return { ...built, summarizer: withPromptOverrides(built.summarizer, { strategyId: request.strategy, overrides: promptOverrides ?? {} }), promptOverrides };
  } catch (error) {
    throw new BadRequestError("invalid_prompt", error instanceof Error ? error.message : String(error), "promptOverrides");
  }
}

function anthropicSummarizer(request: Omit<RunRequest, keyof CostOptions>): Omit<RunSummarizer, "promptOverrides"> {
  const apiKey = request.apiKey ?? readEnv().ANTHROPIC_API_KEY;
  if (!apiKey) {
    throw new BadRequestError("missing_api_key", "The anthropic summarizer needs an API key: set ANTHROPIC_API_KEY on the server or pass apiKey with the run.", "apiKey");
  }
  const model = request.model ?? DEFAULT_SUMMARY_MODEL;
  const summarizer = withProviderCompaction(createAnthropicSummarizer({ model, apiKey, customInstructions: request.instructions }), {
    target: { provider: "anthropic", model, apiKey },
    customInstructions: request.instructions,
  });
  const endpoint = readEnv().ANTHROPIC_BASE_URL ?? "https://api.anthropic.com";
  return { summarizer, provider: "anthropic", model, baseUrl: null, external: { provider: "anthropic", endpoint } };
}

function openAISummarizer(request: Omit<RunRequest, keyof CostOptions>, options: BuildSummarizerOptions): Omit<RunSummarizer, "promptOverrides"> {
  let endpoint;
  try {
    endpoint = resolveOpenAIEndpoint({ baseUrl: request.baseUrl, apiKey: request.openaiApiKey, trusted: options.trustedBaseUrl });
  } catch (error) {
    if (!(error instanceof OpenAIEndpointError)) throw error;
    throw new BadRequestError(error.code, `The openai summarizer: ${error.message}.`, error.code === "missing_api_key" ? "openaiApiKey" : "baseUrl");
  }
  const official = endpoint.baseURL === OPENAI_DEFAULT_BASE_URL;
  const model = request.model ?? (official ? DEFAULT_OPENAI_SUMMARY_MODEL : undefined);
  if (!model) throw new BadRequestError("missing_model", `The openai summarizer needs a model for ${endpoint.baseURL} (e.g. the id GET /v1/models lists).`, "model");
  const summarizer = withProviderCompaction(createOpenAISummarizer({ model, endpoint, customInstructions: request.instructions }), {
    target: { provider: "openai", model, endpoint },
    customInstructions: request.instructions,
  });
  return { summarizer, provider: "openai", model, baseUrl: endpoint.baseURL, external: { provider: "openai", endpoint: endpoint.baseURL } };
}

/**
 * The providers' own compaction runs only against that provider, with its key: `anthropic-compaction` with the
 * anthropic summarizer, `openai-compaction` with the openai one. Anything else (the offline default above all) is
 * refused with a 400 naming what to choose, before anything runs; the key itself is checked by the summarizer.
 */
function assertProviderStrategyRunnable(request: Omit<RunRequest, keyof CostOptions>): void {
  const provider = providerOfStrategy(request.strategy);
  if (provider === null || request.summarizer === provider) return;
  throw new BadRequestError(
    "provider_strategy_needs_provider",
    `Strategy ${request.strategy} is ${provider === "anthropic" ? "Anthropic's" : "OpenAI's"} own compaction and runs only against that API: choose the ${provider} summarizer (with a key: ${provider === "anthropic" ? "ANTHROPIC_API_KEY on the server or apiKey" : "OPENAI_API_KEY on the server or openaiApiKey"} with the run), not ${request.summarizer}.`,
    "summarizer",
  );
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
