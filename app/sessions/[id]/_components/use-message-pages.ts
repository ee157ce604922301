"use client";

import { useQueries } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import type { MessagePage } from "@/lib/api/contracts/schemas";
import type { Message } from "@/lib/engine/model";
import { MESSAGE_PAGE_SIZE, pageOf, sessionQueries } from "@/lib/query-hooks/session-queries";
import { estimateRowHeight } from "./estimate-row-height";

export type PagedMessage = MessagePage["messages"][number];

/**
 * The timeline's pages, fetched by number: `want(from, to)` asks for the pages covering those message
 * indexes, each one request (the cursor is the seq), in any order — so scrolling to the end or jumping to
 * message 9,000 loads that page, not the 36 before it. Pages once wanted stay subscribed (a session never
 * changes; the rows are what the reader scrolls back through). Page 0 is always wanted: it says the total.
 */
export function useMessagePages(sessionId: string) {
  const [wanted, setWanted] = useState<readonly number[]>([0]);
  // the same options array until a page is added: useQueries then leaves its observers alone between renders
  const queries = useMemo(() => wanted.map((page) => sessionQueries.messagePage(sessionId, page)), [sessionId, wanted]);
  const results = useQueries({ queries });

  // `results` is a new array every render; what changes is which pages have data, and when they got it
  const signature = results.map((result) => result.dataUpdatedAt).join(",");
  const pageByNumber = useMemo(() => {
    const pages = new Map<number, MessagePage>();
    results.forEach((result, position) => {
      if (result.data) pages.set(wanted[position], result.data);
    });
    return pages;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, signature]);

  const first = results[0];
  const total = first?.data?.total ?? 0;
  const pageCount = Math.ceil(total / MESSAGE_PAGE_SIZE);

  const rowAt = useCallback(
    (index: number): PagedMessage | undefined => {
      const page = pageByNumber.get(pageOf(index));
      if (!page) return undefined;
      const row = page.messages[index - pageOf(index) * MESSAGE_PAGE_SIZE];
      // seqs are the canonical indexes, so this holds; a gap would show the row's own seq, never a wrong one
      return row?.seq === index ? row : page.messages.find((candidate) => candidate.seq === index);
    },
    [pageByNumber],
  );

  // the virtualizers ask for every unmeasured row's (and page's) estimate below a measured one on each pass: each
  // page's estimates and their sum are worked out once, when it arrives, and looked up after that
  const estimateAt = useCallback(
    (index: number): number => {
      const page = pageByNumber.get(pageOf(index));
      return page ? estimatesOf(page).rows[index - pageOf(index) * MESSAGE_PAGE_SIZE] ?? UNLOADED_ROW_ESTIMATE : UNLOADED_ROW_ESTIMATE;
    },
    [pageByNumber],
  );
  const estimatePage = useCallback(
    (page: number): number => {
      const loaded = pageByNumber.get(page);
      return loaded ? estimatesOf(loaded).total : Math.max(0, Math.min(MESSAGE_PAGE_SIZE, total - page * MESSAGE_PAGE_SIZE)) * UNLOADED_ROW_ESTIMATE;
    },
    [pageByNumber, total],
  );

  const want = useCallback(
    (from: number, to: number) => {
      if (pageCount === 0) return;
      const first = Math.max(0, pageOf(Math.max(0, from)));
      const last = Math.min(pageCount - 1, pageOf(Math.max(0, to)));
      setWanted((current) => {
        const missing: number[] = [];
        for (let page = first; page <= last; page++) if (!current.includes(page)) missing.push(page);
        return missing.length === 0 ? current : [...current, ...missing];
      });
    },
    [pageCount],
  );

  let loaded = 0;
  for (const page of pageByNumber.values()) loaded += page.messages.length;
  return {
    total,
    rowAt,
    /** first guess at row `index`'s height (see estimateRowHeight), cheap enough to ask for every row */
    estimateAt,
    /** first guess at page `page`'s height: its rows' estimates added up */
    estimatePage,
    want,
    /** changes whenever a page arrives (for effects that wait on a row) */
    loadedPages: pageByNumber.size,
    loaded,
    isPending: first?.isPending ?? true,
    isFetching: results.some((result) => result.isFetching),
    /** the first page failed: there is nothing to show */
    firstError: first?.error ?? null,
    /** a later page failed */
    error: results.find((result) => result.error)?.error ?? null,
  };
}

const UNLOADED_ROW_ESTIMATE = estimateRowHeight(undefined);
const estimatesByPage = new WeakMap<MessagePage, { rows: Float64Array; total: number }>();

/**
 * Row height estimates of a page, by position in the page, and their sum (pages are immutable query data, so
 * kept per object).
 */
function estimatesOf(page: MessagePage): { rows: Float64Array; total: number } {
  let estimates = estimatesByPage.get(page);
  if (!estimates) {
    const rows = new Float64Array(page.messages.length);
    let total = 0;
    page.messages.forEach((row, position) => (total += rows[position] = estimateRowHeight(row.message as unknown as Message)));
    estimates = { rows, total };
    estimatesByPage.set(page, estimates);
  }
  return estimates;
}
