import { z } from "zod";
import { SessionSummarySchema } from "../api/contracts/schemas";
import { SecretFindingSchema } from "../api/contracts/secret-schemas";
import type { FormatId } from "../engine/model";
import type { UploadLine, UploadStage } from "../api/contracts/upload-stage-schemas";
import { ApiRequestError, apiErrorFromResponse, networkError } from "./api-request-error";
import { createUploadAnswerReader } from "./upload-answer-reader";

/** What POST /api/sessions answers with on 201: the stored session, how many the file held, the credentials found. */
export const UploadResultSchema = SessionSummarySchema.extend({ sessionCount: z.number().int(), secretFindings: z.array(SecretFindingSchema).default([]) });
export type UploadResult = z.infer<typeof UploadResultSchema>;

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadTranscriptOptions {
  file: File;
  /** force a format; undefined lets the server detect it */
  format?: FormatId;
  /** which session of a multi-session file to import (0-based) */
  pick?: number;
  /** store it even though the lab already holds the same file (the server answers 409 `duplicate_upload` otherwise) */
  allowDuplicate?: boolean;
  onProgress?: (progress: UploadProgress) => void;
  /** what the server is doing once the file has arrived (reading, scanning, storing) */
  onServerStage?: (stage: UploadStage) => void;
  signal?: AbortSignal;
}

/**
 * Uploads a transcript as multipart `file` with XMLHttpRequest, because fetch reports no upload progress, and asks
 * for the streamed answer, so the server's reading, scanning and storing show as progress too (`onServerStage`).
 * Resolves with the stored session; rejects with an ApiRequestError carrying the API's error body
 * (message and issues with line / path) unchanged.
 */
export function uploadTranscript(options: UploadTranscriptOptions): Promise<UploadResult> {
  const { file, format, pick, allowDuplicate, onProgress, onServerStage, signal } = options;
  const params = new URLSearchParams();
  if (format) params.set("format", format);
  if (pick !== undefined) params.set("pick", String(pick));
  // a file already in the lab is answered with the session it became, unless a second copy is wanted
  params.set("duplicate", allowDuplicate ? "allow" : "refuse");
  const query = params.toString();
  const url = `/api/sessions${query ? `?${query}` : ""}`;
  const body = new FormData();
  body.append("file", file, file.name);

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("accept", "application/x-ndjson, application/json");
    request.upload.onprogress = (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    const readAnswer = createUploadAnswerReader();
    let end: UploadLine | undefined;
    const streamed = () => (request.getResponseHeader("content-type") ?? "").includes("application/x-ndjson");
    const consume = (text: string) => {
      for (const line of readAnswer(text)) {
        if (line.type === "stage") onServerStage?.(line.stage);
        else end = line;
      }
    };
    request.onprogress = () => {
      if (!streamed()) return;
      try {
        consume(request.responseText);
      } catch {
        // a broken line is reported when the answer ends
      }
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(apiErrorFromResponse(request.status, request.responseText));
        return;
      }
      try {
        if (!streamed()) {
          resolve(UploadResultSchema.parse(JSON.parse(request.responseText)));
          return;
        }
        consume(`${request.responseText}\n`);
        if (end?.type === "done") resolve(UploadResultSchema.parse(end.result));
        else if (end?.type === "error") reject(apiErrorFromResponse(end.status, JSON.stringify(end.body)));
        else throw new Error("the answer ended before the session was stored or refused");
      } catch (error) {
        reject(new ApiRequestError(request.status, {
          code: "bad_response",
          message: `The server accepted the file but its answer was not understood: ${error instanceof Error ? error.message : String(error)}`,
        }));
      }
    };
    request.onerror = () => reject(networkError("the upload was interrupted"));
    request.onabort = () => reject(new ApiRequestError(0, { code: "aborted", message: "Upload cancelled." }));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(body);
  });
}
