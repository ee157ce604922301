"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { runQueries } from "@/lib/query-hooks/run-queries";
import { formatCount } from "@/app/_components/format-number";
import type { Pivot } from "./build-run-overlay";
import { percentChange } from "./build-run-overlay";
import { ledgerCounts, type LedgerCounts } from "@/lib/runs/slim-run-result";
import { InertMarkdown } from "./inert-markdown";
import { ProtectedList } from "./prune-strip";
import { useRememberedToggle } from "./remembered-toggle";

/**
 * A compaction the run performed (or a trim), drawn as a card where it happened: the reason, tokens before →
 * after, the summary the model is sent instead of what was cut, and a link to the cut point.
 */
export function PivotCard({
  pivot,
  onJump,
  source,
}: {
  pivot: Pivot;
  onJump?: (index: number) => void;
  /** where the full summary can be read when the timeline view cut it: the run, and the step after the pivot */
  source?: { runId: string; step: number | "final" };
}) {
  const { end } = pivot;
  const isSummary = end.type === "compaction-end";
  const summary = isSummary ? end.summary : null;
  /** a provider's opaque compaction item (OpenAI's): no text to show, only its size */
  const opaque = isSummary ? end.opaque : undefined;
  /** the full length when the run's timeline view cut the summary (see lib/runs/slim-run-result.ts) */
  const fullChars = isSummary ? (end as { summaryChars?: number }).summaryChars : undefined;
  const [open, toggle] = useRememberedToggle(`pivot:${pivot.step}:open`, true);
  return (
    <div
      data-testid="pivot-card"
      data-kind={end.type}
      data-step={pivot.step}
      className={`mx-3 my-2 overflow-hidden rounded-lg border shadow-sm ${
        isSummary ? "border-fuchsia-300 bg-gradient-to-br from-fuchsia-50 to-white" : "border-sky-300 bg-gradient-to-br from-sky-50 to-white"
      }`}
    >
      <div className={`flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-1.5 text-xs ${isSummary ? "text-fuchsia-900" : "text-sky-900"}`}>
        <span className={`rounded-full px-2 py-0.5 font-semibold text-white ${isSummary ? "bg-fuchsia-600" : "bg-sky-600"}`}>
          {isSummary ? (opaque ? "Opaque compaction item" : summary === null ? "Compaction (fell back)" : "Summary pivot") : "Trim"}
        </span>
        <span>before model call {pivot.step}</span>
        <span className="font-semibold tabular-nums" data-testid="pivot-tokens">
          {formatCount(end.tokensBefore)} → {formatCount(end.tokensAfter)} tok{" "}
          <span className="text-emerald-700">{percentChange(end.tokensBefore, end.tokensAfter)}</span>
        </span>
        {isSummary && (
          <span className="tabular-nums">
            {formatCount(end.messagesBefore)} → {formatCount(end.messagesAfter)} messages
          </span>
        )}
        {end.type === "trim" && <span className="tabular-nums">{formatCount(end.messagesDropped)} messages dropped</span>}
        {!end.fits && <span className="rounded bg-red-100 px-1.5 font-semibold text-red-800">over budget {formatCount(end.budget)}</span>}
        {isSummary && end.summarizerUsage && (
          <span className="tabular-nums">
            summarizer {formatCount(end.summarizerUsage.input)} in · {formatCount(end.summarizerUsage.output)} out
          </span>
        )}
        <span className="ml-auto flex items-center gap-2">
          {pivot.firstKeptIndex !== null && onJump && (
            <button type="button" data-testid="pivot-jump-cut" onClick={() => onJump(pivot.firstKeptIndex!)} className="font-medium underline decoration-dotted">
              cut → #{pivot.firstKeptIndex}
            </button>
          )}
          {summary && (
            <button type="button" onClick={toggle} aria-expanded={open} className="font-medium">
              {open ? "▾ summary" : "▸ summary"}
            </button>
          )}
        </span>
      </div>
      {(pivot.start?.reason || (end.type === "trim" && end.reason)) && (
        <div className="border-t border-black/5 px-3 py-1 text-xs text-slate-600">
          why: {pivot.start?.reason ?? (end.type === "trim" ? end.reason : "")}
        </div>
      )}
      {(end.protected?.length || (end.type === "compaction-end" && end.splitTurn)) && (
        <div className="flex flex-wrap items-center gap-1 border-t border-black/5 px-3 py-1 text-xs">
          {end.protected && end.protected.length > 0 && <ProtectedList regions={end.protected} />}
          {end.type === "compaction-end" && end.splitTurn && (
            <button
              type="button"
              data-testid="pivot-split-turn"
              disabled={!onJump}
              onClick={() => onJump?.(end.splitTurn!.fromIndex)}
              className="rounded border border-orange-200 bg-orange-50 px-1.5 font-medium text-orange-800"
            >
              split turn: prefix #{end.splitTurn.fromIndex} (+{end.splitTurn.messages - 1} more) summarized on its own
            </button>
          )}
        </div>
      )}
      <LedgerLine end={end} source={source} />
      {opaque && (
        <div data-testid="pivot-opaque" className="flex flex-wrap items-center gap-2 border-t border-fuchsia-200 bg-slate-50 px-3 py-2 text-xs text-slate-700">
          <span className="rounded border border-dashed border-slate-400 bg-white px-2 py-1 font-mono font-semibold text-slate-800" data-testid="pivot-opaque-tokens">
            🔒 {opaque.provider === "openai" ? "OpenAI" : opaque.provider} compaction item · {formatCount(opaque.tokens)} tokens
          </span>
          <span>
            Encrypted by the provider: the lab counts it at the size the provider reported but cannot read it. Continuation recall and probes cannot see what it
            holds; only judged evaluation applies.
          </span>
        </div>
      )}
      {summary && open && (
        <div data-testid="pivot-summary" tabIndex={0} role="region" aria-label="Summary text" className="max-h-96 overflow-auto border-t border-fuchsia-200 bg-white/60 px-3 py-2">
          <InertMarkdown text={summary} />
          {fullChars !== undefined && fullChars > summary.length && source && <FullSummary source={source} chars={fullChars} />}
        </div>
      )}
    </div>
  );
}

