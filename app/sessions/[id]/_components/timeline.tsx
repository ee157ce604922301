"use client";

import { useQuery } from "@tanstack/react-query";
import { memo, useCallback, useEffect, useMemo, useState } from "react";
import type { Message } from "@/lib/engine/model";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { sessionQueries } from "@/lib/query-hooks/session-queries";
import { ApiErrorView } from "@/app/_components/api-error-view";
import { formatCount } from "@/app/_components/format-number";
import type { RunOverlay } from "./build-run-overlay";
import { CompactHere } from "./compact-here";
import type { StepLookup } from "./create-step-lookup";
import { JumpToMessage } from "./jump-to-message";
import { MessageRow } from "./message-row";
import { PivotCard } from "./pivot-card";
import { PruneStrip } from "./prune-strip";
import { ToggleMemoryProvider } from "./remembered-toggle";
import { TimelineScroller } from "./timeline-scroller";
import { useMessagePages, type PagedMessage } from "./use-message-pages";

/** A request to bring message `index` into view; `nonce` makes a repeated jump to the same index count. */
export interface TimelineTarget {
  index: number;
  nonce: number;
}


const HIGHLIGHT_MS = 2_000;

/**
 * Every message of a session in a virtualized list. The list is as long as the session from the first page
 * on (unloaded rows are placeholders), so the scrollbar is honest; the pages under the viewport and a jump's
 * target page are fetched directly (see useMessagePages). Rows are measured as they render.
 *
 * Two levels: one virtualizer over the pages of MESSAGE_PAGE_SIZE messages (TimelineScroller), and one inside
 * each page on screen over its rows (TimelinePage, placed with the page's start as its scroll margin). A single list of
 * 100,000 rows recomputed every row below a newly measured one — 100,000 steps per measurement, long tasks all
 * the way down a long session; this way a measurement costs at most one page of rows and one step per page.
 */
