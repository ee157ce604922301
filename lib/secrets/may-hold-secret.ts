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
  // the user:password@host and database-URL rules, and the webhook URL: see URL_CREDENTIAL below
  basicauth: [],
  "database-connection-string": [],
  slack: ["xoxb-", "xoxp-", "xapp-", "xoxa-", "xoxo-", "xoxr-"],
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

/**
 * What the rules that match inside a URL need right after its "://". A bare "://" was an anchor of its own, and
 * nearly every transcript holds links: 0.9 of the 1.3 MB of text the shared transcripts sent to secretlint was
 * text with a URL and no other anchor, in which no rule can report. basicauth (`https?|ftps?://user:password@`,
 * both `[-a-zA-Z0-9_]{1,256}`) and the three database URLs (`mongodb(+srv)|mysql(x)|postgres(ql)://`, reported
 * only with a user `[^:/\s]{1,100}` and a password `[^@/\s]{1,200}` before an `@`) match only where a user, a colon,
 * a password and an `@` follow the "://"; the Slack webhook (`https://hooks.slack.com/services/…`, any case) where
 * that host and path follow it. Each class and bound here holds the rules' own, so every text they match, this does.
 */
const URL_CREDENTIAL = String.raw`:\/\/(?:[^:\/\s]{1,256}:[^@\/\s]{1,256}@|(?i:hooks\.slack\.com\/services\/))`;

/** The preset's rule ids this list was written from (without the `@secretlint/secretlint-rule-` prefix). */
export const ANCHORED_RULES = Object.keys(ANCHORS);

/**
 * The fixed pieces as one alternation of plain literals, and the URL rule apart. Joined into one expression, V8's
 * regular expressions ran ~3× slower over the same text (the bench file's 11.6M characters: ~74 ms against ~25 ms
 * for the two, 2026-11-28): an alternative that is not a plain word (":\/\/…") costs the literal alternation its fast
 * skipping; so does "://" as a literal among them. Two tests over a text find what the one did.
 */
const LITERAL_PATTERN = new RegExp([...new Set(Object.values(ANCHORS).flat())].map(escapeRegExp).join("|"));
const URL_CREDENTIAL_PATTERN = new RegExp(URL_CREDENTIAL);

/** Whether `text` holds one of the preset's fixed pieces, i.e. whether secretlint could report anything in it. */
export function mayHoldSecret(text: string): boolean {
  return LITERAL_PATTERN.test(text) || URL_CREDENTIAL_PATTERN.test(text);
}

/**
 * {@link mayHoldSecret} for one piece of a text that is scanned whole (a key or string of a tool call's JSON input):
 * whether the piece may hold an anchor. Any "://" counts here: a database URL's user and password may run on past
 * the string into the JSON text around it (the preset's classes allow `"` and `,`), where only the whole text shows it.
 */
export function mayHoldSecretPiece(piece: string): boolean {
  return LITERAL_PATTERN.test(piece) || piece.includes("://");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
