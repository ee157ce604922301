import { spoolUpload } from "@/lib/http/spool-upload";
import { ndjsonResponse } from "@/lib/http/ndjson-response";
import { errorResponse, handle } from "@/lib/http/route";
import type { UploadLine, UploadStage } from "@/lib/api/contracts/upload-stage-schemas";
import { presentCorpusList, presentStoredSession } from "@/lib/present/present-session";
import { CorpusFilterSchema } from "@/lib/api/contracts/corpus-schemas";
import { UploadQuerySchema } from "@/lib/api/contracts/schemas";
import { importUpload, type ImportUploadInput } from "@/lib/sessions/import-upload";
import { readSessionSecrets } from "@/lib/store/session-secrets";
import { listCorpus } from "@/lib/store/list-corpus";

export const dynamic = "force-dynamic";

/**
 * GET /api/sessions?agent=&model=&project=&from=&to=&minTokens=&maxTokens=&compactions=&findings= → 200 `CorpusList`:
 * the sessions every given filter keeps (CorpusFilterSchema; none: all), newest first, and `corpus` — what they add up
 * to (sessions, messages, estimated tokens, recorded compactions, recorded dollars, unpriced sessions), how many
 * sessions there are in all, and each filter's values with their counts. 400 `invalid_request` naming the field.
 */
export const GET = handle(async (request: Request) => presentCorpusList(await listCorpus(CorpusFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams)))));

/**
 * POST /api/sessions?format=&pick=&name= with a multipart `file` field or the raw transcript as the body
 * → 201 `SessionSummary & { sessionCount, secretFindings }` (Location: /api/sessions/:id): `secretFindings` lists the
 * credentials found (rule, kind, message, place, masked preview — never the secret; redacted already when
 * LAB_REDACT_ON_UPLOAD is on).
 * A multi-session file stores only the session `pick` chooses (default 0); `sessionCount` says how many the file
 * holds so the client can upload it again with another pick. 400 with the ImportError's code, format and issues
 * (line / JSON path) when the file does not fit; with `duplicate=refuse` (the browser's upload), 409 `duplicate_upload`
 * (with `existing`: the session's id and title) when the lab already holds the same file and pick; 413 above MAX_UPLOAD_BYTES; 415 for
 * other content types. A client that goes away before the file is stored (a closed tab) leaves nothing behind.
 *
 * Asked with `accept: application/x-ndjson` (the browser's upload), the answer streams once the file has arrived:
 * `{type: "stage", stage}` lines while the server reads, scans and stores it (UploadLineSchema), then one
 * `{type: "done", result}` with the 201 body or `{type: "error", status, body}` with the status and body the JSON
 * answer would have had. Errors found before the file is read (413, 415, a bad query) answer as plain JSON.
 *
 * The body is streamed to a temporary file (spoolUpload), read whole only while it is parsed, and removed once the
 * answer is sent: scanning and storing a 100 MB upload does not also hold the 100 MB.
 */
export const POST = handle(async (request: Request) => {
  const query = UploadQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const upload = await spoolUpload(request);
  const input: ImportUploadInput = {
    file: upload,
    format: query.format,
    pick: query.pick,
    sourceName: query.name ?? upload.filename,
    refuseDuplicate: query.duplicate === "refuse",
    signal: request.signal,
  };
  if ((request.headers.get("accept") ?? "").includes("application/x-ndjson")) return ndjsonResponse(streamImport(input, request, upload.dispose));
  try {
    const result = await importAndPresent(input);
    return Response.json(result, { status: 201, headers: { location: `/api/sessions/${encodeURIComponent(result.id)}` } });
  } finally {
    await upload.dispose();
  }
});

async function importAndPresent(input: ImportUploadInput) {
  const stored = await importUpload(input);
  const { findings } = await readSessionSecrets(stored.id);
  return { ...presentStoredSession(stored), secretFindings: findings ?? [] };
}

/** A storing line at most this often: a 100K-message session writes 100 batches. */
const STAGE_LINE_INTERVAL_MS = 200;

function streamImport(input: ImportUploadInput, request: Request, dispose: () => Promise<void>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  // the reader cancelling the stream (the tab closed mid-import) stops the import like the request's own signal
  const cancelled = new AbortController();
  const signal = input.signal ? AbortSignal.any([input.signal, cancelled.signal]) : cancelled.signal;
  return new ReadableStream<Uint8Array>({
    cancel() {
      cancelled.abort(new DOMException("The client stopped reading the upload's answer.", "AbortError"));
    },
    async start(controller) {
      const send = (line: UploadLine) => {
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
        } catch {
          // the client went away: the import notices through the request's signal
        }
      };
      let lastLine = 0;
      const onStage = async (stage: UploadStage) => {
        const now = Date.now();
        const partial = stage.stage === "storing" && stage.stored > 0 && stage.stored < stage.messages;
        if (partial && now - lastLine < STAGE_LINE_INTERVAL_MS) return;
        lastLine = now;
        send({ type: "stage", stage });
        // let the line leave before the next long synchronous step (the parse)
        await new Promise((resolve) => setTimeout(resolve, stage.stage === "parsing" ? 10 : 0));
      };
      try {
        send({ type: "done", result: await importAndPresent({ ...input, signal, onStage }) });
      } catch (error) {
        if (cancelled.signal.aborted) return; // nobody reads the answer; nothing was stored
        const response = errorResponse(error, request);
        send({ type: "error", status: response.status, body: await response.json() });
      } finally {
        await dispose();
      }
      try {
        controller.close();
      } catch {
        // already cancelled by the client
      }
    },
  });
}
