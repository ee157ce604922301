import fs from "node:fs";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiErrorSchema, SessionSummarySchema } from "@/lib/api/contracts/schemas";
import { RedactionResultSchema, SecretFindingSchema, SessionSecretsViewSchema } from "@/lib/api/contracts/secret-schemas";
import { db } from "@/lib/store/db";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { fakeCredentials } from "@/lib/testing/fake-credentials";
import { POST as createLink } from "../share-links/route";
import { POST as redact } from "./[id]/redact/route";
import { POST as reimport } from "./[id]/reimport/route";
import { GET as getSession } from "./[id]/route";
import { POST as startRun } from "./[id]/runs/route";
import { GET as getSecrets } from "./[id]/secrets/route";
import { GET as listSessions, POST as upload } from "./route";

const BASE = "http://lab.test/api/sessions";
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const json = (url: string, body: unknown) => new Request(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** An OpenAI chat transcript that read a .env, wrote a private key (arguments JSON inside JSON) and pasted a token. */
function transcriptWithSecrets() {
  const credentials = fakeCredentials(5);
  const byRule = Object.fromEntries(credentials.map((credential) => [credential.rule, credential.value]));
  const text = JSON.stringify({
    metadata: { note: `deploy token ${byRule.npm}` },
    messages: [
      { role: "user", content: `Deploy with ${byRule.github} please` },
      { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "bash", arguments: JSON.stringify({ command: "cat .env" }) } }] },
      { role: "tool", tool_call_id: "call_1", content: [`ANTHROPIC_API_KEY=${byRule.anthropic}`, byRule.aws, `SLACK=${byRule.slack}`, `DATABASE_URL=${byRule["database-connection-string"]}`].join("\n") },
      { role: "assistant", content: null, tool_calls: [{ id: "call_2", type: "function", function: { name: "write", arguments: JSON.stringify({ path: "id_rsa", content: byRule.privatekey }) } }] },
      { role: "tool", tool_call_id: "call_2", content: "written" },
      { role: "assistant", content: "Done." },
    ],
  });
  // the distinctive piece of each secret (the AWS sample's key name and the URL's host are not secret)
  const secrets = [byRule.github, byRule.anthropic, byRule.aws.split("=")[1], byRule.slack, byRule["database-connection-string"].split("@")[0].split(":").pop()!, byRule.privatekey.split("\n")[2], byRule.npm];
  return { text, secrets };
}

/** Everything the database holds, as text: every table's rows, the raw uploads decompressed, and the file's own bytes. */
async function databaseText(url: string): Promise<string> {
  const prisma = await db();
  const tables = ["Session", "Message", "Run", "Comparison", "ShareLink", "UserProbe"];
  const rows = await Promise.all(tables.map((table) => prisma.$queryRawUnsafe(`SELECT * FROM "${table}"`)));
  const uploads = await prisma.upload.findMany();
  const file = fs.readFileSync(url.replace(/^file:/, "")).toString("latin1");
  return [JSON.stringify(rows, (_key, value) => (typeof value === "bigint" ? Number(value) : value)), ...uploads.map((row) => gunzipSync(row.bytes).toString("utf8")), file].join("\n");
}

