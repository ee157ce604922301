"use client";

import { useState } from "react";
import type { PreviewView } from "@/lib/client/run-views";
import { formatCount } from "@/app/_components/format-number";
import { percentChange } from "./build-run-overlay";
import { InertMarkdown } from "./inert-markdown";
import { ProtectedList } from "./prune-strip";

const SHOWN_PARTS = 6;

/** The instant preview: tokens before → after, where the cut falls, what would be pruned; the summary on demand. */
export function PreviewSummary({
  preview,
  loading,
  error,
  onJump,
  at,
  forced,
  reserve,
}: {
  preview: PreviewView | undefined;
  loading: boolean;
  error: string | null;
  onJump: (index: number) => void;
  /** where the forced compaction is previewed: before model call `step`, or after the last message (null) */
  at?: { step: number | null; modelCalls: number; onChange: (step: number | null) => void };
  /** whether the preview forces a compaction (a manual one) or shows what the strategy does there on its own */
  forced?: { on: boolean; onChange: (forced: boolean) => void };
  /** the strategy's output + buffer reserve when the window is no larger than it (its trigger is then zero or below) */
  reserve?: number | null;
}) {
  if (!preview) {
    return (
      <div data-testid="preview" data-state={error ? "error" : "loading"} className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-500">
        {error ? <span className="text-red-700">Preview failed: {error}</span> : "computing the preview…"}
        {at && <AtStepControl at={at} />}
      </div>
    );
  }
  const saved = preview.tokensBefore - preview.tokensAfter;
  const pruned = [...preview.pruned].sort((a, b) => (b.tokensFreed ?? 0) - (a.tokensFreed ?? 0));
  const prunedTokens = pruned.reduce((sum, part) => sum + (part.tokensFreed ?? 0), 0);
  const compacted = preview.compacted;
  const idle = preview.mode === "as-configured" && !compacted;
  const protectedRegions = preview.events.flatMap((event) =>
    event.type === "prune" || event.type === "compaction-end" || event.type === "trim" ? (event.protected ?? []) : [],
  );
  const splitTurn = preview.events.flatMap((event) => (event.type === "compaction-end" && event.splitTurn ? [event.splitTurn] : []))[0];
  return (
    <div
      data-testid="preview"
      data-state={loading ? "loading" : error ? "error" : "ready"}
      data-tokens-after={preview.tokensAfter}
      data-mode={preview.mode}
      data-compacted={compacted}
      className={`space-y-2 rounded-md border border-violet-200 bg-violet-50/60 px-3 py-2 transition-opacity ${loading ? "opacity-70" : ""}`}
    >
      <div className="flex items-baseline justify-between text-xs text-violet-900">
        <span className="font-semibold uppercase tracking-wide">Preview</span>
        <span className="text-violet-700" data-testid="preview-position">
          {at?.step !== null && at?.step !== undefined
            ? `before call ${at.step}`
            : preview.atStep !== null && preview.totalSteps !== null && preview.atStep < preview.totalSteps
              ? `before call ${preview.atStep}`
              : "after the last message"}
          {loading && " · updating…"}
        </span>
      </div>
      {at && <AtStepControl at={at} />}
      {idle && (
        <p data-testid="preview-no-compaction" className="rounded border border-slate-200 bg-white px-2 py-1 text-xs text-slate-700">
          Would not compact {at?.step !== null && at?.step !== undefined ? `at step ${formatCount(at.step)}` : "after the last message"}{" "}
          (context {formatCount(preview.tokensBefore)}
          {preview.autoTrigger === null
            ? ", no automatic trigger reached"
            : preview.autoTrigger <= 0
              ? `; the window is no larger than the strategy's output + buffer reserve${reserve ? ` (${formatCount(reserve)})` : ""}, so it compacts before every call — here its guard has stopped it, see its guard events`
              : preview.tokensBefore < preview.autoTrigger
              ? ` of trigger ${formatCount(preview.autoTrigger)}`
              : `, past its trigger ${formatCount(preview.autoTrigger)}: held back by the strategy — see its guard and warning events`}).
          {forced && (
            <>
              {" "}
              <button type="button" data-testid="preview-force" onClick={() => forced.onChange(true)} className="font-medium text-violet-800 underline">
                Preview a forced compaction here
              </button>
            </>
          )}
        </p>
      )}
      {preview.mode === "forced" && forced?.on && (
        <p data-testid="preview-forced" className="text-xs text-violet-900">
          Forced: a manual compaction at this point, whatever the trigger says.{" "}
          <button type="button" data-testid="preview-as-configured" onClick={() => forced.onChange(false)} className="font-medium underline">
            Show what the strategy would do
          </button>
        </p>
      )}
      <div className="flex items-baseline gap-2 tabular-nums" data-testid="preview-tokens">
        <span className="text-lg font-semibold text-slate-500">{formatCount(preview.tokensBefore)}</span>
        <span className="text-slate-500">→</span>
        <span className="text-2xl font-bold text-violet-900">{formatCount(preview.tokensAfter)}</span>
        <span className={`text-sm font-semibold ${saved > 0 ? "text-emerald-700" : "text-slate-500"}`}>{percentChange(preview.tokensBefore, preview.tokensAfter) || "±0%"}</span>
      </div>
      {error && <div className="text-xs text-red-700">Latest preview failed: {error}</div>}
      <ul className="space-y-1 text-xs text-slate-700">
        <li>
          {compacted ? (
            preview.firstKept?.seq !== null && preview.firstKept?.seq !== undefined ? (
              <>
                ✂ cut falls before{" "}
                <button type="button" data-testid="preview-cut" onClick={() => onJump(preview.firstKept!.seq!)} className="font-semibold text-violet-800 underline decoration-dotted">
                  message #{preview.firstKept.seq}
                </button>{" "}
                — everything earlier is summarized
              </>
            ) : (
              "✂ everything is summarized (nothing kept verbatim)"
            )
          ) : idle ? null : (
            <span className="text-slate-500">no summary or trim at this point</span>
          )}
        </li>
        {preview.plan?.reason && <li className="text-slate-500">why: {preview.plan.reason}</li>}
        {protectedRegions.length > 0 && (
          <li data-testid="preview-protected">
            <ProtectedList regions={dedupe(protectedRegions)} />
          </li>
        )}
        {splitTurn && (
          <li data-testid="preview-split-turn" className="text-orange-800">
            split turn: the turn from{" "}
            <button type="button" onClick={() => onJump(splitTurn.fromIndex)} className="font-semibold underline decoration-dotted">
              message #{splitTurn.fromIndex}
            </button>{" "}
            is cut; its first {formatCount(splitTurn.messages)} messages are summarized on their own
          </li>
        )}
        <li data-testid="preview-pruned" data-count={pruned.length}>
          {pruned.length === 0 ? (
            <span className="text-slate-500">no tool output pruned</span>
          ) : (
            <>
              <span className="font-semibold text-rose-800">
                {formatCount(pruned.length)} tool parts pruned (−{formatCount(prunedTokens)} tok)
              </span>
              <span className="mt-0.5 flex flex-wrap gap-1">
                {pruned.slice(0, SHOWN_PARTS).map((part) => (
                  <button
                    key={`${part.messageId}:${part.partIndex}`}
                    type="button"
                    disabled={part.seq === null}
                    onClick={() => part.seq !== null && onJump(part.seq)}
                    className="rounded border border-rose-200 bg-white px-1.5 font-mono text-[11px] text-rose-900 hover:bg-rose-50"
                  >
                    #{part.seq ?? "?"} {part.kind} −{formatCount(part.tokensFreed ?? 0)}
                  </button>
                ))}
                {pruned.length > SHOWN_PARTS && <span className="text-slate-500">+{formatCount(pruned.length - SHOWN_PARTS)} more</span>}
              </span>
            </>
          )}
        </li>
      </ul>
      {preview.summaryPreview && <SummaryPreview text={preview.summaryPreview} />}
    </div>
  );
}

