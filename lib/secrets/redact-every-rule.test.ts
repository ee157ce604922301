import { describe, expect, it } from "vitest";
import { buildSession } from "../engine/testing/build-session";
import { fakeCredentialsOfEveryRule, piecesOfSecret } from "../testing/fake-credentials";
import { titleSnippet } from "../transcripts/json-fields";
import { SECRET_RULES } from "./secretlint-config";
import { redactSession } from "./redact-session";
import { redactionsFor, redactText } from "./redact-text";
import { scanRawText } from "./scan-raw-text";
import { scanSession } from "./scan-session";

/** Where a credential sits in a text: each is a way a rule's match or its range has gone wrong before. */
const PLACES: Record<string, (value: string) => string> = {
  "between words": (value) => `the deploy used ${value} before it failed`,
  "at the end of a line": (value) => `$ cat .env\nTOKEN_LINE ${value}\nexit 0`,
  "alone": (value) => value,
  "inside JSON": (value) => JSON.stringify({ env: { VALUE: value }, note: "from the pod" }),
};

const credentials = fakeCredentialsOfEveryRule(5);
// the GCP fixture is a JSON file already: inside JSON its key is escaped twice in the message's text, which the
// preset's private-key rule does not read (the raw-file check below still sees it so, from the finding's forms)
const cases = credentials.flatMap((credential) =>
  Object.keys(PLACES)
    .filter((place) => !(credential.rule === "gcp" && place === "inside JSON"))
    .map((place) => ({ ...credential, place })),
);

/** The 8-character pieces of `secret` that `text` still holds. */
function leftPieces(text: string, secret: string): string[] {
  return piecesOfSecret(secret).filter((piece) => text.includes(piece));
}

describe("redaction over every rule of the preset", () => {
  it("has a fixture for every rule of the preset", () => {
    const presetRules = SECRET_RULES.map((rule) => rule.meta.id.replace("@secretlint/secretlint-rule-", ""));
    expect(new Set(credentials.map((credential) => credential.rule))).toEqual(new Set(presetRules));
  });

  it.each(cases)("$rule $kind $place: found, and no 8 characters of it left in the session or the raw file", async ({ value, secret, place, rule }) => {
    const text = PLACES[place](value);
    const session = {
      ...buildSession([{ user: text }, { assistant: "reading it", tools: [{ name: "Bash", input: { command: text }, output: text }] }]),
      title: titleSnippet(text),
      meta: { notes: [text] },
    };
    const found = await scanSession(session);
    // the GCP rule's service-account file check needs a file; the key inside it is the private-key rule's finding
    expect(found.map((finding) => finding.rule)).toContain(rule === "gcp" ? "privatekey" : rule);
    for (const finding of found) expect(finding.message.includes(secret.slice(0, 12))).toBe(false);
    const redactions = redactionsFor(found);
    const redacted = redactSession(session, redactions);
    expect(leftPieces(JSON.stringify(redacted), secret)).toEqual([]);
    expect(await scanSession(redacted)).toEqual([]);

    const raw = JSON.stringify({ messages: [{ role: "tool", content: text, extra: { nested: JSON.stringify({ text }) } }] });
    const rawRedactions = redactionsFor([...found, ...(await scanRawText(raw))]);
    expect(leftPieces(redactText(raw, rawRedactions), secret)).toEqual([]);
  });

  it("flags an AWS access key id and finds a secret key ending in / or + at the end of the text", async () => {
    const session = buildSession([{ user: credentials.map((credential) => credential.value).join("\n") }]);
    const kinds = (await scanSession(session)).map((finding) => finding.kind);
    expect(kinds.filter((kind) => kind === "AWSAccessKeyID")).toHaveLength(1);
    expect(kinds.filter((kind) => kind === "AWSSecretAccessKey")).toHaveLength(4);
    for (const ending of ["/", "+"]) {
      const key = credentials.find((credential) => credential.secret.endsWith(ending))!;
      const [finding] = await scanSession(buildSession([{ user: key.value }]));
      expect(finding).toMatchObject({ rule: "aws", kind: "AWSSecretAccessKey" });
    }
  });

  it.each(Object.keys(PLACES))("flags AWS's documented example pair %s, names it the example, and redaction removes all of both", async (place) => {
    const id = "AKIAIOSFODNN7EXAMPLE";
    const secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
    const text = PLACES[place](`AWS_ACCESS_KEY_ID=${id}\nAWS_SECRET_ACCESS_KEY=${secret}`);
    const session = buildSession([{ user: text }]);
    const found = await scanSession(session);
    expect(found.map((finding) => finding.kind).sort()).toEqual(["AWSAccessKeyID", "AWSSecretAccessKey"]);
    for (const finding of found) expect(finding.message).toContain("documented example");
    const redacted = redactSession(session, redactionsFor(found));
    expect(leftPieces(JSON.stringify(redacted), id)).toEqual([]);
    expect(leftPieces(JSON.stringify(redacted), secret)).toEqual([]);
    expect(await scanSession(redacted)).toEqual([]);
  });
});
