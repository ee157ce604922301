/**
 * Context windows (input + output tokens the model accepts) of models the lab prices, for the recommender's "the
 * model's own window". Dated data: windows change with model versions and betas. A model not listed has no known
 * window here — the recommender then uses each session's recorded window or the windows the user lists, never a
 * guess from a similar name. Anthropic's 1M-token beta for some Sonnet models is not the default window, so 200K.
 */
export const MODEL_CONTEXT_WINDOWS_DATE = "2026-11-26";

export const CONTEXT_WINDOW_SOURCES = {
  anthropic: "Anthropic, Models overview (platform.claude.com/docs/en/about-claude/models/overview): context window per model",
  openai: "OpenAI, model pages (developers.openai.com/api/docs/models): context window per model",
  google: "Google, Gemini models (ai.google.dev/gemini-api/docs/models): input token limit per model",
} as const;

const windowsById: Readonly<Record<string, { tokens: number; source: keyof typeof CONTEXT_WINDOW_SOURCES }>> = {
  "claude-opus-4-5": { tokens: 200_000, source: "anthropic" },
  "claude-opus-4-1": { tokens: 200_000, source: "anthropic" },
  "claude-opus-4": { tokens: 200_000, source: "anthropic" },
  "claude-sonnet-4-5": { tokens: 200_000, source: "anthropic" },
  "claude-sonnet-4": { tokens: 200_000, source: "anthropic" },
  "claude-3-7-sonnet": { tokens: 200_000, source: "anthropic" },
  "claude-haiku-4-5": { tokens: 200_000, source: "anthropic" },
  "claude-3-5-haiku": { tokens: 200_000, source: "anthropic" },
  "gpt-5": { tokens: 400_000, source: "openai" },
  "gpt-5-mini": { tokens: 400_000, source: "openai" },
  "gpt-5-nano": { tokens: 400_000, source: "openai" },
  "gpt-5-codex": { tokens: 400_000, source: "openai" },
  "gpt-5.1": { tokens: 400_000, source: "openai" },
  "gpt-5.1-codex": { tokens: 400_000, source: "openai" },
  "gpt-4.1": { tokens: 1_047_576, source: "openai" },
  "gpt-4.1-mini": { tokens: 1_047_576, source: "openai" },
  "gpt-4.1-nano": { tokens: 1_047_576, source: "openai" },
  "gpt-4o": { tokens: 128_000, source: "openai" },
  "gpt-4o-mini": { tokens: 128_000, source: "openai" },
  "gemini-2.5-pro": { tokens: 1_048_576, source: "google" },
  "gemini-2.5-flash": { tokens: 1_048_576, source: "google" },
  "gemini-2.5-flash-lite": { tokens: 1_048_576, source: "google" },
};

/** The model's context window, exact or without a provider prefix / date suffix / `-latest`; undefined when not known. */
export function findModelContextWindow(model: string): number | undefined {
  const id = model.trim().toLowerCase();
  const bare = id.replace(/^(anthropic|openai|google|gemini)\//, "");
  const base = bare.replace(/-\d{8}$/, "").replace(/-\d{4}-\d{2}-\d{2}$/, "").replace(/-latest$/, "");
  return (windowsById[id] ?? windowsById[bare] ?? windowsById[base])?.tokens;
}
