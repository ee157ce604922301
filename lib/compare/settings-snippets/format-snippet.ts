/**
 * Writers for the agents' configuration formats. Values are numbers, booleans, strings, arrays and plain
 * objects (the strategies' settings); strings are written as JSON strings, which are also valid TOML basic
 * strings, JSON5 strings and shell-safe once single-quoted (see {@link envLines}).
 */
export type SnippetValue = number | boolean | string | null | readonly SnippetValue[] | { readonly [key: string]: SnippetValue | undefined };

/** Pretty JSON, newline-terminated; `undefined` members are left out. */
export function jsonText(value: SnippetValue): string {
  return JSON.stringify(value, null, 2) + "\n";
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * JSON5 as OpenClaw's docs write it: unquoted identifier keys, double-quoted strings, trailing commas, two-space
 * indent. Keys that are not identifiers are quoted; `undefined` members are left out.
 */
export function json5Text(value: SnippetValue): string {
  return json5Value(value, "") + "\n";
}

function json5Value(value: SnippetValue, indent: string): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((item) => `${inner}${json5Value(item, inner)},\n`).join("")}${indent}]`;
  }
  const entries = Object.entries(value as Record<string, SnippetValue | undefined>).filter(([, member]) => member !== undefined) as [string, SnippetValue][];
  if (entries.length === 0) return "{}";
  const lines = entries.map(([key, member]) => `${inner}${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${json5Value(member, inner)},\n`);
  return `{\n${lines.join("")}${indent}}`;
}

/** Top-level TOML `key = value` lines (scalars and arrays of scalars only: what the agents' keys take). */
export function tomlLines(entries: readonly (readonly [string, number | boolean | string | readonly (number | boolean | string)[]])[]): string {
  return entries.map(([key, value]) => `${key} = ${tomlValue(value)}\n`).join("");
}

function tomlValue(value: number | boolean | string | readonly (number | boolean | string)[]): string {
  if (Array.isArray(value)) return `[${value.map((item) => tomlValue(item)).join(", ")}]`;
  if (typeof value === "number" && !Number.isFinite(value)) throw new RangeError(`TOML cannot hold ${value}`);
  return JSON.stringify(value);
}

/**
 * `export NAME=value` lines for a POSIX shell. Numbers and booleans are written bare; a string is single-quoted
 * (a `'` inside becomes `'\''`) so nothing in it is expanded. Names must be shell identifiers.
 */
export function envLines(entries: readonly (readonly [string, number | boolean | string])[]): string {
  return entries
    .map(([name, value]) => {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new RangeError(`not an environment variable name: ${name}`);
      const text = typeof value === "string" ? `'${value.replace(/'/g, "'\\''")}'` : String(value);
      return `export ${name}=${text}\n`;
    })
    .join("");
}
