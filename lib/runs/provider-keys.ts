import { readEnv } from "../env/read-env";
import type { CompactionProvider } from "../engine/summarize/summarizer";
import { configuredOpenAIBaseUrls, resolveOpenAIEndpoint } from "../llm/openai-endpoint";

/**
 * Whether the server holds a key for each provider whose own compaction the lab can run: ANTHROPIC_API_KEY for
 * Anthropic; for OpenAI, a configured endpoint (OPENAI_BASE_URL, LAB_OPENAI_ENDPOINTS) that resolves with a key.
 * A run may still bring its own key per request; this only says what the server can do unasked. Never a key.
 */
export function providerKeys(): Record<CompactionProvider, boolean> {
  const openai = configuredOpenAIBaseUrls().some((baseUrl) => {
    try {
      return resolveOpenAIEndpoint({ baseUrl }).hasKey;
    } catch {
      return false;
    }
  });
  return { anthropic: Boolean(readEnv().ANTHROPIC_API_KEY), openai };
}
