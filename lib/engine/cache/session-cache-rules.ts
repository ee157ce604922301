import type { Session } from "../model";
import { cacheProviderOf, cacheRulesByProvider, offeredTtl, type CacheRules, type CacheTtlId } from "./cache-rules";
import { sessionCacheTtl } from "./session-cache-ttl";
import { sessionModel } from "./session-model";

/**
 * The prompt cache a session's calls run under: by default its own model's (`sessionCacheOf`), or the one a run is
 * priced under when it names another model, provider or TTL (lib/runs/price-run.ts `runSessionCache`).
 */
export interface SessionCache {
  /** the provider's rules; null: no prompt cache (priced without one), every input token at the base price */
  rules: CacheRules | null;
  /** the TTL its recorded usage shows (sessionCacheTtl), else the provider's default */
  ttl: CacheTtlId;
}

/**
 * The cache of the session's own model (the model it names, else its assistants' most frequent): its provider's
 * rules, or Anthropic's when no model of a provider the lab knows is named, and the TTL its recorded cache writes
 * show (1 hour when most were written for an hour), else the provider's default — the cache a run's cost applies by
 * default (lib/llm/price-replay.ts: the session's model, its provider's cache, the recorded TTL; an unpriced or
 * unnamed model is priced at an Anthropic model).
 */
export function sessionCacheOf(session: Session): SessionCache {
  const rules = cacheRulesByProvider[cacheProviderOf(sessionModel(session)) ?? "anthropic"];
  return { rules, ttl: offeredTtl(rules, sessionCacheTtl(session)) };
}
