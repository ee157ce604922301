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
