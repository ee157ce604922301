import OpenAI from "openai";
import type { OpenAIEndpoint } from "./openai-endpoint";
import { toOpenAISummarizerError } from "./openai-summarizer-error";

/** A model list is a convenience: a slow or absent endpoint must not hold the page. */
const LIST_TIMEOUT_MS = 3_000;

/**
 * The model ids an OpenAI-compatible endpoint lists (GET /v1/models: OpenAI, OpenRouter, vLLM, Ollama, LM Studio
 * all serve it), sorted; or the reason it could not be read (`error`, the key scrubbed). One attempt, 3 s.
 */
export async function listOpenAIModels(endpoint: OpenAIEndpoint): Promise<{ models: string[]; error: string | null }> {
  const client = new OpenAI({ apiKey: endpoint.apiKey, baseURL: endpoint.baseURL, timeout: LIST_TIMEOUT_MS, maxRetries: 0 });
  try {
    const models: string[] = [];
    for await (const model of client.models.list()) {
      if (typeof model.id === "string") models.push(model.id);
      if (models.length >= 500) break;
    }
    return { models: models.sort(), error: null };
  } catch (error) {
    return { models: [], error: toOpenAISummarizerError(error, { timeoutMs: LIST_TIMEOUT_MS, secrets: [endpoint.apiKey] }).message };
  }
}
