import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { spoolUpload } from "../lib/http/spool-upload";
import { importUpload } from "../lib/sessions/import-upload";
import { closeDatabases, db } from "../lib/store/db";

/**
 * One upload measured in a fresh process (see bench/memory.ts): what POST /api/sessions does with a file — the request
 * body (raw or multipart, streamed from disk as a client sends it) spooled to a temporary file (`spoolUpload`), then
 * imported from it, scanned and stored in a fresh SQLite file (`importUpload`) — sampling RSS every 5 ms from a settled baseline (modules loaded, database
 * migrated). Prints one JSON line: the file's size, the baseline and the peak RSS (the sampler's, and the kernel's
 * high-water mark), and the CPU time the upload took.
 */
const file = process.argv[2];
const mode = process.argv[3] as "raw" | "multipart";
const gc = (globalThis as { gc?: () => void }).gc;
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-bench-upload-"));
process.env.DATABASE_URL = `file:${path.join(directory, "lab.db")}`;
await db();
const size = fs.statSync(file).size;
gc?.();
await new Promise((resolve) => setTimeout(resolve, 50));
const baseline = process.memoryUsage().rss;
const cpuBefore = process.cpuUsage();
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 5);
const boundary = "----lab-bench-boundary";
const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
async function* multipartBody() {
  yield head;
  for await (const chunk of fs.createReadStream(file)) yield chunk as Buffer;
  yield tail;
}
const body = mode === "raw" ? Readable.toWeb(fs.createReadStream(file)) : Readable.toWeb(Readable.from(multipartBody()));
const request = new Request("http://127.0.0.1/api/sessions", {
  method: "POST",
  body: body as ReadableStream<Uint8Array>,
  duplex: "half",
  headers: {
    "content-type": mode === "raw" ? "application/x-ndjson" : `multipart/form-data; boundary=${boundary}`,
    "content-length": String(mode === "raw" ? size : head.length + size + tail.length),
  },
} as RequestInit);
const upload = await spoolUpload(request);
const stored = await importUpload({ file: upload, sourceName: upload.filename ?? path.basename(file) });
await upload.dispose();
peak = Math.max(peak, process.memoryUsage().rss);
const cpu = process.cpuUsage(cpuBefore);
clearInterval(sampler);
await closeDatabases();
fs.rmSync(directory, { recursive: true, force: true });
console.log(JSON.stringify({ mode, size, baseline, peak, maxRss: process.resourceUsage().maxRSS * 1024, messages: stored.messageCount, cpuMs: Math.round((cpu.user + cpu.system) / 1000) }));
