import { gunzipSync } from "node:zlib";
import { expect, it } from "vitest";
import { db } from "../store/db";
import { createRun, getRun } from "../store/runs";
import { packRunResult } from "../store/pack-run-result";
import type { ReplayResult } from "../engine/simulate/replay-result";
import type { Prisma } from "../generated/prisma/client";
import { readSessionSecrets } from "../store/session-secrets";
import { fakeCredentials, fakeCredentialsOfEveryRule, piecesOfSecret } from "./fake-credentials";
import { importUpload } from "../sessions/import-upload";
import { redactStoredSession } from "../sessions/redact-stored-session";

/**
 * Redaction against a real database (SQLite and PostgreSQL share it): an uploaded transcript with credentials in a
 * tool output and in a field no importer reads, a run whose stored progress quotes one; after redactStoredSession no
 * row — messages, session, raw upload (decompressed), run — holds any of them.
 */
export function redactStoredSessionContract(): void {
  it("redacts messages, the raw upload (fields no importer reads included) and the runs, and records when", async () => {
    const credentials = fakeCredentials(21);
    const values = credentials.map((credential) => credential.value);
    const onlyInRaw = fakeCredentials(22)[0].value; // a field the openai importer never reads
    const text = JSON.stringify({
      extra: { token: onlyInRaw },
      messages: [
        { role: "user", content: "print the env" },
        { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "bash", arguments: JSON.stringify({ command: "env" }) } }] },
        { role: "tool", tool_call_id: "c1", content: values.map((value, index) => `V${index}=${value}`).join("\n") },
        { role: "assistant", content: "ok" },
      ],
    });
    const stored = await importUpload({ bytes: new TextEncoder().encode(text), format: "openai", sourceName: "env.json" });
    expect(stored.secrets.count).toBe(credentials.length);
    const run = await createRun({
      sessionId: stored.id,
      strategyId: "none",
      settings: {},
      options: { window: 200_000, outputReserve: 0, estimator: "chars4", summarizer: "extractive", model: null, instructions: null, compactAtStep: null, promptOverrides: null },
    });
    const prisma = await db();
    await prisma.run.update({ where: { id: run.id }, data: { progress: { note: `saw ${values[1]}` } } });

    const outcome = await redactStoredSession(stored.id);
    expect(outcome).toMatchObject({ redacted: credentials.length, upload: "redacted" });
    expect(outcome.session.secrets).toMatchObject({ count: 0, redactedCount: credentials.length });
    expect((await readSessionSecrets(stored.id)).findings).toEqual([]);

    const rows = JSON.stringify([
      await prisma.session.findMany(),
      await prisma.message.findMany(),
      await prisma.run.findMany(),
      (await prisma.upload.findMany()).map((upload) => gunzipSync(upload.bytes).toString("utf8")),
    ]);
    expect(rows).toContain("[REDACTED:GITHUB_TOKEN]");
    for (const value of [...values, onlyInRaw]) expect(rows.includes(value), `${value.slice(0, 6)}… left`).toBe(false);
  });

  it("leaves no 8 characters of any secret of any preset rule in the title, messages, metadata, raw upload or runs", async () => {
    const credentials = fakeCredentialsOfEveryRule(31).filter((credential) => credential.rule !== "gcp");
    const first = credentials.find((credential) => credential.kind === "GITHUB_TOKEN")!;
    const text = JSON.stringify({
      metadata: { notes: credentials[0].value },
      messages: [
        // the title is the first user text cut to 80 characters: the token is cut short there
        { role: "user", content: `please deploy the service to production with the token ${first.value} and report` },
        { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "bash", arguments: JSON.stringify({ command: `echo ${credentials[1].value}` }) } }] },
        { role: "tool", tool_call_id: "c1", content: credentials.map((credential, index) => `V${index}=${credential.value}`).join("\n") },
        { role: "assistant", content: `done: ${credentials.map((credential) => credential.value).join(" and ")}` },
      ],
    });
    const stored = await importUpload({ bytes: new TextEncoder().encode(text), format: "openai", sourceName: "env.json" });
    const run = await createRun({
      sessionId: stored.id,
      strategyId: "none",
      settings: {},
      options: { window: 200_000, outputReserve: 0, estimator: "chars4", summarizer: "extractive", model: null, instructions: null, compactAtStep: null, promptOverrides: null },
    });
    const prisma = await db();
    const quoted = credentials.map((credential) => credential.value).join(" ");
    await prisma.run.update({ where: { id: run.id }, data: { progress: { note: quoted }, result: { summary: quoted }, row: { note: quoted } } });

    await redactStoredSession(stored.id);
    expect((await readSessionSecrets(stored.id)).findings).toEqual([]);
    const rows = JSON.stringify([
      await prisma.session.findMany(),
      await prisma.message.findMany(),
      await prisma.run.findMany(),
      (await prisma.upload.findMany()).map((upload) => gunzipSync(upload.bytes).toString("utf8")),
    ]);
    const left = credentials.flatMap((credential) =>
      piecesOfSecret(credential.secret).filter((piece) => rows.includes(piece)).map((piece) => `${credential.kind}: ${piece}`),
    );
    expect(left).toEqual([]);
  });

  it("redacts a result stored packed: a multi-line key in a summary that later summaries copy lines of", async () => {
    const key = fakeCredentials(5).find((credential) => credential.kind === "PrivateKey")!.value;
    const text = JSON.stringify({ messages: [{ role: "user", content: `here is the deploy key:\n${key}\nuse it` }, { role: "assistant", content: "ok" }] });
    const stored = await importUpload({ bytes: new TextEncoder().encode(text), format: "openai", sourceName: "key.json" });
    const lines = Array.from({ length: 30 }, (_, index) => `- a summary line long enough to be copied, number ${index}`);
    const first = [...lines.slice(0, 10), key, ...lines.slice(10)].join("\n");
    const second = `${first}\n- one more line`;
    const end = (step: number, summary: string) => ({ type: "compaction-end", step, tokensBefore: 1, tokensAfter: 1, summary, summaryTokens: 1, firstKeptMessageId: null, messagesBefore: 2, messagesAfter: 1, budget: 1, fits: true, summarizerUsage: null });
    const result = { strategyId: "pi", settings: {}, window: 1_000, outputReserve: 0, estimatorId: "chars4", steps: [], events: [end(0, first), end(1, second)], epochs: [], marks: [], final: { epoch: 0, length: 0, contextTokens: 0, messages: 0 } };
    const packed = packRunResult(result as unknown as ReplayResult);
    expect(typeof (packed.events as { summary: unknown }[])[1].summary).toBe("object");
    const run = await createRun({ sessionId: stored.id, strategyId: "pi", settings: {}, options: { window: 1_000, outputReserve: 0, estimator: "chars4", summarizer: "extractive", model: null, instructions: null, compactAtStep: null, promptOverrides: null } });
    const prisma = await db();
    await prisma.run.update({ where: { id: run.id }, data: { status: "done", result: packed as Prisma.InputJsonValue } });

    await redactStoredSession(stored.id);
    const read = (await getRun(run.id)).result!;
    const summaries = read.events.map((event) => (event.type === "compaction-end" ? event.summary : null));
    expect(summaries[0]).not.toContain(key.split("\n")[1]);
    expect(summaries[1]).toBe(`${summaries[0]}\n- one more line`);
    expect(summaries[0]).toContain(lines[29]);
    const row = JSON.stringify(await prisma.run.findUnique({ where: { id: run.id } }));
    expect(piecesOfSecret(key).filter((piece) => row.includes(piece))).toEqual([]);
  });
}

