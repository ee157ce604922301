import type { Random } from "../../generator/create-random";

export const MUTATIONS = [
  "truncated",
  "junk-bytes",
  "wrong-types",
  "deep-nesting",
  "huge-string",
  "empty",
  "random-bytes",
  "reordered-lines",
  "dropped-lines",
  "wrong-extension",
  "forced-format",
] as const;
export type Mutation = (typeof MUTATIONS)[number];

/** One upload the fuzzer posts: a file name, its bytes, and optionally a forced `?format=`. */
export interface FuzzUpload {
  mutation: Mutation;
  source: string;
  name: string;
  bytes: Uint8Array;
  format?: string;
}

const FORMATS = ["claude-code", "codex", "pi", "openai", "anthropic", "openhands", "swe-agent", "gemini-cli", "copilot-cli"] as const;
const EXTENSIONS = [".json", ".jsonl", ".traj", ".txt", ""] as const;
/** the largest huge string the fuzzer inserts: big enough to stress, small enough for 2 cores */
const HUGE_STRING_CHARS = 2_000_000;

/**
 * A mutated copy of a real transcript, chosen by `random` (a seeded PRNG: the same seed gives the same uploads).
 * The mutations are what a careless tool, a cut-off download or an attacker produces: cut at a random byte,
 * junk or invalid UTF-8 spliced in, a value of the wrong type at a random JSON path, nesting deeper than any
 * parser's recursion, a multi-megabyte string, nothing at all, pure noise, lines reordered or dropped, a file
 * named for another format, or a forced format that does not fit.
 */
export function mutateTranscript(source: { name: string; bytes: Uint8Array }, random: Random, mutation: Mutation = random.pick(MUTATIONS)): FuzzUpload {
  const text = new TextDecoder().decode(source.bytes);
  const base = { mutation, source: source.name, name: source.name };
  const encode = (value: string) => new TextEncoder().encode(value);
  switch (mutation) {
    case "truncated":
      return { ...base, bytes: source.bytes.slice(0, random.int(0, Math.max(0, source.bytes.length - 1))) };
    case "junk-bytes": {
      const bytes = Array.from(source.bytes);
      for (let count = random.int(1, 8); count > 0; count--) {
        const junk = Array.from({ length: random.int(1, 16) }, () => random.pick([0x00, 0xff, 0xfe, 0xc3, 0x80, 0x22, 0x7b, 0x5d, 0x0a, random.int(0, 255)]));
        bytes.splice(random.int(0, bytes.length), random.chance(0.5) ? 0 : junk.length, ...junk);
      }
      return { ...base, bytes: Uint8Array.from(bytes) };
    }
    case "wrong-types":
      return { ...base, bytes: encode(mapJson(text, random, (value) => wrongType(value, random))) };
    case "deep-nesting": {
      const depth = random.pick([100, 1_000, 10_000, 200_000]);
      const nested = random.chance(0.5) ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
      return { ...base, bytes: encode(mapJson(text, random, () => RAW(nested))) };
    }
    case "huge-string":
      return { ...base, bytes: encode(mapJson(text, random, () => random.pick(["x", "é", "\u0000", "\\", "🦀"]).repeat(random.int(1, HUGE_STRING_CHARS)))) };
    case "empty":
      return { ...base, bytes: encode(random.pick(["", " ", "\n\n", "{}", "[]", "null", "0", '""', "\ufeff", "[{}]", '{"messages":[]}'])) };
    case "random-bytes":
      return { ...base, bytes: Uint8Array.from({ length: random.int(1, 4_096) }, () => random.int(0, 255)) };
    case "reordered-lines":
    case "dropped-lines": {
      const lines = text.split("\n");
      const kept = mutation === "dropped-lines" ? lines.filter(() => !random.chance(0.3)) : shuffle(lines, random);
      return { ...base, bytes: encode(kept.join("\n")) };
    }
    case "wrong-extension": {
      const stem = source.name.replace(/\.[^.]+$/, "");
      return { ...base, bytes: source.bytes, name: `${stem}${random.pick(EXTENSIONS.filter((extension) => !source.name.endsWith(extension) || extension === ""))}` };
    }
    case "forced-format":
      return { ...base, bytes: source.bytes, format: random.pick(FORMATS) };
  }
}

/** A value written into the JSON text verbatim (deep nesting that JSON.stringify would refuse to build). */
const RAW = (text: string) => ({ [RAW_MARK]: text });
const RAW_MARK = "\u0000raw";

/**
 * Applies `replace` at one random path of one random JSON document in `text` (the whole file, or one line of a
 * JSONL file) and writes it back; text that is not JSON is returned with a replaced value appended to one line.
 */
function mapJson(text: string, random: Random, replace: (value: unknown) => unknown): string {
  const lines = text.split("\n");
  const whole = tryParse(text);
  if (whole.ok) return write(replaceAtRandomPath(whole.value, random, replace));
  const candidates = lines.flatMap((line, index) => (line.trim() ? [index] : []));
  if (candidates.length === 0) return text;
  const index = random.pick(candidates);
  const parsed = tryParse(lines[index]);
  lines[index] = parsed.ok ? write(replaceAtRandomPath(parsed.value, random, replace)) : `${lines[index]}${write(replace(null))}`;
  return lines.join("\n");
}

function replaceAtRandomPath(root: unknown, random: Random, replace: (value: unknown) => unknown): unknown {
  if (root === null || typeof root !== "object" || random.chance(0.1)) return replace(root);
  const copy: Record<string, unknown> | unknown[] = Array.isArray(root) ? [...root] : { ...(root as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (keys.length === 0) return replace(root);
  const key = random.pick(keys);
  (copy as Record<string, unknown>)[key] = replaceAtRandomPath((copy as Record<string, unknown>)[key], random, replace);
  return copy;
}

function wrongType(value: unknown, random: Random): unknown {
  const options: unknown[] = [null, 0, -1, 1e308, "", "not the right type", true, [], {}, [null], { unexpected: 1 }];
  const different = options.filter((option) => typeof option !== typeof value || Array.isArray(option) !== Array.isArray(value));
  return random.pick(different.length > 0 ? different : options);
}

function write(value: unknown): string {
  const raws: string[] = [];
  const json = JSON.stringify(value, (_key, current: unknown) => {
    if (current && typeof current === "object" && RAW_MARK in current) {
      raws.push((current as Record<string, string>)[RAW_MARK]);
      return `${RAW_MARK}${raws.length - 1}`;
    }
    return current;
  }) ?? "null";
  return raws.length === 0 ? json : json.replace(/"\\u0000raw(\d+)"/g, (_match, index: string) => raws[Number(index)]);
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function shuffle<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = random.int(0, index);
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}
