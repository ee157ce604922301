import type { UploadProgress } from "@/lib/client/upload-transcript";
import { formatBytes } from "./format-number";

/** Bytes sent so far; once all are sent the server is parsing, which has no progress of its own. */
export function UploadProgressBar({
  fileName,
  progress,
  onCancel,
}: {
  fileName: string;
  progress: UploadProgress;
  onCancel: () => void;
}) {
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  const sent = progress.total > 0 && progress.loaded >= progress.total;
  return (
    <div data-testid="upload-progress" className="mt-3 flex items-center gap-3 text-xs text-slate-600">
      <span className="max-w-64 truncate font-medium text-slate-800">{fileName}</span>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded bg-slate-200"
      >
        <div className={`h-full bg-blue-600 transition-[width] ${sent ? "animate-pulse" : ""}`} style={{ width: `${percent}%` }} />
      </div>
      <span className="w-56 tabular-nums">
        {sent ? "Uploaded; parsing on the server…" : `${percent}% · ${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}`}
      </span>
      <button type="button" onClick={onCancel} className="text-slate-500 underline hover:text-slate-800">
        Cancel
      </button>
    </div>
  );
}
