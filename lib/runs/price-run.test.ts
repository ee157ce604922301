import { describe, expect, it } from "vitest";
import { generateSession } from "../generator/generate-session";
import type { CostOptions } from "../api/contracts/cost-schemas";
import { sessionCacheOf } from "../engine/cache/session-cache-rules";
import type { Session } from "../engine/model";
import { replaySession } from "../engine/simulate/replay-session";
import { keeperStrategy } from "../engine/strategies/keeper";
import { priceRun, runSessionCache } from "./price-run";

function withModel(session: Session, model: string): Session {
  return { ...session, meta: { ...session.meta, model }, messages: session.messages.map(({ model: _model, ...message }) => message) };
}

const claude = withModel(generateSession({ seed: 2, messages: 1_500 }), "claude-sonnet-4-5");

describe("runSessionCache: the cache a run's strategy plans for is the one its dollars are priced under", () => {
  it("is the session's own cache when the run names no model, provider or TTL", () => {
    expect(runSessionCache(claude, {})).toEqual(sessionCacheOf(claude));
    expect(runSessionCache(claude, { cacheProvider: "auto", cacheTtl: "auto" })).toEqual(sessionCacheOf(claude));
  });

  it("follows the cost model, the chosen provider and the chosen TTL; no cache when the run is priced without one", () => {
    expect(runSessionCache(claude, { costModel: "gpt-5.5" })).toMatchObject({ rules: { provider: "openai" }, ttl: "5m" });
    expect(runSessionCache(claude, { cacheTtl: "1h" })).toMatchObject({ rules: { provider: "anthropic" }, ttl: "1h" });
    expect(runSessionCache(claude, { cacheProvider: "google" })).toMatchObject({ rules: { provider: "google" } });
    expect(runSessionCache(claude, { cacheProvider: "none" })).toEqual({ rules: null, ttl: "5m" });
    // a model with neither a price nor a provider the lab knows prices nothing: the session's own cache
    expect(runSessionCache(claude, { costModel: "no-such-model" })).toEqual(sessionCacheOf(claude));
  });

  it("names the provider and TTL the run's cost reports, whatever the options", async () => {
    const result = await replaySession({ session: claude, strategy: keeperStrategy, window: 64_000 });
    const choices: Partial<CostOptions>[] = [{}, { costModel: "gpt-5.5" }, { costModel: "gemini-2.5-flash" }, { cacheTtl: "1h" }, { cacheProvider: "none" }, { costModel: "gpt-5.5", cacheProvider: "anthropic", cacheTtl: "1h" }];
    for (const cost of choices) {
      const priced = priceRun({ session: claude, result, cost, summarizerModel: null }).cost!;
      const planned = runSessionCache(claude, cost);
      expect({ provider: planned.rules?.provider ?? null, ttl: planned.ttl }, JSON.stringify(cost)).toEqual({ provider: priced.provider, ttl: priced.ttl });
    }
  });

  it("keeper decides for the run's cache: priced at gpt-5.5, a Claude session compacts where the same session by gpt-5.5 does", async () => {
    const steps = async (session: Session, sessionCache?: ReturnType<typeof runSessionCache>) =>
      (await replaySession({ session, strategy: keeperStrategy, window: 64_000, sessionCache })).events.filter((event) => event.type === "trim").map((event) => event.step);
    const own = await steps(claude);
    const pricedAtGpt = await steps(claude, runSessionCache(claude, { costModel: "gpt-5.5" }));
    expect(pricedAtGpt).toEqual(await steps(withModel(claude, "gpt-5.5")));
    expect(pricedAtGpt).not.toEqual(own);
    // without a cache every token is read at the full price: compacting sooner pays, so it compacts more often
    const uncached = await steps(claude, runSessionCache(claude, { cacheProvider: "none" }));
    expect(uncached.length).toBeGreaterThan(own.length);
  });
});
