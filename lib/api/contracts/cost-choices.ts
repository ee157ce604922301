import { CACHE_PROVIDER_IDS, CACHE_TTL_IDS } from "../../engine/cache/cache-rules";

/**
 * The choices of a run's prompt-cache rules (`auto`: the model's provider; `none`: no cache) and cache TTL (`auto`:
 * the one the session's recorded cache writes used, else the provider's default). Apart from their schemas
 * (cost-schemas.ts, which re-exports them): the CLI checks its flags against them and builds no schema for it.
 */
export const CACHE_PROVIDER_CHOICES = ["auto", ...CACHE_PROVIDER_IDS, "none"] as const;
export const CACHE_TTL_CHOICES = ["auto", ...CACHE_TTL_IDS] as const;
