import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SettingControl } from "@/lib/client/setting-controls";
import { SettingField } from "./setting-field";

const CONTROLS: SettingControl[] = [
  { kind: "number", key: "pruneProtect", label: "Prune protect", integer: true, nullable: false, min: 0, max: null, slider: { min: 0, max: 120_000, step: 500 } },
  { kind: "boolean", key: "compactionEnabled", label: "Compaction enabled" },
  { kind: "enum", key: "mode", label: "Mode", options: ["a", "b"] },
  { kind: "list", key: "protectedTools", label: "Protected tools" },
  { kind: "text", key: "model", label: "Model" },
];
const VALUES: Record<string, unknown> = { pruneProtect: 40_000, compactionEnabled: true, mode: "a", protectedTools: ["skill"], model: "m" };

/** The page as a compare workbench draws it: the same settings in several cards. */
function renderCards(cards: number, idPrefix?: string): string {
  const fields = Array.from({ length: cards }, (_, card) =>
    CONTROLS.map((control) => createElement(SettingField, { key: `${card}:${control.key}`, control, value: VALUES[control.key], fallback: VALUES[control.key], onChange: () => {}, idPrefix })),
  );
  return renderToStaticMarkup(createElement(Fragment, null, ...fields.flat()));
}

function attributes(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(` ${name}="([^"]*)"`, "g"))].map((match) => match[1]);
}

describe("SettingField ids", () => {
  it.each(CONTROLS.map((control) => [control.kind, control] as const))("13 cards of a %s setting: every input id is unique and every label points at its own card's input", (_kind, control) => {
    const html = renderToStaticMarkup(
      createElement(
        Fragment,
        null,
        ...Array.from({ length: 13 }, (_, card) => createElement(SettingField, { key: card, control, value: VALUES[control.key], fallback: VALUES[control.key], onChange: () => {} })),
      ),
    );
    const ids = attributes(html, "id");
    expect(ids).toHaveLength(13);
    expect(new Set(ids).size).toBe(13);
    // each field's label is rendered before its own input: the n-th label names the n-th id
    expect(attributes(html, "for")).toEqual(ids);
  });

  it("all kinds together on one page: no id repeats", () => {
    const ids = attributes(renderCards(3), "id");
    expect(ids).toHaveLength(3 * CONTROLS.length);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("a page that renders each setting once keeps readable ids with idPrefix (the playground's `#setting-<key>-input`)", () => {
    const html = renderCards(1, "setting");
    expect(attributes(html, "id")).toEqual(CONTROLS.map((control) => `setting-${control.key}-input`));
    expect(attributes(html, "for")).toEqual(CONTROLS.map((control) => `setting-${control.key}-input`));
  });

  it("test ids stay fixed (tests scope them to a card): the field and its slider", () => {
    const card = ["setting-pruneProtect", "setting-pruneProtect-input-slider", "setting-compactionEnabled", "setting-mode", "setting-protectedTools", "setting-model"];
    expect(attributes(renderCards(2), "data-testid")).toEqual([...card, ...card]);
  });
});

describe("SettingField: an unset nullable number", () => {
  const control: SettingControl = { kind: "number", key: "cacheWriteMultiplier", label: "Cache write multiplier", integer: false, nullable: true, min: 0, max: null, slider: null, description: "unset: the cache of the session's model — Anthropic 1.25, OpenAI 1, Google 1" };

  it("says auto and what auto means, when its schema says", () => {
    const html = renderToStaticMarkup(createElement(SettingField, { control, value: null, fallback: null, onChange: () => {} }));
    expect(html).toContain('data-testid="setting-cacheWriteMultiplier-input-auto"');
    expect(html).toContain(">auto<");
    expect(html).toContain("unset: the cache of the session&#x27;s model — Anthropic 1.25, OpenAI 1, Google 1");
  });

  it("says only auto without a description, and nothing of it once set", () => {
    const { description: _description, ...plain } = control;
    expect(renderToStaticMarkup(createElement(SettingField, { control: plain, value: null, fallback: null, onChange: () => {} }))).not.toContain("the cache of the session");
    expect(renderToStaticMarkup(createElement(SettingField, { control, value: 1.5, fallback: null, onChange: () => {} }))).not.toContain('-input-auto"');
  });
});
