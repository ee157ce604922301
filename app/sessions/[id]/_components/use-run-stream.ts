"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { RunRequest, RunStreamLine, RunSummary } from "@/lib/api/contracts/run-schemas";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { cancelRun, followRunStream, streamRun } from "@/lib/client/run-stream";
import { runKeys } from "@/lib/query-hooks/run-queries";

/** Events kept for the live log (the stored run has them all). */
const LOG_LIMIT = 200;
/** If the server has not ended the stream this long after a cancel, stop reading it. */
const CANCEL_GRACE_MS = 5_000;

export interface RunStreamState {
  phase: "idle" | "starting" | "running" | "done" | "failed" | "cancelled";
  runId: string | null;
  step: number;
  totalSteps: number;
  events: Record<string, unknown>[];
  eventCount: number;
  run: RunSummary | null;
  error: { code: string; message: string } | null;
  cancelling: boolean;
  /** waiting for a worker: the run's position in the job queue, and each worker process's concurrency */
  queued: { position: number; limit: number } | null;
}

const IDLE: RunStreamState = { phase: "idle", runId: null, step: 0, totalSteps: 0, events: [], eventCount: 0, run: null, error: null, cancelling: false, queued: null };

/**
 * Starts a run (or follows a stored one: `follow`) and reads its NDJSON stream: progress for the bar, events for
 * the live log, the stored run at the end. Runs are jobs on the server: leaving the page stops reading, not the run. Lines are applied once per animation frame (a long run sends thousands). When the run ends,
 * the session's run history is invalidated and `onFinished` gets the run id.
 */
export function useRunStream(sessionId: string, onFinished: (runId: string) => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RunStreamState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const pending = useRef<RunStreamLine[]>([]);
  const frame = useRef<number | null>(null);
  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  });
  useEffect(() => () => controller.current?.abort(), []);

  const flush = useCallback(() => {
    frame.current = null;
    const lines = pending.current;
    pending.current = [];
    if (lines.length > 0) setState((current) => lines.reduce(applyLine, current));
  }, []);

  const read = useCallback(
    async (source: { request: RunRequest } | { runId: string }) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ ...IDLE, phase: "starting", runId: "runId" in source ? source.runId : null });
      let finalRunId: string | null = null;
      const onLine = (line: RunStreamLine) => {
        if (line.type === "started") finalRunId = line.runId;
        if ((line.type === "done" || line.type === "error") && line.run) finalRunId = line.run.id;
        pending.current.push(line);
        if (frame.current === null) frame.current = requestAnimationFrame(flush);
      };
      try {
        if ("runId" in source) await followRunStream({ runId: source.runId, signal: abort.signal, onLine });
        else await streamRun({ sessionId, request: source.request, signal: abort.signal, onLine });
        flush();
        setState((current) =>
          current.phase === "running" || current.phase === "starting"
            ? { ...current, phase: abort.signal.aborted ? "cancelled" : "failed", error: current.error ?? { code: "stream_ended", message: "The run's stream ended without a result." } }
            : current,
        );
      } catch (error) {
        flush();
        setState((current) => ({ ...current, phase: "failed", error: toApiErrorBody(error) }));
      } finally {
        if (controller.current === abort) controller.current = null;
        // open the run at once: its detail loads while the history refetches, not after it
        if (finalRunId) onFinishedRef.current(finalRunId);
        await queryClient.invalidateQueries({ queryKey: runKeys.session(sessionId) });
      }
    },
    [sessionId, queryClient, flush],
  );
  const start = useCallback((request: RunRequest) => read({ request }), [read]);
  /** Follows a stored run that is queued or running (after a reload, or started from another tab or instance). */
  const follow = useCallback((runId: string) => read({ runId }), [read]);

  const cancel = useCallback(() => {
    const abort = controller.current;
    setState((current) => {
      if (current.runId) void cancelRun(current.runId);
      return { ...current, cancelling: true };
    });
    if (abort) setTimeout(() => abort.abort(), CANCEL_GRACE_MS);
  }, []);

  return { state, start, follow, cancel, busy: state.phase === "starting" || state.phase === "running" };
}

function applyLine(state: RunStreamState, line: RunStreamLine): RunStreamState {
  switch (line.type) {
    case "queued":
      return { ...state, queued: { position: line.position, limit: line.limit } };
    case "started":
      return { ...state, phase: "running", runId: line.runId, totalSteps: line.totalSteps, queued: null };
    case "progress":
      return { ...state, phase: "running", step: line.step, totalSteps: line.totalSteps, queued: null };
    case "event": {
      // the log never shows a summary's text: the stream's is cut to 12,000 characters (slimReplayEvent) and the
      // chart and timeline load the run's own view after `done`; do not hold it per line
      const { summary: _summary, ...event } = line.event;
      const events = state.events.length >= LOG_LIMIT ? [...state.events.slice(1 - LOG_LIMIT), event] : [...state.events, event];
      return { ...state, events, eventCount: state.eventCount + 1 };
    }
    case "done":
      return { ...state, phase: "done", run: line.run, runId: line.run.id, step: state.totalSteps, cancelling: false };
    case "error":
      return {
        ...state,
        phase: line.error.code === "cancelled" || line.run?.status === "cancelled" ? "cancelled" : "failed",
        error: line.error,
        run: line.run,
        runId: line.run?.id ?? state.runId,
        cancelling: false,
      };
  }
}
