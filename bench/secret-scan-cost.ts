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
import { deleteSession } from "../lib/store/sessions";
import { storeSession } from "../lib/store/store-session";
import { uploadColumns } from "../lib/store/upload-columns";
import { fakeCredentials } from "../lib/testing/fake-credentials";
import { importTranscriptBytes } from "../lib/transcripts";
import { measure, settleGarbage } from "./measure";

/** About 100 MB of Claude Code JSONL. */
const MESSAGES = 56_000;
const RUNS = 3;

/**
 * What scanning for credentials (lib/secrets, issue #30) adds to an upload: a generated ~100 MB Claude Code JSONL file
 * with a few fake credentials in tool outputs, stored with `importUpload` (decode, import, scan, store in a fresh
 * SQLite file) against the same steps without the scan, alternated after a warm-up pair, each session deleted after
 * its run. Wall clock (noisy on a shared machine: the SQLite writes dominate) and this process's CPU time, median of
 * 3 each; the goal is ≤ 15% slower.
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
      return stored.id;
    };
    const withScan = async () => (await importUpload({ bytes, sourceName: "bench.jsonl" })).id;
    // alternated, each session deleted after its run, so neither side meets a bigger database than the other
    const times = { plain: { wall: [] as number[], cpu: [] as number[] }, scanning: { wall: [] as number[], cpu: [] as number[] } };
    for (let run = 0; run <= RUNS; run++) {
      for (const [name, upload] of [["plain", withoutScan], ["scanning", withScan]] as const) {
        process.stderr.write(`[bench] secret scan: ${name} ${run === 0 ? "warm-up" : `run ${run}`}\n`);
        await settleGarbage();
        const wall = performance.now();
        const cpu = cpuMs();
        const id = await upload();
        if (run > 0) {
          times[name].wall.push(performance.now() - wall);
          times[name].cpu.push(cpuMs() - cpu);
        }
        await deleteSession(id);
      }
    }
    const session = importTranscriptBytes(bytes).session;
    const scanOnly = await measure({ run: () => scanSession(session), runs: RUNS, clock: "cpu" });
    for (const clock of ["wall", "cpu"] as const) {
      const plain = median(times.plain[clock]);
      const scanning = median(times.scanning[clock]);
      const range = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
      log(`  ${clock === "wall" ? "wall clock" : "CPU time (this process, GC threads included)"}`);
      log(`    upload without scanning   ${plain.toFixed(0).padStart(6)} ms (${range(times.plain[clock])})`);
      log(`    upload with scanning      ${scanning.toFixed(0).padStart(6)} ms (${range(times.scanning[clock])}) = ${(scanning / plain).toFixed(3)}× (goal ≤ 1.15×)`);
    }
    log(`  scanSession alone, CPU      ${scanOnly.medianMs.toFixed(0).padStart(6)} ms (${scanOnly.minMs.toFixed(0)}–${scanOnly.maxMs.toFixed(0)}) = ${((100 * scanOnly.medianMs) / median(times.plain.cpu)).toFixed(1)}% of an upload's CPU time`);
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

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1_000;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