export const Timeline = memo(function Timeline({
  sessionId,
  target,
  onJump,
  overlay,
  stepOf,
  onCompactHere,
  compactDisabled = false,
}: {
  sessionId: string;
  target: TimelineTarget | null;
  onJump: (index: number) => void;
  /** the selected run, drawn over the transcript: pivots, prunes, marks, messages no longer sent */
  overlay?: RunOverlay | null;
  /** the model call that produced a message (for "compact here") */
  stepOf?: StepLookup;
  onCompactHere?: (step: number, instructions: string) => void;
  compactDisabled?: boolean;
}) {
  const pages = useMessagePages(sessionId);
  const secrets = useQuery(sessionQueries.secrets(sessionId));
  // the kinds of credential found in each message, for its warning mark
  const secretsBySeq = useMemo(() => {
    const kinds = new Map<number, Set<string>>();
    for (const finding of secrets.data?.findings ?? []) if (finding.seq !== null) kinds.set(finding.seq, (kinds.get(finding.seq) ?? new Set()).add(finding.kind));
    return new Map([...kinds].map(([seq, set]) => [seq, [...set].join(", ")]));
  }, [secrets.data]);
  const { total, rowAt, estimateAt, estimatePage, want, loadedPages } = pages;
  const [highlight, setHighlight] = useState<number | null>(null);
  const [pending, setPending] = useState<TimelineTarget | null>(null);
  // the jump its page last scrolled to: a jump back into a loaded page that is not mounted (from #300 to #40) ended
  // before that page mounted, and the page never scrolled to its row
  const [jumped, setJumped] = useState<TimelineTarget | null>(null);

  // the page of a pending jump, fetched directly
  useEffect(() => {
    if (pending) want(pending.index, pending.index);
  }, [pending, want]);

  // a new jump: the scroller brings its page to the top at once (placeholders mark the way); that page's rows then
  // scroll to the row itself, and again once it has loaded
  useEffect(() => {
    if (target) setPending(target);
  }, [target]);
  useEffect(() => {
    // ended once the target page has scrolled to the row (it reports it: onJumped) and the row has loaded
    if (!pending || !rowAt(pending.index) || jumped !== pending) return;
    setPending(null);
    setHighlight(pending.index);
  }, [pending, rowAt, loadedPages, jumped]);
  useEffect(() => {
    if (highlight === null) return;
    const timer = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);

  // stable for the memoized pages: they re-render when a row's inputs change, not on every render of the list
  const renderRow = useCallback(
    (index: number) => {
      const row = rowAt(index);
      return row ? (
        <TimelineRow
          seq={row.seq}
          tokens={row.tokens}
          message={asMessage(row)!}
          overlay={overlay ?? null}
          step={stepOf?.(row.seq) ?? null}
          onJump={onJump}
          onCompactHere={onCompactHere}
          compactDisabled={compactDisabled}
          secretKinds={secretsBySeq.get(row.seq)}
        />
      ) : (
        <RowPlaceholder index={index} />
      );
    },
    [rowAt, overlay, stepOf, onJump, onCompactHere, compactDisabled, secretsBySeq],
  );

  if (pages.firstError) {
    return <ApiErrorView title="Could not load the messages" error={toApiErrorBody(pages.firstError)} />;
  }

  return (
    <section className="space-y-1.5" aria-label="Timeline">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <h2 className="text-sm font-semibold">Timeline</h2>
        <span className="text-xs text-slate-500" data-testid="timeline-status">
          {pages.isPending
            ? "loading messages…"
            : `${formatCount(total)} messages · ${formatCount(pages.loaded)} loaded${pages.isFetching ? " · loading more…" : ""}`}
        </span>
        {pages.error && <span className="text-xs text-red-700">Loading stopped: {toApiErrorBody(pages.error).message}</span>}
        <div className="ml-auto">{total > 0 && <JumpToMessage messageCount={total} onJump={onJump} />}</div>
      </div>
      <ToggleMemoryProvider>
        <TimelineScroller
          total={total}
          loaded={pages.loaded}
          overlayStep={overlay ? overlay.viewStep : null}
          estimatePage={estimatePage}
          estimateAt={estimateAt}
          want={want}
          target={target}
          pending={pending}
          onJumped={setJumped}
          highlight={highlight}
          renderRow={renderRow}
          loadedPages={loadedPages}
        />
      </ToggleMemoryProvider>
    </section>
  );
});

/** A message with what the selected run did around it: prunes and pivots before it, the cut mark, its marks. */
const TimelineRow = memo(function TimelineRow(props: {
  seq: number;
  tokens: number;
  message: Message;
  overlay: RunOverlay | null;
  step: number | null;
  onJump: (index: number) => void;
  onCompactHere?: (step: number, instructions: string) => void;
  compactDisabled: boolean;
  /** kinds of unredacted credential in this message, joined */
  secretKinds?: string;
}) {
  const { seq, overlay, step, onCompactHere } = props;
  const rowOverlay = overlay?.row(seq, props.message.id);
  return (
    <>
      {rowOverlay?.prunes.map((event, index) => <PruneStrip key={`p${index}`} event={event} />)}
      {rowOverlay?.pivots.map((pivot, index) => (
        <PivotCard
          key={`c${index}`}
          pivot={pivot}
          onJump={props.onJump}
          source={overlay?.runId ? { runId: overlay.runId, step: pivot.step < overlay.stepCount ? pivot.step : "final" } : undefined}
        />
      ))}
      {rowOverlay && rowOverlay.cutOf.length > 0 && (
        <div data-testid="cut-marker" className="mx-3 mt-1 flex items-center gap-2 text-xs font-semibold text-fuchsia-800">
          <span className="h-px flex-1 border-t-2 border-dashed border-fuchsia-400" />
          ✂ cut: first message kept verbatim after the compaction at call {rowOverlay.cutOf.map((pivot) => pivot.step).join(", ")}
          <span className="h-px flex-1 border-t-2 border-dashed border-fuchsia-400" />
        </div>
      )}
      {rowOverlay && rowOverlay.protectedStarts.length > 0 && overlay?.protection && (
        <div data-testid="protected-start" className="mx-3 mt-1 flex flex-wrap items-center gap-2 text-xs font-semibold text-teal-800">
          <span className="h-px w-4 border-t-2 border-teal-400" />
          protected from here (decided before call {overlay.protection.step}):{" "}
          {rowOverlay.protectedStarts.join(" · ")}
          <span className="h-px flex-1 border-t-2 border-teal-400" />
        </div>
      )}
      <div
        className="relative"
        data-testid={rowOverlay && rowOverlay.protectedBy.length > 0 ? "protected-band" : undefined}
        data-protected={rowOverlay && rowOverlay.protectedBy.length > 0 ? rowOverlay.protectedBy.join("; ") : undefined}
        data-split-turn={rowOverlay && rowOverlay.splitTurnOf.length > 0 ? rowOverlay.splitTurnOf.map((pivot) => pivot.step).join(",") : undefined}
      >
        <MessageRow
          seq={seq}
          tokens={props.tokens}
          message={props.message}
          overlay={rowOverlay}
          secretKinds={props.secretKinds}
          actions={
            step !== null && onCompactHere ? <CompactHere step={step} onCompact={onCompactHere} disabled={props.compactDisabled} /> : undefined
          }
        />
        {rowOverlay && rowOverlay.protectedBy.length > 0 && (
          <span aria-hidden className="pointer-events-none absolute inset-y-0 right-0 w-1.5 bg-teal-400/70" title={rowOverlay.protectedBy.join("; ")} />
        )}
        {rowOverlay && rowOverlay.splitTurnOf.length > 0 && (
          <span aria-hidden className="pointer-events-none absolute inset-y-0 right-2 w-1.5 bg-orange-400/70" />
        )}
      </div>
    </>
  );
});

/** The API sends the canonical model (lib/engine/model.ts) as a plain record. */
function asMessage(row: PagedMessage | undefined): Message | undefined {
  return row?.message as unknown as Message | undefined;
}

function RowPlaceholder({ index }: { index: number }) {
  return (
    <div data-testid="message-placeholder" className="flex h-16 items-center gap-2 bg-white px-3 text-xs text-slate-500">
      <span className="font-mono">#{index}</span>
      <span className="h-2 w-1/3 animate-pulse rounded bg-slate-200" />
    </div>
  );
}
