import type { SecretLintCoreConfig } from "@secretlint/types";
import { rules } from "@secretlint/secretlint-rule-preset-recommend";
import { awsSecretKeyRule } from "./aws-secret-key-rule";

/**
 * The filter-comments rule lets the scanned text switch detection off (`secretlint-disable`). A transcript is
 * untrusted text, and parts are scanned in batches: a comment in one message must not hide a key in another.
 */
const FILTER_COMMENTS_RULE_ID = "@secretlint/secretlint-rule-filter-comments";

/** The preset's scanner rules, each registered on its own so the comment filter can be left out. */
export const SECRET_RULES = rules.filter((rule) => rule.meta.id !== FILTER_COMMENTS_RULE_ID);

/**
 * Options per preset rule. The AWS rule scans access key ids (`AKIA…`) and account ids only when asked: an id on its
 * own grants nothing, but beside a leaked secret it names the account, and a transcript is shared whole.
 */
const RULE_OPTIONS: Record<string, object> = {
  "@secretlint/secretlint-rule-aws": { enableIDScanRule: true },
};

/**
 * secretlint's configuration: every rule of @secretlint/secretlint-rule-preset-recommend but the comment filter (the
 * AWS rule with its id scan on), and the lab's AWS secret-key rule for the keys the preset's pattern misses.
 */
export const SECRETLINT_CONFIG: SecretLintCoreConfig = {
  rules: [
    ...SECRET_RULES.map((rule) => ({ id: rule.meta.id, rule, ...(RULE_OPTIONS[rule.meta.id] ? { options: RULE_OPTIONS[rule.meta.id] } : {}) })),
    { id: awsSecretKeyRule.meta.id, rule: awsSecretKeyRule },
  ],
} as SecretLintCoreConfig;
