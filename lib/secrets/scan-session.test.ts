import { describe, expect, it } from "vitest";
import { buildSession } from "../engine/testing/build-session";
import { fakeCredentials } from "../testing/fake-credentials";
import { scanSession } from "./scan-session";

describe("scanSession", () => {
  const credentials = fakeCredentials();

  it.each(credentials)("finds a $rule credential in a tool output, with its place and a masked preview", async ({ rule, kind, value }) => {
    const session = buildSession([
      { user: "print the env" },
      { assistant: "Reading it.", tools: [{ name: "Bash", input: { command: "cat .env" }, output: `HOME=/root\nTOKEN=${value}\nDONE=1` }] },
    ]);
    const found = await scanSession(session);
    const mine = found.filter((finding) => finding.rule === rule);
    expect(mine.length, JSON.stringify(found.map(({ secret: _s, ...rest }) => rest))).toBeGreaterThan(0);
    expect(mine[0]).toMatchObject({ kind, field: "part", seq: 2, part: 0 });
    expect(value).toContain(mine[0].secret);
    expect(mine[0].preview).not.toContain(value);
    expect(mine[0].preview.length).toBeLessThan(12);
    expect(mine[0].message).not.toContain(mine[0].secret);
  });

  it("finds secrets in the title, in tool-call input escaped as JSON, and keeps them apart across parts", async () => {
    const [github, , , , privateKey] = credentials;
    const session = {
      ...buildSession([{ user: `use ${github.value}` }, { assistant: "", tools: [{ name: "Write", input: { path: "id_rsa", content: privateKey.value }, output: "ok" }] }]),
      title: `use ${github.value}`,
    };
    const found = await scanSession(session);
    expect(found.map((finding) => [finding.rule, finding.field, finding.seq, finding.part])).toEqual([
      ["github", "title", null, null],
      ["github", "part", 0, 0],
      ["privatekey", "part", 1, 0],
    ]);
  });

  it("finds nothing in ordinary text, and a secretlint-disable comment in the transcript does not hide a key", async () => {
    const clean = buildSession([{ user: "fix the bug in src/app.ts; see https://example.com/docs and the account page" }]);
    expect(await scanSession(clean)).toEqual([]);
    const hiding = buildSession([{ user: "// secretlint-disable" }, { user: `key ${credentials[0].value}` }]);
    expect((await scanSession(hiding)).map((finding) => finding.rule)).toEqual(["github"]);
  });

  it("scans a tool call whose only anchor is a key of its input (the AWS rule needs the key name beside the value)", async () => {
    const aws = credentials.find((credential) => credential.rule === "aws")!.value.split("=")[1];
    const session = buildSession([{ user: "configure" }, { assistant: "", tools: [{ name: "Write", input: { aws_secret_access_key: aws }, output: "ok" }] }]);
    expect((await scanSession(session)).map((finding) => [finding.rule, finding.seq])).toEqual([["aws", 1]]);
  });
});