const LEDGER_LABELS: Readonly<Record<string, string>> = {
  instruction: "user messages",
  rule: "rules",
  decision: "decisions",
  file: "files",
  command: "commands",
  error: "errors",
  fact: "names & numbers",
};

/**
 * The evidence strategy's ledger at this pivot: what it holds by kind (from the slim event's `ledgerCounts`, or
 * the full `details.evidence` of a stored run) and, on request, the ledger as the model is sent it.
 */
function LedgerLine({ end, source }: { end: Pivot["end"]; source?: { runId: string; step: number | "final" } }) {
  const [wanted, setWanted] = useState(false);
  const context = useQuery({ ...runQueries.context(source?.runId ?? "", source?.step ?? "final"), enabled: wanted && source !== undefined });
  const counts = ledgerCountsOf(end);
  if (!counts) return null;
  const kinds = Object.entries(LEDGER_LABELS).filter(([kind]) => (counts[kind as keyof LedgerCounts] ?? 0) > 0);
  const ledgerText = context.data?.messages
    .map((entry) => entry.message.parts.map((part) => (part.type === "text" ? part.text : "")).join("\n"))
    .find((text) => text.startsWith("[Evidence ledger"));
  return (
    <div data-testid="pivot-ledger" className="border-t border-black/5 px-3 py-1 text-xs text-slate-700">
      <span className="font-semibold text-teal-800">evidence ledger</span> · {formatCount(counts.messagesRead)} messages read ·{" "}
      {kinds.map(([kind, label]) => `${formatCount(counts[kind as keyof LedgerCounts] ?? 0)} ${label}`).join(" · ")}
      {counts.evicted > 0 && <span className="text-amber-800"> · {formatCount(counts.evicted)} evicted for the budget</span>}
      {source && !wanted && (
        <button type="button" data-testid="pivot-ledger-show" onClick={() => setWanted(true)} className="ml-2 font-medium text-teal-800 underline">
          show the ledger as sent
        </button>
      )}
      {wanted && context.error && <div className="text-red-700">Could not load the ledger: {toApiErrorBody(context.error).message}</div>}
      {wanted && !context.error && !context.data && <div className="text-slate-500">loading the ledger…</div>}
      {wanted && context.data && (
        <div data-testid="pivot-ledger-text" tabIndex={0} role="region" aria-label="Evidence ledger text" className="mt-1 max-h-96 overflow-auto rounded border border-teal-200 bg-white/70 px-2 py-1">
          {ledgerText ? <InertMarkdown text={ledgerText} /> : <span className="text-slate-500">the ledger is not in the context sent at this step</span>}
        </div>
      )}
    </div>
  );
}

function ledgerCountsOf(end: Pivot["end"]): LedgerCounts | null {
  const slim = (end as { ledgerCounts?: LedgerCounts }).ledgerCounts;
  if (slim) return slim;
  const evidence = end.details?.evidence;
  return evidence ? ledgerCounts(evidence) : null;
}

/**
 * The rest of a summary the timeline view cut: read from the context sent right after the pivot (its summary
 * message, as the model got it — wrapper text included), fetched only when asked for.
 */
function FullSummary({ source, chars }: { source: { runId: string; step: number | "final" }; chars: number }) {
  const [wanted, setWanted] = useState(false);
  const context = useQuery({ ...runQueries.context(source.runId, source.step), enabled: wanted });
  if (!wanted) {
    return (
      <button type="button" data-testid="pivot-full-summary" onClick={() => setWanted(true)} className="mt-1 text-xs font-medium text-fuchsia-800 underline">
        load the full summary ({formatCount(chars)} characters)
      </button>
    );
  }
  if (context.error) return <div className="text-xs text-red-700">Could not load the summary: {toApiErrorBody(context.error).message}</div>;
  if (!context.data) return <div className="text-xs text-slate-500">loading the full summary…</div>;
  const message = context.data.messages.find((entry) => entry.purpose === "summary")?.message;
  const text = message?.parts.map((part) => (part.type === "text" ? part.text : "")).join("\n") ?? "";
  return (
    <div data-testid="pivot-full-summary-text" className="mt-2 border-t border-fuchsia-200 pt-2">
      <div className="mb-1 text-xs font-semibold text-fuchsia-800">full summary as sent</div>
      <InertMarkdown text={text} />
    </div>
  );
}
