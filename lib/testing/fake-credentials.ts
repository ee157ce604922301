/**
 * Fake credentials of several kinds, shaped so secretlint's recommended preset reports them, built from pieces at
 * run time so no credential-shaped string sits in the source (push protection, and other scanners, would flag it).
 * None is real: the random parts come from a fixed seed.
 */
export interface FakeCredential {
  /** the preset rule that reports it (without the `@secretlint/secretlint-rule-` prefix) */
  rule: string;
  /** the rule's message id */
  kind: string;
  value: string;
}

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ALNUM = `${UPPER}abcdefghijklmnopqrstuvwxyz0123456789`;

/** `length` characters of `alphabet`, the same for the same seed. */
function filler(length: number, alphabet: string, seed: number): string {
  let state = seed >>> 0 || 1;
  let text = "";
  for (let index = 0; index < length; index++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    text += alphabet[(state >>> 16) % alphabet.length];
  }
  return text;
}

const join = (...pieces: string[]) => pieces.join("");

/** One fake credential per kind; `seed` varies the random parts (two seeds give two different secrets of each kind). */
export function fakeCredentials(seed = 1): FakeCredential[] {
  const base64Body = join("MI", "IEow", filler(600, `${ALNUM}+/`, seed + 7));
  const pemBody = base64Body.match(/.{1,64}/g)!.join("\n");
  return [
    { rule: "github", kind: "GITHUB_TOKEN", value: join("gh", "p_", filler(36, ALNUM, seed + 1)) },
    { rule: "anthropic", kind: "ANTHROPIC_API_KEY", value: join("sk-", "ant-", "api03-", filler(93, ALNUM, seed + 2), "AA") },
    { rule: "aws", kind: "AWSSecretAccessKey", value: join("aws_secret", "_access_key=", filler(40, ALNUM, seed + 3)) },
    { rule: "slack", kind: "SLACK_TOKEN", value: join("xo", "xb-", filler(10, "0123456789", seed + 4), "-", filler(13, "0123456789", seed + 5), "-", filler(24, ALNUM, seed + 6)) },
    {
      rule: "privatekey",
      kind: "PrivateKey",
      value: join("-----BEGIN ", "RSA PRIVATE", " KEY-----\n", pemBody, "\n-----END ", "RSA PRIVATE", " KEY-----"),
    },
    { rule: "database-connection-string", kind: "PostgreSQLConnection", value: join("postgres", "ql://", "admin:", filler(14, ALNUM, seed + 8), "@db.internal.example.com:5432/app") },
    { rule: "openai", kind: "OPENAI_TOKEN", value: join("sk-", "proj-", filler(74, ALNUM, seed + 9), "T3Blbk", "FJ", filler(74, ALNUM, seed + 10)) },
    { rule: "npm", kind: "NPM_ACCESS_TOKEN", value: join("np", "m_", filler(36, ALNUM, seed + 11)) },
  ];
}

/** A fake credential with the part of it that is secret: what no redacted text may keep any 8 characters of. */
export interface FakeRuleCredential extends FakeCredential {
  /** the secret part of `value` (`value` may carry a variable name before it, as `AWS_SECRET_ACCESS_KEY=`) */
  secret: string;
}

const HEX = "0123456789abcdef";
const BASE64 = `${ALNUM}+/`;

/**
 * One fake credential for every rule of secretlint's recommended preset (12.0.0) and every kind the lab reports,
 * including base64 edge characters (`/`, `+`, `=`) at a secret's end, where the preset's AWS pattern stopped. The
 * GCP rule's service-account file is a JSON text holding a PEM key (the private-key rule finds the key in it).
 */
