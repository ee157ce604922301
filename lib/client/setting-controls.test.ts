import { describe, expect, it } from "vitest";
import { z } from "zod";
import { findStrategy, strategiesById } from "../engine/strategies";
import { labelOf, settingControls, valueWhenSet } from "./setting-controls";

const MAX = 9007199254740991;

describe("settingControls", () => {
  it("reads numbers, nullable numbers, booleans, lists and enums", () => {
    const controls = settingControls(
      {
        type: "object",
        properties: {
          pruneProtect: { type: "integer", minimum: 0, maximum: MAX },
          contextLimit: { anyOf: [{ type: "integer", minimum: 0, maximum: MAX }, { type: "null" }] },
          compressionThreshold: { type: "number", exclusiveMinimum: 0, maximum: 1 },
          prune: { type: "boolean" },
          protectedTools: { type: "array", items: { type: "string" } },
          mode: { type: "string", enum: ["a", "b"] },
        },
      },
      { pruneProtect: 40_000, contextLimit: null, compressionThreshold: 0.7 },
    );
    expect(controls.map((control) => control.kind)).toEqual(["number", "number", "number", "boolean", "list", "enum"]);
    expect(controls[0]).toMatchObject({ label: "Prune protect", integer: true, nullable: false, min: 0, max: null, slider: { min: 0, max: 120_000 } });
    expect(controls[1]).toMatchObject({ nullable: true, slider: null });
    expect(controls[2]).toMatchObject({ integer: false, min: 0, max: 1, slider: { min: 0, max: 1, step: 0.01 } });
    expect(controls[5]).toMatchObject({ options: ["a", "b"] });
  });

  it.each([
    ["autoCompactTokenLimit", "Auto compact token limit"],
    ["n", "N"],
    ["keep_recent", "Keep recent"],
  ])("labels %s as %s", (key, label) => {
    expect(labelOf(key)).toBe(label);
  });
});

describe("valueWhenSet: what ticking a nullable number's 'set' box fills in", () => {
  const controlOf = (strategyId: string, key: string) => {
    const strategy = findStrategy(strategyId)!;
    const control = settingControls(z.toJSONSchema(strategy.settingsSchema) as Record<string, unknown>, strategy.defaults as Record<string, unknown>).find((entry) => entry.key === key);
    if (control?.kind !== "number") throw new Error(`${strategyId}.${key} is not a number control`);
    return control;
  };

  it("leaves Codex's open-ended token limit unset until a number is typed, instead of 0 (which its schema refuses)", () => {
    const control = controlOf("codex", "autoCompactTokenLimit");
    expect(control.nullable).toBe(true);
    expect(valueWhenSet(control)).toBeNull();
  });

  it("takes the middle of the slider, on a step and within the schema's bounds, for every nullable number of every strategy", () => {
    for (const strategy of Object.values(strategiesById)) {
      const schema = z.toJSONSchema(strategy.settingsSchema) as Record<string, unknown>;
      for (const control of settingControls(schema, strategy.defaults as Record<string, unknown>)) {
        if (control.kind !== "number" || !control.nullable) continue;
        const value = valueWhenSet(control);
        if (value === null) continue;
        const parsed = strategy.settingsSchema.safeParse({ ...(strategy.defaults as object), [control.key]: value });
        expect(parsed.success, `${strategy.id}.${control.key} = ${value}`).toBe(true);
      }
    }
  });
});

describe("what an unset setting means, from its schema's description", () => {
  it("carries keeper's cache settings' descriptions: each provider's number, from the cache rules", () => {
    const strategy = findStrategy("keeper")!;
    const controls = settingControls(z.toJSONSchema(strategy.settingsSchema) as Record<string, unknown>, strategy.defaults as Record<string, unknown>);
    const described = Object.fromEntries(controls.flatMap((control) => (control.kind === "number" && control.description ? [[control.key, control.description]] : [])));
    expect(described).toEqual({
      cacheReadMultiplier: "unset: the cache the run is priced under (by default the session's model's, at the TTL its usage records) — Anthropic 0.1, OpenAI 0.1, Google 0.1",
      cacheWriteMultiplier: "unset: the cache the run is priced under (by default the session's model's, at the TTL its usage records) — Anthropic 1.25 (1h: 2), OpenAI 1, Google 1",
      cacheTtlSeconds: "unset: the cache the run is priced under (by default the session's model's, at the TTL its usage records) — Anthropic 300 (1h: 3600), OpenAI 300 (24h: 86400), Google 300 (1h: 3600)",
      cacheLookbackMessages: "unset: the cache the run is priced under (by default the session's model's, at the TTL its usage records) — Anthropic 20, OpenAI 0, Google 0",
    });
  });

  it("gives a number without a description none", () => {
    const [control] = settingControls({ type: "object", properties: { pruneProtect: { type: "integer", minimum: 0 } } }, { pruneProtect: 40_000 });
    expect(control).not.toHaveProperty("description");
  });
});
