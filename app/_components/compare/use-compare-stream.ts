"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import type { CompareStreamLine } from "@/lib/api/compare-schemas";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { streamCompare } from "@/lib/client/compare-stream";
import { applyCompareLine, endCompareState, IDLE_COMPARE_STATE, startingCompareState, type CompareState } from "@/lib/client/compare-state";
import { cancelRun } from "@/lib/client/run-stream";
import { runKeys } from "@/lib/queries/run-queries";
import { useRememberedState } from "./use-remembered-state";

/** If the server has not ended the stream this long after a cancel, stop reading it. */
const CANCEL_GRACE_MS = 5_000;

/**
 * Starts a comparison, sweep or multi-session run and follows its NDJSON stream (see `applyCompareLine`). Lines
 * are applied once per animation frame: thirteen configurations over a long session send thousands of progress
 * lines. Cancel asks the run registry to cancel the running configurations (the server then ends the stream with
 * `cancelled` lines) and closes the request after a grace period, or at once before any run has an id. When the
 * stream ends, every touched session's run history is invalidated so the playground lists the new runs. The state
 * is remembered under `rememberKey` for the tab's life, so the results are still there after a visit to a run in
 * the playground.
 */
export function useCompareStream(rememberKey: string) {
  const queryClient = useQueryClient();
  // a page left mid-run closed its request (the server cancelled it): coming back shows it cancelled, not running
  const [state, setState] = useRememberedState<CompareState>(`stream:${rememberKey}`, IDLE_COMPARE_STATE, (remembered) =>
    remembered.phase === "starting" || remembered.phase === "running" ? endCompareState(remembered, { cancelled: true }) : remembered,
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

  const start = useCallback(
    async (options: { url: string; body: unknown; expected: { index: number; sessionId: string; label: string }[]; sessionIds: string[] }) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      pending.current = [];
      setState({ ...startingCompareState(options.expected), cancelling: false });
      try {
        await streamCompare({
          url: options.url,
          body: options.body,
          signal: abort.signal,
          onLine: (line) => {
            pending.current.push(line);
            if (frame.current === null) frame.current = requestAnimationFrame(flush);
          },
        });
        flush();
        setState((current) => endCompareState(current, { cancelled: abort.signal.aborted }));
      } catch (error) {
        flush();
        setState((current) => endCompareState(current, { cancelled: false, error: toApiErrorBody(error) }));
      } finally {
        if (controller.current === abort) controller.current = null;
        await Promise.all(options.sessionIds.map((sessionId) => queryClient.invalidateQueries({ queryKey: runKeys.session(sessionId) })));
      }
    },
    [queryClient, flush, setState],
  );

  const cancel = useCallback(() => {
    const abort = controller.current;
    if (!abort) return;
    // the configurations of one comparison share a controller on the server: cancelling one run cancels them all,
    // and the stream then ends with `cancelled` lines; without a run id yet, closing the request is the only way
    const running = latest.current.entries.filter((entry) => entry.runId && (entry.phase === "running" || entry.phase === "waiting"));
    if (running.length === 0) {
      abort.abort();
      return;
    }
    setState((current) => ({ ...current, cancelling: true }));
    for (const entry of running) void cancelRun(entry.runId!);
    setTimeout(() => abort.abort(), CANCEL_GRACE_MS);
  }, [setState]);

  return { state, start, cancel, busy: state.phase === "starting" || state.phase === "running" };
}
