import type { CompareConfig } from "../api/contracts/compare-schemas";
import { findStrategy, strategies } from "../engine/strategies";

/** A configuration list that cannot be read; the message names the configuration and the part at fault. */
export class CompareSpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CompareSpecError";
  }
}

/**
 * Reads the command-line form of a comparison: configurations separated by `,`, each a strategy id optionally
 * followed by `:` and `key=value` overrides separated by `;` — `none,trim-messages:maxConversationMessages=20,pi`.
 * A value is read as JSON when it parses (`20`, `true`, `null`, `"20"` for the string) and as a bare string
 * otherwise; so a value cannot contain `,` or `;` (use `simulate --set` for lists). Spaces around ids, keys and
 * items are ignored. Throws a {@link CompareSpecError} for an empty item, an unknown strategy (listing the known
 * ones), an override without `=` or a key given twice. The overrides are not validated here: the caller resolves
 * them against the strategy (resolveSettings) and reports a SettingsError with the configuration.
 */
export function parseCompareConfigs(spec: string): CompareConfig[] {
  return spec.split(",").map((raw, index) => {
    const item = raw.trim();
    if (!item) throw new CompareSpecError(`configuration ${index + 1} is empty (in "${spec}")`);
    const colon = item.indexOf(":");
    const strategy = (colon < 0 ? item : item.slice(0, colon)).trim();
    if (!findStrategy(strategy)) throw new CompareSpecError(`unknown strategy "${strategy}" (one of ${strategies.map((known) => known.id).join(", ")})`);
    const settings: Record<string, unknown> = {};
    if (colon >= 0) {
      for (const pair of item.slice(colon + 1).split(";")) {
        if (!pair.trim()) continue;
        const equals = pair.indexOf("=");
        const key = pair.slice(0, Math.max(equals, 0)).trim();
        if (equals < 0 || !key) throw new CompareSpecError(`${item}: settings take key=value, got "${pair.trim()}"`);
        if (Object.hasOwn(settings, key)) throw new CompareSpecError(`${item}: setting "${key}" is given twice`);
        settings[key] = parseValue(pair.slice(equals + 1).trim());
      }
    }
    return { strategy, settings };
  });
}

function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