/** The same rule reported by two pruners of one decision (nous' soft-trim and hard-clear) is listed once. */
function dedupe<T>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = JSON.stringify(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The extractive stand-in summary, parsed only once opened (a closed <details> still renders its children). */
function SummaryPreview({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="text-xs" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-medium text-violet-800">summary preview (extractive stand-in)</summary>
      {open && (
        <div tabIndex={0} className="mt-1 max-h-64 overflow-auto rounded border border-violet-100 bg-white px-2 py-1">
          <InertMarkdown text={text} />
        </div>
      )}
    </details>
  );
}

/**
 * Where the preview forces its compaction. After the last message, a strategy that summarizes everything
 * (opencode) hides what its pruning did along the way; before an earlier call the preview replays up to there —
 * prunes and compactions included — and shows the parts pruned at that call.
 */
function AtStepControl({ at }: { at: { step: number | null; modelCalls: number; onChange: (step: number | null) => void } }) {
  const last = Math.max(0, at.modelCalls - 1);
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-violet-900" data-testid="preview-at">
      <label htmlFor="preview-at-step-input">at step</label>
      <input
        id="preview-at-step-input"
        data-testid="preview-at-step-input"
        type="number"
        min={0}
        max={last}
        value={at.step ?? ""}
        placeholder="end"
        onChange={(event) => {
          const value = event.target.value;
          if (value === "") at.onChange(null);
          else if (Number.isInteger(Number(value))) at.onChange(Math.min(last, Math.max(0, Number(value))));
        }}
        className="w-20 rounded border border-violet-300 bg-white px-1 py-px tabular-nums"
      />
      <span className="text-violet-700">of {formatCount(at.modelCalls)} calls</span>
      {at.step !== null && (
        <button type="button" data-testid="preview-at-end" onClick={() => at.onChange(null)} className="text-violet-700 underline">
          end
        </button>
      )}
    </div>
  );
}
