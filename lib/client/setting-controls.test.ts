import { describe, expect, it } from "vitest";
import { labelOf, settingControls } from "./setting-controls";

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
