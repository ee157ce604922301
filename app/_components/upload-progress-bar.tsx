"use client";

import { useEffect, useState } from "react";
import type { UploadStage } from "@/lib/api/contracts/upload-stage-schemas";
import type { UploadProgress } from "@/lib/client/upload-transcript";
import { uploadStageLabel } from "@/lib/client/upload-stage-label";
import { formatBytes } from "./format-number";

/**
 * Bytes sent so far; once all are sent, what the server is doing with the file (reading, scanning, storing: its
 * streamed stages), with the seconds it has taken, so a long server-side import is visibly alive and cancellable.
 */
export function UploadProgressBar({
  fileName,
  progress,
  stage,
  onCancel,
}: {
  fileName: string;
  progress: UploadProgress;
  stage?: UploadStage | null;
  onCancel: () => void;
}) {
  const sent = progress.total > 0 && progress.loaded >= progress.total;
  const seconds = useSecondsSince(sent);
  const server = sent ? uploadStageLabel(stage ?? null, seconds) : null;
  const uploadPercent = progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  const percent = server ? (server.percent ?? 100) : uploadPercent;
  const busy = server !== null && server.percent === null;
  return (
    <div data-testid="upload-progress" className="mt-3 flex items-center gap-3 text-xs text-slate-600">
      <span className="max-w-64 truncate font-medium text-slate-800">{fileName}</span>
      <div
        role="progressbar"
        aria-label={server ? "Import on the server" : "Upload"}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={busy ? undefined : percent}
        aria-valuetext={server?.text}
        className="h-2 flex-1 overflow-hidden rounded bg-slate-200"
      >
        <div className={`h-full bg-blue-600 transition-[width] ${busy ? "animate-pulse" : ""}`} style={{ width: `${percent}%` }} />
      </div>
      <span data-testid="upload-progress-text" aria-live="polite" className="w-80 tabular-nums">
        {server ? server.text : `${uploadPercent}% · ${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}`}
      </span>
      <button type="button" onClick={onCancel} className="text-slate-600 underline hover:text-slate-800">
        Cancel
      </button>
    </div>
  );
}

/** Whole seconds since `running` became true (0 while it is false), ticking once a second. */
function useSecondsSince(running: boolean): number {
  const [since, setSince] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!running) {
      setSince(null);
      return;
    }
    const start = Date.now();
    setSince(start);
    setNow(start);
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [running]);
  return since === null ? 0 : Math.max(0, (now - since) / 1_000);
}
