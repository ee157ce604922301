import os from "node:os";
import v8 from "node:v8";
import { processSingleton } from "../process/process-singleton";
import { readEnv, type RawEnv } from "../env/read-env";

/**
 * How many replays (runs, comparisons, sweeps) this process works on at once. Replays hold their results in
 * memory until they are stored, so the limit is per process, like the memory it protects: work beyond it waits
 * its turn instead of exhausting the heap (ten concurrent runs of a 12,000-message session killed a 4.4 GB server).
 *
 * `LAB_MAX_CONCURRENT_RUNS` sets it; the default is two per core, capped by the heap at one run per 512 MiB of
 * heap limit (2 cores and a 4 GiB heap → 4). A waiting run stays `running` in the database (its heartbeat and
 * cancel flag work as for any run) and its stream says `queued` with its position.
 */
export function maxConcurrentRuns(env?: RawEnv): number {
  const configured = readEnv(env).LAB_MAX_CONCURRENT_RUNS;
  if (configured !== undefined) return configured;
  const cores = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
  const byHeap = Math.floor(v8.getHeapStatistics().heap_size_limit / (512 * 1024 * 1024));
  return Math.max(1, Math.min(2 * cores, byHeap));
}

export interface SlotWaiter {
  /** called with the 1-based queue position when the work starts waiting and whenever it moves up */
  onQueued?: (position: number, limit: number) => void;
  signal?: AbortSignal;
}

/**
 * A counting semaphore with a FIFO queue. `acquire` resolves with a release function once a slot is free; a
 * waiter whose signal aborts leaves the queue and rejects with the signal's reason. Release is idempotent.
 */
export class RunSlots {
  private active = 0;
  private readonly queue: { resolve: (release: () => void) => void; waiter: SlotWaiter }[] = [];

  constructor(readonly limit: number) {}

  get running(): number {
    return this.active;
  }

  get waiting(): number {
    return this.queue.length;
  }

  acquire(waiter: SlotWaiter = {}): Promise<() => void> {
    waiter.signal?.throwIfAborted();
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const entry = { resolve, waiter };
      this.queue.push(entry);
      waiter.onQueued?.(this.queue.length, this.limit);
      waiter.signal?.addEventListener(
        "abort",
        () => {
          const index = this.queue.indexOf(entry);
          if (index === -1) return;
          this.queue.splice(index, 1);
          this.announcePositions(index);
          reject(waiter.signal!.reason);
        },
        { once: true },
      );
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      if (next) {
        // the slot passes straight to the next waiter
        next.resolve(this.releaser());
        this.announcePositions(0);
      } else this.active--;
    };
  }

  private announcePositions(from: number): void {
    for (let index = from; index < this.queue.length; index++) this.queue[index].waiter.onQueued?.(index + 1, this.limit);
  }
}

/** This process's slots (see {@link maxConcurrentRuns}), made on first use; a per-process resource limit, not shared state. */
export function runSlots(): RunSlots {
  return processSingleton("run-slots", () => new RunSlots(maxConcurrentRuns()));
}
