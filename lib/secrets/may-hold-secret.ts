/**
 * A necessary condition for any rule of the recommended preset (12.0.0) to report in a text: every one of its
 * patterns contains a fixed piece of text, listed here by rule. A text with none of them cannot hold a finding, so
 * the scanner skips it — the cheap check that keeps scanning a 100 MB upload within the import's time (secretlint
 * runs ~25 regular expressions over what it is given; this is one pass). It only decides what is scanned, never
 * what is found: every finding is secretlint's. may-hold-secret.test.ts holds it to one sample per preset rule and
 * fails when the preset gains a rule, so an upgrade revisits this list.
 */
const ANCHORS: Record<string, readonly string[]> = {
  // "(AWS_)SECRET_ACCESS_KEY = …" in three casings; with enableIDScanRule (secretlint-config.ts) the key ids' prefixes
  // and "account(_id) = 1234-5678-9012" (the lab's own AWS secret-key rule needs "secret" too)
  aws: ["SECRET", "secret", "Secret", "A3T", "AKIA", "AGPA", "AIDA", "AROA", "AIPA", "ANPA", "ANVA", "ASIA", "ACCOUNT", "account", "Account"],
  // a service account JSON holds a PEM private key (the p12 check needs a binary file, never a transcript)
  gcp: ["PRIVATE KEY"],
  privatekey: ["PRIVATE KEY"],
  npm: ["_authToken=", "npm_"],
  // user:password@host after a scheme, and the database URLs (mongodb://, mysql://, postgres://) likewise
  basicauth: ["://"],
  "database-connection-string": ["://"],
  slack: ["xoxb-", "xoxp-", "xapp-", "xoxa-", "xoxo-", "xoxr-", "://"],
  sendgrid: ["SG."],
  shopify: ["shppa_", "shpca_", "shpat_", "shpss_"],
  github: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
  gitlab: ["glpat-"],
  grafana: ["glc_", "glsa_"],
  openai: ["T3BlbkFJ"],
  anthropic: ["sk-ant-api0"],
  groq: ["gsk_"],
  huggingface: ["hf_"],
  linear: ["lin_api_"],
  notion: ["ntn_"],
  "1password": ["ops_ey"],
  "hashicorp-vault": ["hvs.", "hvb.", "hvr."],
  vercel: ["vcp_", "vci_", "vca_", "vcr_", "vck_"],
  databricks: ["dapi"],
  docker: ["dckr_pat_"],
  figma: ["figd_"],
};

/** The preset's rule ids this list was written from (without the `@secretlint/secretlint-rule-` prefix). */
export const ANCHORED_RULES = Object.keys(ANCHORS);

const ANCHOR_PATTERN = new RegExp([...new Set(Object.values(ANCHORS).flat())].map(escapeRegExp).join("|"));
// the database rule matches its schemes case-insensitively; "://" follows them in any case

/** Whether `text` holds one of the preset's fixed pieces, i.e. whether secretlint could report anything in it. */
export function mayHoldSecret(text: string): boolean {
  return ANCHOR_PATTERN.test(text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
