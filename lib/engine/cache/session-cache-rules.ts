import type { Session } from "../model";
import { cacheProviderOf, cacheRulesByProvider, type CacheRules } from "./cache-rules";
import { sessionModel } from "./session-model";

/**
 * The cache rules of the session's own model (the model it names, else its assistants' most frequent): its
 * provider's, or Anthropic's when no model of a provider the lab knows is named — the rules a run's cost applies by
 * default (lib/llm/price-replay.ts: the session's model, its provider's cache; an unpriced or unnamed model is priced
 * at an Anthropic model).
 */
export function sessionCacheRules(session: Session): CacheRules {
  return cacheRulesByProvider[cacheProviderOf(sessionModel(session)) ?? "anthropic"];
}
