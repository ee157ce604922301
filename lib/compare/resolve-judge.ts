import type { CompareOptions } from "../api/contracts/compare-schemas";
import { BadRequestError } from "../api/contracts/errors";
import { readEnv } from "../env/read-env";
import { OPENAI_DEFAULT_BASE_URL, OpenAIEndpointError, resolveOpenAIEndpoint } from "../llm/openai-endpoint";
import { DEFAULT_OPENAI_SUMMARY_MODEL } from "../runs/build-summarizer";

/** Who judges a comparison's final contexts, with what; the key only in memory (never stored). */
export interface JudgeChoice {
  provider: "anthropic" | "openai";
  /** the request's key, or the server's (Anthropic); for `openai` the request's only (the endpoint resolver adds the server's) */
  apiKey?: string;
  model?: string;
  baseUrl?: string;
}

/**
 * The judge a comparison asks for, checked before anything runs: undefined when it does not judge. `anthropic`
 * (default): the request's or the server's key (400 `missing_api_key` without), model `judgeModel`, else the
 * comparison's `model` unless that is an OpenAI-compatible model. `openai`: an endpoint the server is configured
 * for (`judgeBaseUrl`, default OPENAI_BASE_URL), a key for OpenAI's own API, and a model (`judgeModel`, else the
 * comparison's when it summarizes on OpenAI-compatible models, else {@link DEFAULT_OPENAI_SUMMARY_MODEL} on
 * OpenAI's API; 400 `missing_model` otherwise). `trustedBaseUrl`: the CLI may name any endpoint.
 */
export function resolveJudge(compare: CompareOptions, options: { trustedBaseUrl?: boolean; workerNote?: string } = {}): JudgeChoice | undefined {
  if (!compare.judge) return undefined;
  if (compare.judgeProvider === "openai") {
    let baseURL: string;
    try {
      baseURL = resolveOpenAIEndpoint({ baseUrl: compare.judgeBaseUrl, apiKey: compare.openaiApiKey, trusted: options.trustedBaseUrl }).baseURL;
    } catch (error) {
      if (!(error instanceof OpenAIEndpointError)) throw error;
      throw new BadRequestError(error.code, `The judge: ${error.message}.`, error.code === "missing_api_key" ? "openaiApiKey" : "judgeBaseUrl");
    }
    const model = compare.judgeModel ?? (compare.summarizer === "openai" ? compare.model : undefined) ?? (baseURL === OPENAI_DEFAULT_BASE_URL ? DEFAULT_OPENAI_SUMMARY_MODEL : undefined);
    if (!model) throw new BadRequestError("missing_model", `The judge needs a model for ${baseURL}: set judgeModel.`, "judgeModel");
    return { provider: "openai", apiKey: compare.openaiApiKey, model, baseUrl: compare.judgeBaseUrl };
  }
  const apiKey = compare.apiKey ?? readEnv().ANTHROPIC_API_KEY;
  if (!apiKey) {
    throw new BadRequestError("missing_api_key", `The LLM-judged retention asks a model: ${options.workerNote ?? "set ANTHROPIC_API_KEY on the server or pass apiKey with the comparison"}.`, "judge");
  }
  return { provider: "anthropic", apiKey, model: compare.judgeModel ?? (compare.summarizer === "openai" ? undefined : compare.model) };
}
