"use client";

import Link from "next/link";
import { useEffect, useRef, useState, type DragEvent } from "react";
import { FORMAT_IDS, type FormatId } from "@/lib/engine/model";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import type { UploadProgress, UploadResult } from "@/lib/client/upload-transcript";
import type { UploadStage } from "@/lib/api/contracts/upload-stage-schemas";
import { uploadSecretsLine } from "@/lib/client/upload-secrets-line";
import { useImportTranscript } from "@/lib/query-hooks/session-mutations";
import { ApiErrorView } from "./api-error-view";
import { FORMAT_LABELS } from "./format-labels";
import { formatBytes, formatCount } from "./format-number";
import { MultiSessionNotice } from "./multi-session-notice";
import { UploadProgressBar } from "./upload-progress-bar";

/**
 * Drop zone + file picker + format selector. Uploads start as soon as a file is chosen; progress comes from
 * XMLHttpRequest. Errors are shown as the API gave them; a multi-session file offers importing another index.
 */
export function UploadPanel() {
  const [format, setFormat] = useState<FormatId | "">("");
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [stage, setStage] = useState<UploadStage | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const upload = useImportTranscript();

  // a file dropped beside the drop zone would make the browser navigate away to show it
  useEffect(() => {
    const swallow = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
    };
    window.addEventListener("dragover", swallow);
    window.addEventListener("drop", swallow);
    return () => {
      window.removeEventListener("dragover", swallow);
      window.removeEventListener("drop", swallow);
    };
  }, []);

  function start(nextFile: File, pick?: number, allowDuplicate?: boolean) {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setFile(nextFile);
    setProgress({ loaded: 0, total: nextFile.size });
    setStage(null);
    upload.mutate(
      { file: nextFile, format: format || undefined, pick, allowDuplicate, onProgress: setProgress, onServerStage: setStage, signal: controller.signal },
      {
        onSettled: () => {
          setProgress(null);
          setStage(null);
        },
      },
    );
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) start(dropped);
  }

  const error = upload.error ? toApiErrorBody(upload.error) : null;
  const result: UploadResult | undefined = upload.data;
  const secretsLine = result ? uploadSecretsLine(result) : null;

  return (
    <section className="rounded border border-slate-200 bg-white p-3" aria-label="Import a transcript">
      <div className="flex flex-wrap items-stretch gap-3">
        <div
          data-testid="upload-dropzone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex min-w-72 flex-1 items-center justify-center gap-3 rounded border-2 border-dashed px-4 py-5 text-slate-600 transition-colors ${
            dragging ? "border-blue-500 bg-blue-50" : "border-slate-300"
          }`}
        >
          <span>Drop a transcript here, or</span>
          <button
            type="button"
            onClick={() => inputRef.current?.click()}
            disabled={upload.isPending}
            className="rounded border border-slate-300 bg-white px-2.5 py-1 font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-50"
          >
            Choose file…
          </button>
          <input
            ref={inputRef}
            data-testid="upload-input"
            type="file"
            accept=".json,.jsonl,.traj,.txt,.gz,application/json,application/gzip"
            aria-label="Transcript file"
            className="hidden"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = "";
              if (chosen) start(chosen);
            }}
          />
        </div>
        <label className="flex flex-col justify-center gap-1 text-xs text-slate-600">
          Format
          <select
            data-testid="upload-format"
            value={format}
            onChange={(event) => setFormat(event.target.value as FormatId | "")}
            className="rounded border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
          >
            <option value="">Auto-detect</option>
            {FORMAT_IDS.map((id) => (
              <option key={id} value={id}>
                {FORMAT_LABELS[id].label} ({id})
              </option>
            ))}
          </select>
        </label>
      </div>

      {upload.isPending && progress && file && (
        <UploadProgressBar fileName={file.name} progress={progress} stage={stage} onCancel={() => abortRef.current?.abort()} />
      )}

      {error?.code === "duplicate_upload" && error.existing && file && !upload.isPending && (
        <div data-testid="upload-duplicate" className="mt-3 flex flex-wrap items-center gap-2 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
          <span>
            {file.name} is already in the lab as <span className="font-medium">{error.existing.title}</span>.
          </span>
          <Link href={`/sessions/${error.existing.id}`} data-testid="upload-duplicate-open" className="font-medium text-amber-900 underline">
            Open it →
          </Link>
          <button
            type="button"
            data-testid="upload-duplicate-again"
            onClick={() => start(file, upload.variables?.pick, true)}
            className="rounded border border-amber-400 bg-white px-2 py-0.5 font-medium hover:bg-amber-100"
          >
            Import a second copy
          </button>
        </div>
      )}

      {error && error.code !== "duplicate_upload" && file && !upload.isPending && (
        <div className="mt-3">
          <ApiErrorView error={error} testId="upload-error" title={`Could not import ${file.name}`} />
        </div>
      )}

      {result && file && !upload.isPending && (
        <div className="mt-3 space-y-2">
          <p data-testid="upload-success" className="rounded border border-emerald-200 bg-emerald-50 px-3 py-2 text-emerald-900">
            Imported <span className="font-medium">{result.title}</span> ({FORMAT_LABELS[result.format]?.label ?? result.format},{" "}
            {formatCount(result.messageCount)} messages, {formatBytes(file.size)})
            {secretsLine ? (
              <>
                {" · "}
                <span data-testid="upload-secrets" className={result.secretFindings.length > 0 ? "font-medium text-amber-800" : undefined}>
                  {result.secretFindings.length > 0 ? "⚠ " : ""}
                  {secretsLine}
                </span>
              </>
            ) : null}
            .{" "}
            <Link href={`/sessions/${result.id}`} className="font-medium text-emerald-800 underline">
              Open session →
            </Link>
          </p>
          {result.sessionCount > 1 && (
            <MultiSessionNotice
              sessionCount={result.sessionCount}
              pick={result.pick}
              onImport={(pick) => start(file, pick)}
            />
          )}
        </div>
      )}
    </section>
  );
}
