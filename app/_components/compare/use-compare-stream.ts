"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import type { CompareStreamLine } from "@/lib/api/contracts/compare-schemas";
import { ApiRequestError, toApiErrorBody } from "@/lib/client/api-request-error";
import { streamCompare } from "@/lib/client/compare-stream";
import { applyCompareLine, endCompareState, IDLE_COMPARE_STATE, startingCompareState, type CompareState } from "@/lib/client/compare-state";
import { cancelComparison } from "@/lib/client/run-stream";
import { getNdjson } from "@/lib/client/post-ndjson";
import { runKeys } from "@/lib/query-hooks/run-queries";
import { useRememberedState } from "./use-remembered-state";

/** If the server has not ended the stream this long after a cancel, stop reading it. */
const CANCEL_GRACE_MS = 5_000;

/** A broken stream is followed again up to this many times in a row, after 1, 2, 4, 5, 5 … s. */
const MAX_RECONNECTS = 20;
const RECONNECT_BASE_MS = 1_000;
const RECONNECT_MAX_MS = 5_000;

/** The page's query parameter naming the comparison it follows (so a reload follows it again). */
export const COMPARISON_PARAM = "comparison";

/**
 * Starts a comparison, sweep or multi-session run and follows its NDJSON stream (see `applyCompareLine`). Lines
 * are applied once per animation frame: thirteen configurations over a long session send thousands of progress
 * lines. The comparison is stored as jobs on the server: its id goes into the page's URL (`?comparison=`), and a
 * page opened with it — a reload, a link — follows it again from the database (GET /api/comparisons/:id/stream:
 * the rows already done, then the rest). Cancel cancels the comparison as a whole (POST
 * /api/comparisons/:id/cancel; the server then ends the stream with `cancelled` lines) and stops reading after a
 * grace period. A stream that breaks (the network, a web instance restarting) is followed again by id after a
 * pause, without a reload. When the stream ends, every touched session's run history is invalidated so the playground lists the
 * new runs. The state is remembered under `rememberKey` for the tab's life, so the results are still there after a
 * visit to a run in the playground.
 */
export function useCompareStream(rememberKey: string) {
  const queryClient = useQueryClient();
  // a page left mid-run stopped reading (the jobs went on): coming back follows the comparison again, see below
  const [state, setState] = useRememberedState<CompareState>(`stream:${rememberKey}`, IDLE_COMPARE_STATE, (remembered) =>
    (remembered.phase === "starting" || remembered.phase === "running") && !remembered.comparisonId ? endCompareState(remembered, { cancelled: true }) : remembered,
  );
  const controller = useRef<AbortController | null>(null);
  const pending = useRef<CompareStreamLine[]>([]);
  const frame = useRef<number | null>(null);
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  useEffect(() => () => controller.current?.abort(), []);

  const flush = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    const lines = pending.current;
    pending.current = [];
    if (lines.length > 0) setState((current) => lines.reduce(applyCompareLine, current));
  }, []);

  const read = useCallback(
    async (options: { url: string; body?: unknown; expected: { index: number; sessionId: string; label: string }[]; sessionIds: string[]; reconnects?: number }) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      pending.current = [];
      setState({ ...startingCompareState(options.expected), cancelling: false });
      let comparisonId: string | null = null;
      const onLine = (line: CompareStreamLine) => {
        if (line.type === "started" && line.comparisonId) {
          comparisonId = line.comparisonId;
          rememberInUrl(line.comparisonId);
        }
        pending.current.push(line);
        if (frame.current === null) frame.current = requestAnimationFrame(flush);
      };
      try {
        if (options.body === undefined) await getNdjson<CompareStreamLine>({ url: options.url, signal: abort.signal, onLine });
        else await streamCompare({ url: options.url, body: options.body, signal: abort.signal, onLine });
        flush();
        setState((current) => endCompareState(current, { cancelled: abort.signal.aborted }));
      } catch (error) {
        flush();
        // the stream broke (the network, a server restarting): the comparison goes on in its jobs, so follow it
        // again from the database after a pause, without a reload (a refusal, 4xx, is not retried)
        const reconnects = options.reconnects ?? 0;
        if (comparisonId && !abort.signal.aborted && isBrokenStream(error) && reconnects < MAX_RECONNECTS) {
          await new Promise((resolve) => setTimeout(resolve, Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** reconnects)));
          if (controller.current === abort && !abort.signal.aborted) {
            void read({ url: `/api/comparisons/${encodeURIComponent(comparisonId)}/stream`, expected: [], sessionIds: options.sessionIds, reconnects: reconnects + 1 });
            return;
          }
        }
        setState((current) => endCompareState(current, { cancelled: false, error: toApiErrorBody(error) }));
      } finally {
        if (controller.current === abort) controller.current = null;
        await Promise.all(options.sessionIds.map((sessionId) => queryClient.invalidateQueries({ queryKey: runKeys.session(sessionId) })));
      }
    },
    [queryClient, flush, setState],
  );

  const start = useCallback(
    (options: { url: string; body: unknown; expected: { index: number; sessionId: string; label: string }[]; sessionIds: string[] }) => read(options),
    [read],
  );

  /** Follows a stored comparison (from the page's URL after a reload, or one left running). */
  const follow = useCallback(
    (comparisonId: string, sessionIds: string[]) => read({ url: `/api/comparisons/${encodeURIComponent(comparisonId)}/stream`, expected: [], sessionIds }),
    [read],
  );

  // a page opened on `?comparison=<id>` (a reload), or a remembered comparison still going: follow it again
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    const fromUrl = new URLSearchParams(window.location.search).get(COMPARISON_PARAM);
    const current = latest.current;
    const going = (current.phase === "starting" || current.phase === "running") && current.comparisonId;
    const id = going ? current.comparisonId! : fromUrl && (current.comparisonId !== fromUrl || current.phase === "idle") ? fromUrl : null;
    if (id) void follow(id, [...new Set(current.entries.map((entry) => entry.sessionId))]);
  }, [follow]);

  const cancel = useCallback(() => {
    const abort = controller.current;
    if (!abort) return;
    // the comparison's jobs are cancelled as a whole; the stream then ends with `cancelled` lines. Without its id
    // yet (the request is still being refused or stored), closing the request is the only way
    const comparisonId = latest.current.comparisonId;
    if (!comparisonId) {
      abort.abort();
      return;
    }
    setState((current) => ({ ...current, cancelling: true }));
    void cancelComparison(comparisonId);
    setTimeout(() => abort.abort(), CANCEL_GRACE_MS);
  }, [setState]);

  return { state, start, follow, cancel, busy: state.phase === "starting" || state.phase === "running" };
}

/** A stream that broke rather than was refused: no answer, a gateway's 5xx, or the body cut off mid-read. */
function isBrokenStream(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.status === 0 || error.status >= 500;
  return error instanceof TypeError || (error instanceof Error && error.name !== "AbortError");
}

/** Puts the comparison's id in the page's URL (replacing the entry: no extra history step), so a reload follows it. */
function rememberInUrl(comparisonId: string): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get(COMPARISON_PARAM) === comparisonId) return;
  url.searchParams.set(COMPARISON_PARAM, comparisonId);
  window.history.replaceState(window.history.state, "", url);
}
