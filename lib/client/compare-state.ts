import type { AggregateRow, CompareRow, CompareSetup, CompareStreamLine, SweepSetup } from "../api/contracts/compare-schemas";

/** One configuration on one session, as its stream lines describe it. */
export interface CompareEntry {
  /** `<sessionId>#<index>`: a configuration index repeats across sessions in a multi-session run */
  key: string;
  index: number;
  sessionId: string;
  label: string;
  runId: string | null;
  phase: "waiting" | "running" | "done" | "failed" | "cancelled";
  step: number;
  totalSteps: number;
  row: CompareRow | null;
  /** context tokens per model call */
  curve: number[] | null;
  /** sweep only: the cell's axis values */
  cell: { x: unknown; y?: unknown } | null;
  error: { code: string; message: string } | null;
}

export interface CompareState {
  phase: "idle" | "starting" | "running" | "done" | "failed" | "cancelled";
  /** from the `started` line: Σ steps over every configuration × session (0 until then) */
  totalSteps: number;
  entries: CompareEntry[];
  aggregate: AggregateRow[] | null;
  /** from the `done` line */
  finished: { rows: number; failed: number; cancelled?: number } | null;
  /** a refused request, a stream-wide `error` line, or a broken stream */
  error: { code: string; message: string } | null;
  /** the user pressed Cancel and the stream has not ended yet */
  cancelling?: boolean;
  /** waiting for a worker: the position of its first job in the queue, the workers' concurrency */
  queued?: { position: number; limit: number } | null;
  /** the stored comparison (from `started`): followed again after a reload, cancelled as a whole */
  comparisonId?: string | null;
  /** what the stored comparison was asked (from `started`): a page that follows it again fills its builder */
  setup?: CompareSetup | null;
  /** what the stored sweep was asked (from `started`): a sweep page that follows it again fills its form and axes */
  sweep?: SweepSetup | null;
}

export const IDLE_COMPARE_STATE: CompareState = { phase: "idle", totalSteps: 0, entries: [], aggregate: null, finished: null, error: null };

export const entryKey = (sessionId: string, index: number) => `${sessionId}#${index}`;

/**
 * The state a run starts from: one waiting entry per configuration the client asked for (so every row shows its
 * label and an empty bar before the server reaches it). `expected` may be empty (a sweep's cells are numbered by
 * the server); entries are then created as lines arrive.
 */
export function startingCompareState(expected: readonly { index: number; sessionId: string; label: string }[]): CompareState {
  return {
    ...IDLE_COMPARE_STATE,
    phase: "starting",
    entries: expected.map((entry) => blankEntry(entry.sessionId, entry.index, entry.label)),
  };
}

/**
 * Applies one stream line. Pure: returns a new state, never mutates. Lines for an entry nobody announced create it
 * (a `row` without `config-started` is still a row). A `done` line ends the run as "done" even when some
 * configurations failed — their rows carry the error; only a stream-wide `error` line fails the whole run. The code
 * `cancelled` (on `config-error` and `error` lines, sent when the user cancels) marks entries and the run cancelled.
 */
export function applyCompareLine(state: CompareState, line: CompareStreamLine): CompareState {
  switch (line.type) {
    case "queued":
      return { ...state, queued: { position: line.position, limit: line.limit } };
    case "started": {
      const known = new Set(state.entries.map((entry) => entry.key));
      const missing = (line.expected ?? []).filter((entry) => !known.has(entryKey(entry.sessionId, entry.index))).map((entry) => blankEntry(entry.sessionId, entry.index, entry.label));
      return { ...state, phase: "running", totalSteps: line.totalSteps, queued: null, comparisonId: line.comparisonId ?? state.comparisonId ?? null, setup: line.setup ?? state.setup ?? null, sweep: line.sweep ?? state.sweep ?? null, entries: missing.length > 0 ? [...state.entries, ...missing] : state.entries };
    }
    case "config-started":
      return update({ ...state, queued: null },  line.sessionId, line.index, (entry) => ({ ...entry, label: line.label, runId: line.runId, phase: "running" }));
    case "progress":
      return update(state, line.sessionId, line.index, (entry) => ({ ...entry, phase: entry.phase === "waiting" ? "running" : entry.phase, step: line.step, totalSteps: line.totalSteps }));
    case "row":
      return update({ ...state, queued: null }, line.sessionId, line.index, (entry) => ({
        ...entry,
        label: line.row.config,
        runId: line.runId,
        phase: "done",
        // a fast configuration may finish before any progress line: its curve has one point per step
        totalSteps: Math.max(entry.totalSteps, line.curve.length),
        step: Math.max(entry.step, entry.totalSteps, line.curve.length),
        row: line.row,
        curve: line.curve,
        cell: line.cell ?? null,
      }));
    case "config-error":
      // a cancelled comparison ends every unfinished configuration with code `cancelled`: not a failure of its own
      return update(state, line.sessionId, line.index, (entry) =>
        line.error.code === "cancelled"
          ? { ...entry, runId: line.runId ?? entry.runId, phase: "cancelled" }
          : { ...entry, runId: line.runId ?? entry.runId, phase: "failed", error: line.error },
      );
    case "aggregate":
      return { ...state, aggregate: line.rows };
    case "done":
      // the user pressed Cancel and some rows had finished: the comparison reads as cancelled, its rows kept
      return { ...state, phase: state.cancelling && (line.cancelled ?? 0) > 0 ? "cancelled" : "done", finished: { rows: line.rows, failed: line.failed, cancelled: line.cancelled ?? 0 } };
    case "error":
      return line.error.code === "cancelled" ? { ...state, phase: "cancelled" } : { ...state, phase: "failed", error: line.error };
    default:
      return state;
  }
}

/** The run ended without a `done` line: cancelled by the user, or the stream broke. Unfinished entries say so. */
export function endCompareState(state: CompareState, outcome: { cancelled: boolean; error?: { code: string; message: string } }): CompareState {
  if (state.phase === "done" || state.phase === "failed" || state.phase === "cancelled") return outcome.error && !state.error ? { ...state, phase: "failed", error: outcome.error } : state;
  const entries = state.entries.map((entry) => (entry.phase === "waiting" || entry.phase === "running" ? { ...entry, phase: "cancelled" as const } : entry));
  if (outcome.cancelled) return { ...state, phase: "cancelled", entries };
  return { ...state, phase: "failed", entries, error: outcome.error ?? { code: "stream_ended", message: "The comparison's stream ended before its last line." } };
}

/** Steps done over every entry (a finished entry counts in full), and the total: for the overall bar. */
export function overallProgress(state: CompareState): { done: number; total: number } {
  let done = 0;
  let total = 0;
  for (const entry of state.entries) {
    total += entry.totalSteps;
    done += entry.phase === "done" || entry.phase === "failed" ? entry.totalSteps : entry.step;
  }
  return { done, total: Math.max(total, state.totalSteps) };
}

function blankEntry(sessionId: string, index: number, label: string): CompareEntry {
  return { key: entryKey(sessionId, index), index, sessionId, label, runId: null, phase: "waiting", step: 0, totalSteps: 0, row: null, curve: null, cell: null, error: null };
}

function update(state: CompareState, sessionId: string, index: number, change: (entry: CompareEntry) => CompareEntry): CompareState {
  const key = entryKey(sessionId, index);
  const position = state.entries.findIndex((entry) => entry.key === key);
  if (position < 0) return { ...state, entries: [...state.entries, change(blankEntry(sessionId, index, `#${index + 1}`))] };
  const entries = state.entries.slice();
  entries[position] = change(entries[position]);
  return { ...state, entries };
}
