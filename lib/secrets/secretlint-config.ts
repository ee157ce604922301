import type { SecretLintCoreConfig } from "@secretlint/types";
import { rules } from "@secretlint/secretlint-rule-preset-recommend";

/**
 * The filter-comments rule lets the scanned text switch detection off (`secretlint-disable`). A transcript is
 * untrusted text, and parts are scanned in batches: a comment in one message must not hide a key in another.
 */
const FILTER_COMMENTS_RULE_ID = "@secretlint/secretlint-rule-filter-comments";

/** The preset's scanner rules, each registered on its own so the comment filter can be left out. */
export const SECRET_RULES = rules.filter((rule) => rule.meta.id !== FILTER_COMMENTS_RULE_ID);

/** secretlint's configuration: every rule of @secretlint/secretlint-rule-preset-recommend but the comment filter. */
export const SECRETLINT_CONFIG: SecretLintCoreConfig = {
  rules: SECRET_RULES.map((rule) => ({ id: rule.meta.id, rule })),
} as SecretLintCoreConfig;
