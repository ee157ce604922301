import type { RunStreamLine } from "../api/contracts/run-schemas";
import { PROGRESS_EVENTS_KEPT, writeRunProgress, type RunProgress } from "../store/run-jobs";

/** Live progress is written at most this often per run (followers poll it). */
export const PROGRESS_WRITE_MS = 400;

export interface ProgressWriter {
  /** takes a `progress` or `event` line (others are ignored) */
  line(line: RunStreamLine): void;
  /** stops the timer and waits for the write in flight */
  stop(): Promise<void>;
  /** writes what is pending now (after any write in flight) */
  flushNow(): Promise<void>;
}

/**
 * Collects a run's progress and event lines and writes them to its row at most every {@link PROGRESS_WRITE_MS} ms
 * (one write in flight), for followers on any instance; the events without their summaries, the last
 * {@link PROGRESS_EVENTS_KEPT} only. A failed write is dropped: the next one carries the same state.
 */
export function progressWriter(runId: string, totalSteps: number): ProgressWriter {
  const state: RunProgress = { step: 0, totalSteps, eventCount: 0, events: [] };
  let dirty = true;
  let writing: Promise<void> | null = null;
  let lastWrite = 0;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(trailing);
    trailing = undefined;
    if (!dirty) return;
    if (writing) {
      // what changed during a write goes out right after it
      trailing = setTimeout(flush, PROGRESS_WRITE_MS);
      return;
    }
    dirty = false;
    lastWrite = performance.now();
    writing = writeRunProgress(runId, { ...state, events: [...state.events] })
      .catch(() => undefined)
      .finally(() => {
        writing = null;
      });
  };
  flush();
  return {
    line(line) {
      if (line.type === "progress") {
        state.step = line.step;
        state.totalSteps = line.totalSteps;
      } else if (line.type === "event") {
        const { summary: _summary, ...event } = line.event;
        state.eventCount++;
        state.events.push(event);
        if (state.events.length > PROGRESS_EVENTS_KEPT) state.events.shift();
      } else return;
      dirty = true;
      const wait = PROGRESS_WRITE_MS - (performance.now() - lastWrite);
      if (wait <= 0) flush();
      // the last lines before a long pause (a summary call) are written within PROGRESS_WRITE_MS too
      else trailing ??= setTimeout(flush, wait);
    },
    async stop() {
      clearTimeout(trailing);
      await writing;
    },
    async flushNow() {
      clearTimeout(trailing);
      await writing;
      if (!dirty) return;
      flush();
      await writing;
      clearTimeout(trailing);
    },
  };
}
