import type { AnyStrategy } from "./strategy";

export class SettingsError extends Error {
  readonly code = "invalid_settings";
  constructor(
    message: string,
    /** the setting at fault, when one is */
    readonly setting: string | null,
  ) {
    super(message);
    this.name = "SettingsError";
  }
}

/**
 * A strategy's full settings: its defaults overlaid with `overrides`, validated by its schema. Throws a
 * {@link SettingsError} naming the setting and what the schema expects (unknown keys included, since
 * strategy schemas are strict objects).
 */
export function resolveSettings(strategy: AnyStrategy, overrides: Record<string, unknown> = {}): object {
  const parsed = strategy.settingsSchema.safeParse({ ...strategy.defaults, ...overrides });
  if (parsed.success) return parsed.data as object;
  const issue = parsed.error.issues[0];
  const key = issue.code === "unrecognized_keys" ? issue.keys.join(", ") : issue.path.map(String).join(".");
  const known = Object.keys(strategy.defaults).join(", ");
  const detail = issue.code === "unrecognized_keys" ? `unknown setting (the ${strategy.id} settings are: ${known})` : issue.message;
  throw new SettingsError(`Invalid setting "${key}" for strategy ${strategy.id}: ${detail}.`, key || null);
}
