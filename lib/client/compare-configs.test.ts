import { describe, expect, it } from "vitest";
import type { StrategyInfo } from "../api/contracts/run-schemas";
import { allStrategiesAtDefaults, configRequestOf, draftLabel, draftOf, draftsFromConfigs, duplicateLabels, overridesOf } from "./compare-configs";

const strategy = (id: string, kind: string, defaults: Record<string, unknown> = {}): StrategyInfo => ({
  id,
  label: id,
  description: "",
  versionOf: null,
  source: { kind },
  defaults,
  settingsJsonSchema: {},
  prompt: null,
  prompts: [],
  provider: null,
  unavailable: null,
  opaque: false,
});

const nous = strategy("nous", "seed", { threshold: 100_000, keepRecent: 20_000, protectedTools: ["read"] });

describe("compare configurations", () => {
  it("lists seed designs, then peers, then baselines, each group in registry order", () => {
    let id = 0;
    const drafts = allStrategiesAtDefaults(
      [strategy("none", "baseline"), strategy("pi", "peer"), nous, strategy("vibe", "seed"), strategy("codex", "peer")],
      () => `c${id++}`,
    );
    expect(drafts.map((draft) => draft.strategy)).toEqual(["nous", "vibe", "pi", "codex", "none"]);
    expect(drafts.map((draft) => draft.id)).toEqual(["c0", "c1", "c2", "c3", "c4"]);
  });

  it("caps the list at MAX_COMPARE_CONFIGS (24) configurations", () => {
    const many = Array.from({ length: 30 }, (_, index) => strategy(`s${index}`, "peer"));
    expect(allStrategiesAtDefaults(many, () => "x")).toHaveLength(24);
  });

  it("a stored comparison's configurations become drafts that send the same request again", () => {
    const configs = [{ strategy: "nous", settings: { threshold: 32_000 }, label: "nous scaled" }, { strategy: "nous", settings: {} }];
    const drafts = draftsFromConfigs(configs, () => nous.defaults);
    expect(drafts.map((draft) => draft.id)).toEqual(["restored-0", "restored-1"]);
    expect(drafts[0].settings).toEqual({ threshold: 32_000, keepRecent: 20_000, protectedTools: ["read"] });
    expect(drafts.map((draft) => configRequestOf(draft, nous.defaults))).toEqual(configs);
    (drafts[1].settings.protectedTools as string[]).push("bash");
    expect(nous.defaults.protectedTools).toEqual(["read"]);
  });

  it("a draft copies the defaults: editing it never changes the strategy's own", () => {
    const draft = draftOf(nous, "a");
    (draft.settings.protectedTools as string[]).push("bash");
    expect(nous.defaults.protectedTools).toEqual(["read"]);
  });

  it.each([
    [{ threshold: 100_000, keepRecent: 20_000, protectedTools: ["read"] }, {}],
    [{ threshold: 60_000, keepRecent: 20_000, protectedTools: ["read"] }, { threshold: 60_000 }],
    [{ threshold: 100_000, keepRecent: 20_000, protectedTools: [] }, { protectedTools: [] }],
  ])("sends only the overrides of %j", (settings, overrides) => {
    expect(overridesOf(settings, nous.defaults)).toEqual(overrides);
  });

  it("labels a draft like the server does, and keeps a typed label", () => {
    const draft = { ...draftOf(nous, "a"), settings: { ...nous.defaults, threshold: 60_000 } };
    expect(draftLabel(draft, nous.defaults)).toBe("nous threshold=60000");
    expect(configRequestOf(draft, nous.defaults)).toEqual({ strategy: "nous", settings: { threshold: 60_000 } });
    expect(configRequestOf({ ...draft, label: "  nous 60K " }, nous.defaults)).toEqual({ strategy: "nous", settings: { threshold: 60_000 }, label: "nous 60K" });
  });

  it("finds labels two drafts would share", () => {
    const defaultsOf = () => nous.defaults;
    const a = draftOf(nous, "a");
    const b = draftOf(nous, "b");
    const c = { ...draftOf(nous, "c"), settings: { ...nous.defaults, threshold: 1 } };
    expect([...duplicateLabels([a, b, c], defaultsOf)]).toEqual(["nous"]);
    expect(duplicateLabels([a, c], defaultsOf).size).toBe(0);
  });
});
