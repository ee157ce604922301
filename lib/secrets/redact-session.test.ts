import { describe, expect, it } from "vitest";
import { buildSession } from "../engine/testing/build-session";
import { fakeCredentials } from "../testing/fake-credentials";
import { redactSession } from "./redact-session";
import { redactionsFor, redactText } from "./redact-text";
import { scanSession } from "./scan-session";

describe("redactSession", () => {
  const credentials = fakeCredentials(3);
  const session = {
    ...buildSession([
      { user: `deploy with ${credentials[0].value}` },
      {
        assistant: "Writing the key and reading the env.",
        tools: [
          { name: "Write", input: { path: "id_rsa", content: credentials[4].value }, output: "written" },
          { name: "Bash", input: { command: "cat .env" }, output: credentials.map((credential) => `X=${credential.value}`).join("\n") },
        ],
      },
    ]),
    title: `deploy with ${credentials[0].value}`,
  };

  it("replaces every finding with a placeholder naming its kind, everywhere, and a second scan finds nothing", async () => {
    const found = await scanSession(session);
    expect(new Set(found.map((finding) => finding.rule))).toEqual(new Set(credentials.map((credential) => credential.rule)));
    const redacted = redactSession(session, redactionsFor(found));
    const text = JSON.stringify(redacted);
    for (const { secret } of found) expect(text).not.toContain(secret);
    expect(redacted.title).toBe("deploy with [REDACTED:GITHUB_TOKEN]");
    expect(redacted.messages[1].parts[1]).toMatchObject({ type: "tool-call", input: { path: "id_rsa", content: "[REDACTED:PrivateKey]" } });
    expect(await scanSession(redacted)).toEqual([]);
    expect(JSON.stringify(session)).toContain(credentials[0].value); // the input is untouched
  });

  it("redacts a secret as it appears escaped in raw JSON, once and twice", async () => {
    const found = await scanSession(session);
    const key = credentials[4].value;
    const raw = JSON.stringify({ a: key, b: JSON.stringify({ content: key }) });
    const redacted = redactText(raw, redactionsFor(found));
    expect(redacted).not.toContain(key.slice(40, 80));
    expect(JSON.parse(JSON.parse(redacted).b)).toEqual({ content: "[REDACTED:PrivateKey]" });
  });

  it("replaces overlapping matches as one span, so neither leaves a tail", () => {
    const redactions = [
      { find: "db://host/app\\nV2=hvs.abcdef", placeholder: "[REDACTED:PostgreSQLConnection]" },
      { find: "hvs.abcdefghijkl", placeholder: "[REDACTED:VAULT]" },
    ];
    expect(redactText("V1=db://host/app\\nV2=hvs.abcdefghijkl\\nV3=x", redactions)).toBe("V1=[REDACTED:PostgreSQLConnection]\\nV3=x");
    expect(redactText("none here", redactions)).toBe("none here");
  });
});
