/** Where a snippet's text is written: the agent's own configuration format. */
export type SnippetFormat = "env" | "toml" | "json" | "json5" | "yaml";

/** A configuration as the agent it mirrors would be told it. */
export interface SettingsSnippet {
  /** the agent's name, e.g. "Codex CLI" */
  agent: string;
  format: SnippetFormat;
  /** where it goes, e.g. "~/.codex/config.toml" */
  file: string;
  text: string;
  /** settings the agent has no knob for, approximations, keys whose name is not confirmed */
  notes: string[];
}

/**
 * One agent's exporter. `keys` lists every lab setting of the strategy it handles (as a key written out, or as a
 * note saying the agent has no knob for it), so a setting added to the strategy later is reported as unmapped
 * instead of silently dropped (see `settingsSnippet`).
 */
export interface SnippetBuilder<S extends object> {
  agent: string;
  format: SnippetFormat;
  file: string;
  keys: readonly (keyof S & string)[];
  build(options: { settings: S; defaults: Readonly<S>; window: number }): { text: string; notes: string[] };
}

/** Identity helper so a builder literal infers its settings type. */
export function defineSnippetBuilder<S extends object>(builder: SnippetBuilder<S>): SnippetBuilder<S> {
  return builder;
}

/**
 * Notes for lab settings the agent has no knob for, one per setting whose value differs from the lab's default
 * (the lab's defaults are the agent's built-in values, so a default needs no note): the configuration cannot be
 * reproduced there, and the note says what the agent does instead.
 */
export function noKnobNotes<S extends object>(options: {
  settings: S;
  defaults: Readonly<S>;
  agent: string;
  keys: readonly (keyof S & string)[];
  /** what the agent has instead, e.g. "a constant in compaction.ts" */
  instead: string;
}): string[] {
  return options.keys.flatMap((key) =>
    sameValue(options.settings[key], options.defaults[key])
      ? []
      : [`${key} = ${JSON.stringify(options.settings[key])} has no setting in ${options.agent} (${options.instead}); it keeps ${JSON.stringify(options.defaults[key])}, so this part of the configuration is not reproduced.`],
  );
}

export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
