import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { contextCurve } from "../lib/engine/context-curve";
import type { Session } from "../lib/engine/model";
import { generateSession } from "../lib/generator/generate-session";
import { toClaudeCodeJsonl } from "../lib/generator/to-claude-code-jsonl";
import { rememberSessionDetail } from "../lib/runs/session-detail-cache";
import { scanSession } from "../lib/secrets/scan-session";
import { importUpload } from "../lib/sessions/import-upload";
import { closeDatabases, db } from "../lib/store/db";
import { storeSession } from "../lib/store/store-session";
import { uploadColumns } from "../lib/store/upload-columns";
import { fakeCredentials } from "../lib/testing/fake-credentials";
import { importTranscriptBytes } from "../lib/transcripts";
import { measure, type Clock } from "./measure";

/** About 100 MB of Claude Code JSONL. */
const MESSAGES = 56_000;
const RUNS = 3;

/**
 * What scanning for credentials (lib/secrets, issue #30) adds to an upload: a generated ~100 MB Claude Code JSONL file
 * with a few fake credentials in tool outputs, stored with `importUpload` (decode, import, scan, store in a fresh
 * SQLite file) against the same steps without the scan. Wall clock and this process's CPU time, median of 3 each;
 * the goal is ≤ 15% slower.
 */
export async function runSecretScanCost(log: (line: string) => void): Promise<void> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-bench-secrets-"));
  process.env.DATABASE_URL = `file:${path.join(directory, "lab.db")}`;
  try {
    await db();
    process.stderr.write(`[bench] secret scan: generating a ${MESSAGES.toLocaleString("en-US")}-message session\n`);
    const bytes = Buffer.from(toClaudeCodeJsonl(withCredentials(generateSession({ seed: 2, messages: MESSAGES }))));
    const megabytes = bytes.length / 1e6;
    const scanned = await scanSession(importTranscriptBytes(bytes).session);
    log(`secret scan cost: generated ${MESSAGES.toLocaleString("en-US")}-message Claude Code JSONL, ${megabytes.toFixed(1)} MB, ${scanned.length} findings; in-process, fresh SQLite, median of ${RUNS}`);
    const withoutScan = async () => {
      const upload = uploadColumns(bytes);
      const outcome = importTranscriptBytes(bytes, { sourceName: "bench.jsonl" });
      const stored = await storeSession({ session: outcome.session, sessionCount: outcome.sessionCount, pick: outcome.pick, sourceName: "bench.jsonl", upload });
      await rememberSessionDetail({ ...stored, meta: outcome.session.meta, contextCurve: contextCurve(outcome.session) });
    };
    const withScan = () => importUpload({ bytes, sourceName: "bench.jsonl" });
    const session = importTranscriptBytes(bytes).session;
    for (const clock of ["wall", "cpu"] as Clock[]) {
      process.stderr.write(`[bench] secret scan: ${clock} clock\n`);
      const plain = await measure({ run: withoutScan, runs: RUNS, clock });
      const scanning = await measure({ run: withScan, runs: RUNS, clock });
      const scanOnly = await measure({ run: () => scanSession(session), runs: RUNS, clock });
      const spread = (m: { minMs: number; maxMs: number; medianMs: number }) => `±${((100 * (m.maxMs - m.minMs)) / 2 / m.medianMs).toFixed(0)}%`;
      log(`  ${clock} clock`);
      log(`    upload without scanning   ${plain.medianMs.toFixed(0).padStart(6)} ms (${plain.minMs.toFixed(0)}–${plain.maxMs.toFixed(0)}, ${spread(plain)})`);
      log(`    upload with scanning      ${scanning.medianMs.toFixed(0).padStart(6)} ms (${scanning.minMs.toFixed(0)}–${scanning.maxMs.toFixed(0)}, ${spread(scanning)}) = ${(scanning.medianMs / plain.medianMs).toFixed(3)}× (goal ≤ 1.15×)`);
      log(`    scanSession alone         ${scanOnly.medianMs.toFixed(0).padStart(6)} ms (${spread(scanOnly)}) = ${((100 * scanOnly.medianMs) / plain.medianMs).toFixed(1)}% of the upload`);
    }
  } finally {
    await closeDatabases();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

/** The session with one fake credential of each kind in every 5,000th tool output, as a `.env` an agent read. */
function withCredentials(session: Session): Session {
  const credentials = fakeCredentials(9);
  let results = 0;
  return {
    ...session,
    messages: session.messages.map((message) => ({
      ...message,
      parts: message.parts.map((part) => {
        if (part.type !== "tool-result" || results++ % 5_000 !== 0) return part;
        return { ...part, output: `${part.output}\n${credentials.map((credential) => `SECRET_${credential.rule.toUpperCase()}=${credential.value}`).join("\n")}` };
      }),
    })),
  };
}