describe("secrets in transcripts (route handlers, fresh SQLite file)", () => {
  const database = useTestDatabase("sqlite");
  afterEach(() => {
    delete process.env.LAB_REDACT_ON_UPLOAD;
    vi.restoreAllMocks();
  });

  it("finds them on upload, shows masked previews, refuses to share or send them out, and redacts them from everything", async () => {
    const logged: string[] = [];
    for (const method of ["log", "info", "warn", "error", "debug"] as const) vi.spyOn(console, method).mockImplementation((...args) => void logged.push(args.map(String).join(" ")));
    const { text, secrets } = transcriptWithSecrets();
    const answers: string[] = [];
    const read = async (response: Response) => {
      const body = await response.text();
      answers.push(body);
      return JSON.parse(body);
    };

    const uploaded = await upload(new Request(`${BASE}?name=chat.json`, { method: "POST", headers: { "content-type": "application/json" }, body: text }), undefined);
    expect(uploaded.status).toBe(201);
    const created = await read(uploaded);
    const id = created.id as string;
    const findings = SecretFindingSchema.array().parse(created.secretFindings);
    expect(new Set(findings.map((finding) => finding.rule))).toEqual(new Set(["github", "anthropic", "aws", "slack", "database-connection-string", "privatekey"]));
    // the token is in the first user message, which is also the session's title
    expect(findings.filter((finding) => finding.rule === "github")).toMatchObject([{ kind: "GITHUB_TOKEN", field: "title" }, { kind: "GITHUB_TOKEN", field: "part", seq: 0, part: 0 }]);
    expect(findings.find((finding) => finding.rule === "privatekey")).toMatchObject({ field: "part", seq: 3, part: 0 });
    for (const finding of findings) expect(finding.preview).toMatch(/…/);
    expect(created.secrets).toMatchObject({ scanned: true, count: findings.length, redactedAt: null });

    const listed = (await read(await listSessions(new Request(BASE), undefined))).sessions;
    expect(SessionSummarySchema.parse(listed[0]).secrets.kinds).toEqual([...new Set(findings.map((finding) => finding.kind))].sort());
    const view = SessionSecretsViewSchema.parse(await read(await getSecrets(new Request(`${BASE}/${id}/secrets`), params(id))));
    expect(view.findings).toEqual(findings);

    // no share, no external summarizer without saying so; the offline one is never blocked
    const refused = await createLink(json("http://lab.test/api/share-links", { kind: "session", targetId: id }), undefined);
    expect(refused.status).toBe(400);
    const refusal = ApiErrorSchema.parse(await read(refused)).error;
    expect(refusal).toMatchObject({ code: "secrets_unredacted", issues: [{ path: "allowSecrets" }] });
    expect(refusal.message).toContain(`${findings.length} unredacted credentials`);
    const external = await startRun(json(`${BASE}/${id}/runs`, { strategy: "codex", summarizer: "anthropic", apiKey: "test-key" }), params(id));
    expect(external.status).toBe(400);
    expect(ApiErrorSchema.parse(await read(external)).error).toMatchObject({ code: "secrets_unredacted", issues: [{ path: "allowSecrets" }] });
    const counted = await startRun(json(`${BASE}/${id}/runs`, { strategy: "codex", estimator: "count-tokens", apiKey: "test-key" }), params(id));
    expect(ApiErrorSchema.parse(await read(counted)).error.code).toBe("secrets_unredacted");
    const offline = await startRun(json(`${BASE}/${id}/runs`, { strategy: "codex", summarizer: "extractive", settings: {} }), params(id));
    expect(offline.status).toBe(200);
    const runText = await offline.text(); // follow the run to its end, so its result is stored before the redaction
    expect(runText).toContain('"type":"done"');

    const overridden = await createLink(json("http://lab.test/api/share-links", { kind: "session", targetId: id, allowSecrets: true, label: "on purpose" }), undefined);
    expect(overridden.status).toBe(201);
    expect((await read(overridden)).link.unredactedSecrets).toBe(findings.length);

    const result = RedactionResultSchema.parse(await read(await redact(new Request(`${BASE}/${id}/redact`, { method: "POST" }), params(id))));
    expect(result).toMatchObject({ redacted: findings.length, upload: "redacted" });
    expect(result.session.secrets).toMatchObject({ scanned: true, count: 0, kinds: [], redactedCount: findings.length });
    expect(result.session.secrets.redactedAt).not.toBeNull();
    expect(result.session.title).toContain("[REDACTED:GITHUB_TOKEN]");

    const detail = await read(await getSession(new Request(`${BASE}/${id}`), params(id)));
    expect(detail.secrets.count).toBe(0);
    const shared = await createLink(json("http://lab.test/api/share-links", { kind: "session", targetId: id }), undefined);
    expect(shared.status).toBe(201);
    expect((await read(shared)).link.unredactedSecrets).toBe(0);

    // the raw file was redacted, not dropped: a re-import still works and finds nothing
    const again = await read(await reimport(new Request(`${BASE}/${id}/reimport`, { method: "POST" }), params(id)));
    expect(again.secrets).toMatchObject({ scanned: true, count: 0 });

    const everything = await databaseText(database.url());
    expect(everything).toContain("[REDACTED:PrivateKey]");
    for (const secret of secrets) {
      expect(everything.includes(secret), `a secret (${secret.slice(0, 6)}…) left in the database`).toBe(false);
      expect(answers.slice(answers.indexOf(answers.find((answer) => answer.includes('"upload":"redacted"'))!)).join("\n").includes(secret)).toBe(false);
      expect(logged.join("\n").includes(secret)).toBe(false);
    }
  }, 60_000);

  it("LAB_REDACT_ON_UPLOAD stores the session already redacted, raw file included", async () => {
    process.env.LAB_REDACT_ON_UPLOAD = "1";
    const { text, secrets } = transcriptWithSecrets();
    const response = await upload(new Request(BASE, { method: "POST", headers: { "content-type": "application/json" }, body: text }), undefined);
    expect(response.status).toBe(201);
    const body = await response.text();
    const created = JSON.parse(body);
    expect(created.secrets).toMatchObject({ count: 0, redactedCount: 7 }); // six credentials, the GitHub token twice (title and message)
    expect(created.secretFindings).toEqual([]);
    const prisma = await db();
    const raw = gunzipSync((await prisma.upload.findUniqueOrThrow({ where: { sessionId: created.id } })).bytes).toString("utf8");
    const messages = JSON.stringify(await prisma.message.findMany({ where: { sessionId: created.id } }));
    for (const secret of secrets) {
      expect(body.includes(secret)).toBe(false);
      expect(raw.includes(secret)).toBe(false);
      expect(messages.includes(secret)).toBe(false);
    }
  });
});