export function fakeCredentialsOfEveryRule(seed = 1): FakeRuleCredential[] {
  const named = (rule: string, kind: string, name: string, secret: string): FakeRuleCredential => ({ rule, kind, value: `${name}${secret}`, secret });
  const plain = (rule: string, kind: string, secret: string): FakeRuleCredential => named(rule, kind, "", secret);
  const pem = join("-----BEGIN ", "PRIVATE", " KEY-----\n", join("MI", "IEvg", filler(500, BASE64, seed + 40)).match(/.{1,64}/g)!.join("\n"), "\n-----END ", "PRIVATE", " KEY-----\n");
  const opsFields = { email: `${filler(12, ALNUM, seed + 41)}@example.com`, secretKey: filler(40, ALNUM, seed + 42), srpX: filler(64, HEX, seed + 43) };
  // the token is base64 of a JSON object ending in `fQ` (`}`): a JSON text one past a multiple of 3 long gives `fQ==`
  const opsJson = [0, 1, 2].map((pad) => JSON.stringify({ ...opsFields, pad: "x".repeat(pad) })).find((json) => json.length % 3 === 1)!;
  return [
    named("aws", "AWSSecretAccessKey", join("AWS_SECRET", "_ACCESS_KEY="), join(filler(39, ALNUM, seed + 1), "/")),
    named("aws", "AWSSecretAccessKey", join("aws_secret", "_access_key: "), join(filler(39, ALNUM, seed + 2), "+")),
    named("aws", "AWSSecretAccessKey", join("SecretAccess", "Key = \""), join(filler(38, BASE64, seed + 3), "==")),
    named("aws", "AWSSecretAccessKey", join("AWS_SECRET", "_ACCESS_KEY="), filler(40, ALNUM, seed + 4)),
    plain("aws", "AWSAccessKeyID", join("AK", "IA", filler(16, `${UPPER}0123456789`, seed + 5))),
    named("aws", "AWSAccountID", join("aws_account", "_id="), join(filler(4, "123456789", seed + 6), "-", filler(4, "0123456789", seed + 7), "-", filler(4, "0123456789", seed + 8))),
    { ...plain("gcp", "PrivateKey", pem), value: JSON.stringify({ type: "service_account", private_key_id: filler(40, HEX, seed + 9), private_key: pem }) },
    plain("npm", "NPM_ACCESS_TOKEN", join("np", "m_", filler(36, ALNUM, seed + 10))),
    plain("slack", "SLACK_TOKEN", join("xo", "xp-", filler(11, "0123456789", seed + 12), "-", filler(12, "0123456789", seed + 13), "-", filler(32, ALNUM, seed + 14))),
    plain("slack", "SLACK_INCOMING_WEBHOOK", join("https://hooks.sl", "ack.com/services/T", filler(10, UPPER, seed + 15), "/B", filler(10, UPPER, seed + 16), "/", filler(24, ALNUM, seed + 17))),
    plain("basicauth", "BasicAuth", join("https://deploy", ":", filler(16, ALNUM, seed + 18), "@build.example.com")),
    plain("openai", "OPENAI_TOKEN", join("sk-", "proj-", filler(74, ALNUM, seed + 19), "T3Blbk", "FJ", filler(74, ALNUM, seed + 20))),
    plain("anthropic", "ANTHROPIC_API_KEY", join("sk-", "ant-", "api03-", filler(93, ALNUM, seed + 21), "AA")),
    plain("groq", "GROQ_API_KEY", join("gs", "k_", filler(52, ALNUM, seed + 22))),
    plain("huggingface", "HUGGINGFACE_USER_ACCESS_TOKEN", join("h", "f_", filler(34, `${UPPER}abcdefghijklmnopqrstuvwxyz`, seed + 23))),
    plain("linear", "LINEAR_API_TOKEN", join("lin", "_api_", filler(40, ALNUM, seed + 24))),
    plain("notion", "NOTION_INTEGRATION_TOKEN", join("nt", "n_", filler(11, "0123456789", seed + 25), filler(35, ALNUM, seed + 26))),
    plain("privatekey", "PrivateKey", join("-----BEGIN ", "OPENSSH PRIVATE", " KEY-----\n", join("b3BlbnNzaC1rZXktdjE", filler(400, BASE64, seed + 27)).match(/.{1,70}/g)!.join("\n"), "=\n-----END ", "OPENSSH PRIVATE", " KEY-----")),
    plain("sendgrid", "SENDGRID_KEY", join("S", "G.", filler(22, ALNUM, seed + 28), ".", filler(43, ALNUM, seed + 29))),
    plain("shopify", "SHOPIFY_KEY", join("shp", "at_", filler(32, HEX, seed + 30))),
    plain("github", "GITHUB_TOKEN", join("gh", "p_", filler(36, ALNUM, seed + 31))),
    plain("github", "GITHUB_TOKEN", join("github", "_pat_", filler(82, ALNUM, seed + 32))),
    plain("gitlab", "GITLAB_PERSONAL_ACCESS_TOKEN", join("gl", "pat-", filler(20, ALNUM, seed + 33))),
    plain("grafana", "GRAFANA_CLOUD_API_TOKEN", join("gl", "c_", filler(61, BASE64, seed + 34), "+/", "==")),
    plain("grafana", "GRAFANA_SERVICE_ACCOUNT_TOKEN", join("gl", "sa_", filler(32, ALNUM, seed + 35), "_", filler(8, HEX, seed + 36))),
    plain("1password", "OPS_TOKEN", join("op", "s_", Buffer.from(opsJson).toString("base64"))),
    plain("database-connection-string", "MongoDBConnection", join("mongodb", "+srv://", "app:", filler(18, ALNUM, seed + 37), "@cluster0.example.net/prod")),
    plain("database-connection-string", "MySQLConnection", join("mysql", "://", "root:", filler(18, ALNUM, seed + 38), "@10.0.0.5:3306/shop")),
    plain("database-connection-string", "PostgreSQLConnection", join("postgres", "ql://", "admin:", filler(14, ALNUM, seed + 39), "@db.internal.example.com:5432/app")),
    plain("hashicorp-vault", "HASHICORP_VAULT_SERVICE_TOKEN", join("hv", "s.", filler(95, ALNUM, seed + 44))),
    plain("vercel", "VERCEL_PERSONAL_ACCESS_TOKEN", join("vc", "p_", filler(24, ALNUM, seed + 45))),
    plain("databricks", "DATABRICKS_PERSONAL_ACCESS_TOKEN", join("da", "pi", filler(32, HEX, seed + 46))),
    plain("docker", "DOCKER_PERSONAL_ACCESS_TOKEN", join("dckr", "_pat_", filler(27, ALNUM, seed + 47))),
    plain("figma", "FIGMA_PERSONAL_ACCESS_TOKEN", join("fi", "gd_", filler(40, ALNUM, seed + 48))),
  ];
}

/** Every 8-character piece of a secret (the check that no tail or middle of one survived a redaction). */
export function piecesOfSecret(secret: string, length = 8): string[] {
  const pieces = new Set<string>();
  for (let start = 0; start + length <= secret.length; start++) {
    const piece = secret.slice(start, start + length);
    // a piece across a PEM key's line break is looked for as the pieces on either side of it (JSON escapes the break)
    if (!/\s/.test(piece)) pieces.add(piece);
  }
  return [...pieces];
}
