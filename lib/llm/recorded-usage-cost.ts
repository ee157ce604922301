import { cacheProviderOf, cacheRulesByProvider } from "../engine/cache/cache-rules";
import { sessionModel } from "../engine/cache/session-model";
import { contextTokensOf, type Session } from "../engine/model";
import { findModelPrice, ratesForPrompt } from "./model-prices";

export interface RecordedUsageCost {
  /** USD the recorded usage cost; null when no message records usage or one of its models has no price */
  usd: number | null;
  /** the models of usage-bearing messages the catalog and override file do not price */
  unpricedModels: string[];
}

/**
 * What a session cost as it happened: every model call's recorded usage (uncached input, cache reads, cache writes —
 * the 1-hour ones apart —, output) at its model's price on the day of the call (the message's model, else the
 * session's; the long-context tier its prompt reached). A cache write or read the price does not list bills as the
 * provider's multiplier of the input rate (none known: the input rate; a read: the input rate), as runs are priced. No estimate and no replay:
 * the figures the agent's provider returned.
 */
export function recordedUsageCost(session: Session): RecordedUsageCost {
  const fallbackModel = sessionModel(session);
  const unpriced = new Set<string>();
  let usd = 0;
  let calls = 0;
  // one catalog lookup per model and day, not per call (a long session has thousands)
  const prices = new Map<string, ReturnType<typeof findModelPrice>>();
  const priceOf = (model: string, timestamp: string | undefined) => {
    const key = `${model}\u0000${timestamp?.slice(0, 10) ?? ""}`;
    if (!prices.has(key)) prices.set(key, findModelPrice(model, timestamp ? { at: timestamp } : {}));
    return prices.get(key);
  };
  for (const message of session.messages) {
    const usage = message.usage;
    if (!usage || contextTokensOf(usage) + usage.output === 0) continue;
    calls++;
    const model = message.model ?? fallbackModel;
    const price = model ? priceOf(model, message.timestamp) : undefined;
    if (!price) {
      unpriced.add(model ?? "(no model recorded)");
      continue;
    }
    const rates = ratesForPrompt(price, contextTokensOf(usage));
    const provider = cacheProviderOf(model);
    const writeMultipliers = provider ? cacheRulesByProvider[provider].multipliers.write : {};
    const write5m = rates.cacheWrite5mPerMillion ?? rates.inputPerMillion * (writeMultipliers["5m"] ?? 1);
    const write1h = rates.cacheWrite1hPerMillion ?? rates.inputPerMillion * (writeMultipliers["1h"] ?? writeMultipliers["5m"] ?? 1);
    const oneHour = Math.min(usage.cacheWrite1h ?? 0, usage.cacheWrite);
    usd +=
      (usage.input * rates.inputPerMillion +
        usage.cacheRead * (rates.cacheReadPerMillion ?? rates.inputPerMillion) +
        (usage.cacheWrite - oneHour) * write5m +
        oneHour * write1h +
        usage.output * rates.outputPerMillion) /
      1e6;
  }
  return { usd: calls > 0 && unpriced.size === 0 ? usd : null, unpricedModels: [...unpriced].sort() };
}
