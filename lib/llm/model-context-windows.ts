import { findOverride, lookUp, normalise } from "./model-prices";

/**
 * The model's context window (input + output tokens it accepts) for the recommender's "the model's own window": the
 * override file's (lib/llm/model-price-overrides.json), else the price catalog's (@pydantic/genai-prices); undefined
 * when neither knows it — the recommender then uses each session's recorded window or the windows the user lists,
 * never a guess from a similar name.
 */
export function findModelContextWindow(model: string, provider?: string): number | undefined {
  const override = findOverride(model);
  if (override?.alias) return findModelContextWindow(override.alias, override.provider);
  if (override?.contextWindow !== undefined) return override.contextWindow;
  return lookUp(normalise(model), undefined, provider)?.model.context_window ?? undefined;
}
