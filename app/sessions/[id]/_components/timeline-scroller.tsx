"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useCallback, useEffect, useRef, type ReactNode } from "react";
import { MESSAGE_PAGE_SIZE, pageOf } from "@/lib/query-hooks/session-queries";
import type { TimelineTarget } from "./timeline";
import { TIMELINE_INITIAL_RECT, TimelinePage } from "./timeline-page";

/**
 * The scroller and its virtualizer over pages, apart from the data: a scroll re-renders this and the pages on
 * screen, not the timeline that holds every wanted page's query (that render walked all of them, on every scroll
 * event, and grew with each page read).
 */
export const TimelineScroller = memo(function TimelineScroller({
  total,
  loaded,
  overlayStep,
  estimatePage,
  estimateAt,
  want,
  target,
  pending,
  onJumped,
  highlight,
  renderRow,
  loadedPages,
}: {
  total: number;
  loaded: number;
  overlayStep: number | "final" | null;
  estimatePage: (page: number) => number;
  estimateAt: (index: number) => number;
  want: (from: number, to: number) => void;
  target: TimelineTarget | null;
  pending: TimelineTarget | null;
  onJumped: (jump: TimelineTarget) => void;
  highlight: number | null;
  renderRow: (index: number) => ReactNode;
  loadedPages: number;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const virtualizer = useVirtualizer({
    count: Math.ceil(total / MESSAGE_PAGE_SIZE),
    getScrollElement,
    estimateSize: estimatePage,
    overscan: 0,
    initialRect: TIMELINE_INITIAL_RECT,
  });
  // a page the viewport is inside keeps the reader's place itself (its rows' virtualizer moves the scroll for a row
  // above the viewport that changed height); only a page wholly above moves it here, so no change counts twice
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item, _delta, instance) => item.end <= (instance.scrollOffset ?? 0);

  // a new jump: its page to the top at once
  useEffect(() => {
    if (target) virtualizer.scrollToIndex(pageOf(target.index), { align: "start" });
  }, [target, virtualizer]);

  return (
    // contain: strict makes the scroller a layout boundary (its size is set, not taken from the rows): rows mounting
    // and being measured while scrolling re-lay out the scroller, not the page around it
    <div
      ref={scrollRef}
      data-testid="timeline"
      data-total={total}
      data-run-overlay={overlayStep === null ? undefined : String(overlayStep)}
      data-loaded={loaded}
      className="h-[72vh] min-h-96 overflow-auto rounded border border-slate-200 bg-slate-100 [contain:strict] [overflow-anchor:none]"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="absolute top-0 left-0 w-full"
            style={{ transform: `translateY(${item.start}px)` }}
          >
            <TimelinePage
              page={item.index}
              start={item.start}
              rows={Math.min(MESSAGE_PAGE_SIZE, total - item.index * MESSAGE_PAGE_SIZE)}
              getScrollElement={getScrollElement}
              estimateAt={estimateAt}
              want={want}
              jumpTo={pending && pageOf(pending.index) === item.index ? pending : null}
              onJumped={onJumped}
              highlight={highlight}
              renderRow={renderRow}
              version={loadedPages}
            />
          </div>
        ))}
      </div>
    </div>
  );
});
