import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { expect, it } from "vitest";
import type { UploadStage } from "../api/contracts/upload-stage-schemas";
import { generateSession } from "../generator/generate-session";
import { toClaudeCodeJsonl } from "../generator/to-claude-code-jsonl";
import { fileChunks } from "../sessions/file-chunks";
import { importUpload } from "../sessions/import-upload";
import { databaseUrl, db, providerOf } from "../store/db";
import { getSession } from "../store/sessions";
import { streamTranscriptChunks } from "../transcripts/stream-transcript-chunks";
import { fakeCredentials } from "./fake-credentials";
import { hasSharedTranscripts, listSharedTranscripts, sharedTranscript } from "./shared-transcripts";
import { rowCounts } from "./store-contract";

const FIXTURES = path.resolve(import.meta.dirname, "../transcripts/fixtures");

/** Every JSON-lines transcript of ../shared/transcripts (none when it is absent) and the importers' JSONL fixtures. */
function jsonlFiles(): string[] {
  const shared = hasSharedTranscripts ? listSharedTranscripts().filter((file) => file.endsWith(".jsonl")).map(sharedTranscript) : [];
  const fixtures = fs.readdirSync(FIXTURES).filter((file) => file.endsWith(".jsonl")).map((file) => path.join(FIXTURES, file));
  return [...shared, ...fixtures];
}

