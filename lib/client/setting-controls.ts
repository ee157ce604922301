/**
 * One labelled control per strategy setting, read from the settings' JSON Schema (z.toJSONSchema of the
 * strategy's zod schema). Numbers get a slider when a sensible range is known: the schema's own bounds when
 * they are small (a ratio 0–1), else 0 … a few times the default (token thresholds are open-ended, and a
 * slider to 2^53 is useless). A `number | null` becomes a number with an "off" state.
 */
export type SettingControl =
  | {
      kind: "number";
      key: string;
      label: string;
      integer: boolean;
      nullable: boolean;
      min: number | null;
      max: number | null;
      slider: { min: number; max: number; step: number } | null;
      /** the schema's description, when it has one: for a nullable number, what leaving it unset means */
      description?: string;
    }
  | { kind: "boolean"; key: string; label: string }
  | { kind: "enum"; key: string; label: string; options: string[] }
  | { kind: "list"; key: string; label: string }
  | { kind: "text"; key: string; label: string };

type JsonSchema = Record<string, unknown>;

/** Beyond this a schema bound is "no bound" (zod's int() writes ±MAX_SAFE_INTEGER). */
const OPEN_BOUND = 1e12;

export function settingControls(schema: JsonSchema, defaults: Record<string, unknown>): SettingControl[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).map(([key, property]) => controlFor(key, property, defaults[key]));
}

function controlFor(key: string, property: JsonSchema, fallback: unknown): SettingControl {
  const label = labelOf(key);
  const variants = Array.isArray(property.anyOf) ? (property.anyOf as JsonSchema[]) : [property];
  const nullable = variants.some((variant) => variant.type === "null");
  const main = variants.find((variant) => variant.type !== "null") ?? property;
  if (Array.isArray(main.enum)) return { kind: "enum", key, label, options: main.enum.map(String) };
  if (main.type === "boolean") return { kind: "boolean", key, label };
  if (main.type === "array") return { kind: "list", key, label };
  if (main.type === "integer" || main.type === "number") {
    const integer = main.type === "integer";
    const min = bound(main.minimum ?? main.exclusiveMinimum);
    const max = bound(main.maximum ?? main.exclusiveMaximum);
    const description = typeof property.description === "string" ? property.description : typeof main.description === "string" ? main.description : undefined;
    return { kind: "number", key, label, integer, nullable, min, max, slider: sliderRange({ integer, min, max, fallback }), ...(description ? { description } : {}) };
  }
  return { kind: "text", key, label };
}

function bound(value: unknown): number | null {
  return typeof value === "number" && Math.abs(value) < OPEN_BOUND ? value : null;
}

function sliderRange(options: { integer: boolean; min: number | null; max: number | null; fallback: unknown }) {
  const low = options.min ?? 0;
  if (options.max !== null) {
    const span = options.max - low;
    return { min: low, max: options.max, step: options.integer ? 1 : niceStep(span / 100) };
  }
  const seed = typeof options.fallback === "number" && options.fallback > 0 ? options.fallback : null;
  if (seed === null) return null;
  const high = Math.max(low + 1, seed * 3);
  return { min: low, max: high, step: options.integer ? Math.max(1, niceStep(high / 200)) : niceStep(high / 200) };
}

/** 1, 2, 5 × 10^k at or below `raw`. */
function niceStep(raw: number): number {
  if (raw <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  return (scaled >= 5 ? 5 : scaled >= 2 ? 2 : 1) * power;
}

/** "pruneProtect" → "Prune protect"; "autoCompactTokenLimit" → "Auto compact token limit". */
export function labelOf(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The value a nullable number takes when its "set" box is ticked: the middle of its slider, on a step and within
 * its bounds. Null when it has no slider (an open-ended limit with no default, such as Codex's
 * `autoCompactTokenLimit`): no number would be a fair guess, so the field waits for one to be typed instead of
 * filling in 0, which the schema refuses before the user typed anything.
 */
export function valueWhenSet(control: Extract<SettingControl, { kind: "number" }>): number | null {
  const slider = control.slider;
  if (!slider) return null;
  const middle = slider.min + Math.round((slider.max - slider.min) / 2 / slider.step) * slider.step;
  const low = Math.max(slider.min, control.min ?? -Infinity);
  const high = Math.min(slider.max, control.max ?? Infinity);
  const value = Math.min(high, Math.max(low, middle));
  return control.integer ? Math.round(value) : value;
}
