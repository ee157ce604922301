import { readEnv } from "../env/read-env";
import type { SummarizerList, SummarizerOption } from "../api/contracts/summarizer-schemas";
import { DEFAULT_SUMMARY_MODEL } from "../llm/anthropic-summarizer";
import { listOpenAIModels } from "../llm/list-openai-models";
import { pricedModelIds } from "../llm/model-prices";
import { configuredOpenAIBaseUrls, OPENAI_DEFAULT_BASE_URL, resolveOpenAIEndpoint } from "../llm/openai-endpoint";
import { DEFAULT_OPENAI_SUMMARY_MODEL } from "./build-summarizer";

/** Per process and for speed only: an endpoint's model list, kept a minute so every page load does not ask again. */
const modelListCache = new Map<string, { at: number; value: Promise<{ models: string[]; error: string | null }> }>();
const MODEL_LIST_TTL_MS = 60_000;

/**
 * The summarizers this server can run (GET /api/summarizers): extractive; Anthropic (configured when
 * ANTHROPIC_API_KEY is set; its models are the lab's priced ids); and one entry per OpenAI-compatible endpoint the
 * server is configured for (OPENAI_BASE_URL, LAB_OPENAI_ENDPOINTS), each with the models its GET /v1/models lists.
 * Never a key.
 */
export async function listSummarizers(now: number = Date.now()): Promise<SummarizerList> {
  const anthropic: SummarizerOption = {
    provider: "anthropic",
    label: "Anthropic",
    baseUrl: null,
    configured: Boolean(readEnv().ANTHROPIC_API_KEY),
    models: pricedModelIds().filter((id) => id.startsWith("claude")),
    modelsError: null,
    defaultModel: DEFAULT_SUMMARY_MODEL,
  };
  const openai = await Promise.all(
    configuredOpenAIBaseUrls().map(async (baseUrl): Promise<SummarizerOption> => {
      const official = baseUrl === OPENAI_DEFAULT_BASE_URL;
      let endpoint;
      try {
        endpoint = resolveOpenAIEndpoint({ baseUrl });
      } catch (error) {
        return { provider: "openai", label: labelOf(baseUrl), baseUrl, configured: false, models: [], modelsError: error instanceof Error ? error.message : String(error), defaultModel: official ? DEFAULT_OPENAI_SUMMARY_MODEL : null };
      }
      const listed = await cachedModels(baseUrl, () => listOpenAIModels(endpoint), now);
      return { provider: "openai", label: labelOf(baseUrl), baseUrl, configured: true, models: listed.models, modelsError: listed.error, defaultModel: official ? DEFAULT_OPENAI_SUMMARY_MODEL : (listed.models[0] ?? null) };
    }),
  );
  const extractive: SummarizerOption = { provider: "extractive", label: "Extractive (free)", baseUrl: null, configured: true, models: [], modelsError: null, defaultModel: null };
  return { summarizers: [extractive, anthropic, ...openai] };
}

function labelOf(baseUrl: string): string {
  return baseUrl === OPENAI_DEFAULT_BASE_URL ? "OpenAI" : `OpenAI-compatible · ${baseUrl}`;
}

function cachedModels(key: string, load: () => Promise<{ models: string[]; error: string | null }>, now: number) {
  const cached = modelListCache.get(key);
  if (cached && now - cached.at < MODEL_LIST_TTL_MS) return cached.value;
  const value = load();
  modelListCache.set(key, { at: now, value });
  return value;
}
