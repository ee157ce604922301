import v8 from "node:v8";
import vm from "node:vm";

export interface Measurement {
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
}

/** Fast cases keep running until they have taken this long, so a sub-millisecond median is not 7 samples of noise. */
export const MIN_TOTAL_MS = 250;
export const MAX_RUNS = 500;

/**
 * `wall`: elapsed time. `cpu`: this process's user + system CPU time (its GC threads included) — the work done, which
 * other processes on a shared machine disturb far less than the elapsed time.
 */
export type Clock = "wall" | "cpu";

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1_000;
}

let gc: (() => void) | undefined;

/**
 * A full garbage collection, then a pause for V8's sweeper threads to finish, so that what an earlier case left
 * behind is not collected (and counted: the CPU clock includes GC threads) inside the next case's runs. Before a
 * case, not before each run: right after a full GC the heap's limits are low, and a run started there collects
 * more often than in its steady state. `--expose-gc` is set at run time and read by the `gc` of a new context.
 */
export async function settleGarbage(): Promise<void> {
  if (!gc) {
    v8.setFlagsFromString("--expose-gc");
    gc = vm.runInNewContext("gc") as () => void;
  }
  gc();
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/**
 * Times `run` (awaited when it returns a promise) at least `runs` times (more for fast cases, up to {@link MAX_RUNS}, until {@link MIN_TOTAL_MS}
 * have been spent) after `warmup` untimed runs (JIT, caches), and returns the median and the range.
 * The median, not the mean: one GC pause or a neighbour's build should not move the headline number.
 */
export async function measure(options: { run: () => unknown; runs: number; warmup?: number; clock?: Clock }): Promise<Measurement> {
  for (let index = 0; index < (options.warmup ?? 1); index++) await options.run();
  const now = options.clock === "cpu" ? cpuMs : () => performance.now();
  const times: number[] = [];
  let totalMs = 0;
  while (times.length < options.runs || (totalMs < MIN_TOTAL_MS && times.length < MAX_RUNS)) {
    const start = now();
    await options.run();
    const elapsed = now() - start;
    times.push(elapsed);
    totalMs += elapsed;
  }
  times.sort((left, right) => left - right);
  return { runs: times.length, medianMs: median(times), minMs: times[0], maxMs: times[times.length - 1] };
}

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
