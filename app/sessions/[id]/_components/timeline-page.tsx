"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, type ReactNode } from "react";
import { MESSAGE_PAGE_SIZE } from "@/lib/query-hooks/session-queries";

/**
 * The scroller's size until it is measured: on the server (which renders the first rows into the page's HTML) and in
 * the hydrating render, which must match it. About 72vh of a laptop's window; the real size replaces it on mount.
 */
export const TIMELINE_INITIAL_RECT = { width: 880, height: 720 };

/** Start fetching the next page when the viewport comes this close to the last loaded message. */
const PREFETCH_ROWS = 60;

/**
 * One page of the timeline on screen: its rows in a virtualizer of their own, sharing the timeline's scroller and
 * offset by the page's start (`scrollMargin`), so only the rows under the viewport render and a row's measurement
 * re-lays out this page's rows, not the session's. Asks for the pages its visible rows (± {@link PREFETCH_ROWS})
 * fall in, and scrolls to a pending jump's row when it is in this page — on mount and again once it has loaded.
 */
export const TimelinePage = memo(function TimelinePage({
  page,
  start,
  rows,
  getScrollElement,
  estimateAt,
  want,
  jumpTo,
  onJumped,
  highlight,
  renderRow,
  version,
}: {
  page: number;
  /** the page's offset in the scroller */
  start: number;
  /** messages in this page */
  rows: number;
  getScrollElement: () => HTMLDivElement | null;
  estimateAt: (index: number) => number;
  want: (from: number, to: number) => void;
  /** a jump to a message of this page, until that message has loaded */
  jumpTo: { index: number; nonce: number } | null;
  /** this page scrolled to `jumpTo`'s row (the timeline ends the jump once that row has loaded) */
  onJumped: (jump: { index: number; nonce: number }) => void;
  /** the message to ring, if it is here */
  highlight: number | null;
  renderRow: (index: number) => ReactNode;
  /** changes when a page of messages arrives */
  version: number;
}) {
  const first = page * MESSAGE_PAGE_SIZE;
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement,
    estimateSize: (index) => estimateAt(first + index),
    scrollMargin: start,
    // rows past the viewport each side: every row mounts and is measured in the task that scrolled to it, so a
    // few (a wheel notch or two) rather than a screenful
    overscan: 3,
    // a virtualizer writes its offset to the scroller when it attaches: a page mounting mid-scroll must start from
    // where the scroller is, not from 0 (which sent the reader back to the top)
    initialOffset: () => getScrollElement()?.scrollTop ?? 0,
    // rows on the server too (see TIMELINE_INITIAL_RECT)
    initialRect: TIMELINE_INITIAL_RECT,
  });
  const items = virtualizer.getVirtualItems();
  const firstVisible = items.length > 0 ? first + items[0].index : first;
  const lastVisible = items.length > 0 ? first + items[items.length - 1].index : first;
  useEffect(() => {
    want(firstVisible - PREFETCH_ROWS, lastVisible + PREFETCH_ROWS);
  }, [firstVisible, lastVisible, want]);
  useEffect(() => {
    if (!jumpTo) return;
    virtualizer.scrollToIndex(jumpTo.index - first, { align: "start" });
    onJumped(jumpTo);
  }, [jumpTo, first, version, virtualizer, onJumped]);

  return (
    <div className="relative w-full" data-testid="timeline-page" data-page={page} style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => (
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          className={`absolute top-0 left-0 w-full border-b border-slate-200 ${highlight === first + item.index ? "ring-2 ring-blue-500 ring-inset" : ""}`}
          style={{ transform: `translateY(${item.start - start}px)` }}
        >
          {renderRow(first + item.index)}
        </div>
      ))}
    </div>
  );
});