/** The file as POST /api/sessions hands it over (spoolUpload's): a path with its size and SHA-256. */
function uploadedFile(file: string) {
  const bytes = fs.readFileSync(file);
  return { path: file, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** A stored session exactly as the database holds it: its row's columns, its messages' JSON text, its upload. */
async function storedExactly(id: string) {
  const prisma = await db();
  const postgres = providerOf(databaseUrl()) === "postgresql";
  const row = await prisma.session.findUniqueOrThrow({ where: { id }, include: { upload: true } });
  const messages = await prisma.$queryRawUnsafe<{ seq: number; data: string }[]>(
    postgres ? `SELECT "seq", "data"::text AS "data" FROM "Message" WHERE "sessionId" = $1 ORDER BY "seq"` : `SELECT "seq", "data" FROM "Message" WHERE "sessionId" = ? ORDER BY "seq"`,
    id,
  );
  const { id: _id, createdAt: _createdAt, upload, ...columns } = row;
  return {
    columns,
    messages: messages.map((message) => `${Number(message.seq)} ${message.data}`),
    upload: upload && { size: upload.size, sha256: upload.sha256, encoding: upload.encoding, bytes: gunzipSync(upload.bytes).toString("base64") },
    contextCurve: (await getSession(id)).contextCurve,
  };
}

/** Both ways of importing a file: from disk (streamed when the format allows) and from its bytes (never streamed). */
async function importBothWays(file: string, sourceName = path.basename(file)) {
  const streamed = await importUpload({ file: uploadedFile(file), sourceName }).then((record) => ({ record }), (error: unknown) => ({ error }));
  const whole = await importUpload({ bytes: new Uint8Array(fs.readFileSync(file)), sourceName }).then((record) => ({ record }), (error: unknown) => ({ error }));
  return { streamed, whole };
}

/** Whether importUpload streams this file (streamTranscriptChunks takes it): every Claude Code transcript should. */
function streams(file: string): boolean {
  try {
    return streamTranscriptChunks(() => fileChunks(file)) !== null;
  } catch {
    return true; // refused on the first pass: streamed, and refused as the whole import refuses it
  }
}

/**
 * Streamed uploads (issue #39) against the whole import, shared by the SQLite and PostgreSQL test files (each brings its
 * own fresh database with useTestDatabase). Call it inside a describe block.
 */
export function streamUploadContract(): void {
  it.each(jsonlFiles().map((file) => [path.relative(path.resolve(FIXTURES, "../../../.."), file), file]))(
    "%s: stored the same streamed as imported whole — row, every message's JSON, upload, curve — or refused the same",
    async (_name, file) => {
      const before = await rowCounts();
      const { streamed, whole } = await importBothWays(file);
      if ("error" in whole) {
        expect("error" in streamed).toBe(true);
        const failure = (streamed as { error: Error }).error;
        expect({ ...failure, message: failure.message }).toEqual({ ...(whole.error as Error), message: (whole.error as Error).message });
        expect(await rowCounts()).toEqual(before);
        return;
      }
      expect("record" in streamed, "error" in streamed ? String(streamed.error) : "").toBe(true);
      const streamedRecord = (streamed as { record: { id: string } }).record;
      expect({ ...streamedRecord, id: "", createdAt: null }).toEqual({ ...whole.record, id: "", createdAt: null });
      expect(await storedExactly(streamedRecord.id)).toEqual(await storedExactly(whole.record.id));
    },
  );

  it("streams every Claude Code transcript (and nothing that is not JSON lines of Claude Code)", () => {
    for (const file of jsonlFiles()) {
      const claudeCode = /claude-code/.test(file);
      expect([file, streams(file)]).toEqual([file, claudeCode]);
    }
  });

  it("a generated 3,000-message session with credentials: the same session and findings, and progress up to every message", async () => {
    const file = temporaryFile("generated.jsonl", withCredentials(toClaudeCodeJsonl(generateSession({ seed: 5, messages: 3_000 }))));
    const stages: UploadStage[] = [];
    const streamed = await importUpload({ file: uploadedFile(file), sourceName: "generated.jsonl", onStage: (stage) => void stages.push(stage) });
    const whole = await importUpload({ bytes: new Uint8Array(fs.readFileSync(file)), sourceName: "generated.jsonl" });
    expect(streamed.secrets.count).toBeGreaterThan(0);
    expect(await storedExactly(streamed.id)).toEqual(await storedExactly(whole.id));
    expect(stages.slice(0, 2).map((stage) => stage.stage)).toEqual(["parsing", "scanning"]);
    expect(stages.at(-1)).toEqual({ stage: "storing", messages: streamed.messageCount, stored: streamed.messageCount });
    const storing = stages.filter((stage) => stage.stage === "storing");
    expect(storing.length).toBeGreaterThan(2);
    for (const stage of storing) expect(stage.stored).toBeLessThanOrEqual(stage.messages);
  });

  it.each([
    ["a line that does not parse", (line: string) => line.slice(0, -2), "broken_lines"],
    ["an assistant line whose content is a number", (line: string) => JSON.stringify({ ...JSON.parse(line), message: { ...JSON.parse(line).message, content: 42 } }), "invalid_format"],
  ])("%s in the middle of a streamed upload: the whole import's error, naming the line, and nothing stored", async (_name, corrupt, code) => {
    const lines = toClaudeCodeJsonl(generateSession({ seed: 6, messages: 3_000 })).split("\n");
    // an assistant line past the first several batches (64K characters each): the messages before it are written first
    const index = lines.findIndex((line, at) => at > lines.length / 2 && line.includes('"type":"assistant"'));
    lines[index] = corrupt(lines[index]);
    const file = temporaryFile("corrupt.jsonl", lines.join("\n"));
    expect(streams(file)).toBe(true);
    const before = await rowCounts();
    const { streamed, whole } = await importBothWays(file);
    expect("error" in streamed && "error" in whole).toBe(true);
    const failure = (streamed as { error: Error & { code: string; issues: { line?: number }[] } }).error;
    expect(failure).toMatchObject({ code, message: (whole as { error: Error }).error.message });
    expect(failure.issues[0].line).toBe(index + 1);
    expect(failure.message).toContain(`line ${index + 1}`);
    expect(await rowCounts()).toEqual(before);
  });

  it("a client gone while the messages are written stores nothing", async () => {
    const file = temporaryFile("aborted.jsonl", toClaudeCodeJsonl(generateSession({ seed: 7, messages: 3_000 })));
    const before = await rowCounts();
    const controller = new AbortController();
    const failure = await importUpload({
      file: uploadedFile(file),
      signal: controller.signal,
      onStage: (stage) => {
        if (stage.stage === "storing" && stage.stored > 500) controller.abort(new DOMException("gone", "AbortError"));
      },
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: "AbortError" });
    expect(await rowCounts()).toEqual(before);
  });
}

/** The JSONL with one fake credential of each kind put into text blocks of lines spread over the file. */
function withCredentials(jsonl: string): string {
  const secrets = fakeCredentials(3).map((credential) => credential.value);
  const lines = jsonl.split("\n");
  let placed = 0;
  for (let index = 1; index < lines.length && placed < secrets.length; index += 37) {
    const entry = JSON.parse(lines[index]);
    const block = Array.isArray(entry.message?.content) ? entry.message.content.find((item: { type?: string }) => item.type === "text") : undefined;
    if (!block) continue;
    block.text += `\nuse ${secrets[placed++]} here`;
    lines[index] = JSON.stringify(entry);
  }
  expect(placed).toBe(secrets.length);
  return lines.join("\n");
}

function temporaryFile(name: string, text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lab-stream-upload-")), name);
  fs.writeFileSync(file, text);
  return file;
}
