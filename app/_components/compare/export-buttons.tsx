"use client";

import type { CompareRow } from "@/lib/api/contracts/compare-schemas";
import { compareRowsToCsv, compareRowsToJson } from "@/lib/compare/compare-table-export";
import { downloadText } from "@/lib/client/download-text";

const BUTTON = "rounded border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-40";

/** Downloads the finished rows as CSV or JSON (built in the browser; nothing is sent back to the server). */
export function ExportButtons({ rows, basename }: { rows: CompareRow[]; basename: string }) {
  const disabled = rows.length === 0;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-slate-500">
      Export
      <button type="button" data-testid="export-csv" disabled={disabled} onClick={() => downloadText({ text: compareRowsToCsv(rows), filename: `${basename}.csv`, type: "text/csv;charset=utf-8" })} className={BUTTON}>
        CSV
      </button>
      <button type="button" data-testid="export-json" disabled={disabled} onClick={() => downloadText({ text: compareRowsToJson(rows), filename: `${basename}.json`, type: "application/json" })} className={BUTTON}>
        JSON
      </button>
    </span>
  );
}

/** A file name from a title: lower-case words joined by dashes, at most 60 characters ("compare-pi-mono-large-session"). */
export function fileSlug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "session";
}
