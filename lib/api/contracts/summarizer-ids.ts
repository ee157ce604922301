/**
 * The summarizers a replay can use: the offline extractive one, Anthropic's Messages API (needs a key) and any
 * OpenAI-compatible endpoint (OpenAI, Azure OpenAI, OpenRouter, vLLM, Ollama, LM Studio: base URL, model, key). A plain
 * list beside the zod enum built from it (run-schemas.ts `SummarizerIdSchema`), like REPLAY_ESTIMATOR_IDS, so the
 * store and the CLI check a value without building the run schemas.
 */
export const SUMMARIZER_IDS = ["extractive", "anthropic", "openai"] as const;
export type SummarizerId = (typeof SUMMARIZER_IDS)[number];
