import { replaySession } from "../lib/engine/simulate/replay-session";
import { strategies } from "../lib/engine/strategies";
import { providerOfStrategy } from "../lib/engine/strategies/provider-of-strategy";
import { generateSession } from "../lib/generator/generate-session";
import { measure, median, settleGarbage } from "./measure";
import { REPLAY_SEED } from "./replay-cases";

/** The windows compared: a 1M-token window against 200K, on the same session. */
export const WINDOW_LADDER_WINDOWS = [200_000, 1_000_000] as const;
/** Messages of the generated session both windows replay. */
export const WINDOW_LADDER_MESSAGES = 100_000;
/** Timed replays per window and strategy (alternating windows); the median is reported. */
export const WINDOW_LADDER_RUNS = 3;
/** Per-message cost at 1M above this multiple of 200K's is flagged (single runs on a shared machine: ±15% is noise). */
export const WINDOW_RATIO_LIMIT = 1.2;

/**
 * Windows of 1M tokens at full speed (issue #27): every strategy the lab replays itself, at its defaults, on one
 * generated 100,000-message session at a 200K and at a 1M window (chars/4, extractive summarizer), in CPU time: an
 * untimed warm-up, then the windows in turn, {@link WINDOW_LADDER_RUNS} runs each after a full GC, the median
 * reported. Prints µs per message at each window and the ratio 1M ÷ 200K, flagged above {@link WINDOW_RATIO_LIMIT}:
 * a replay whose per-step work follows the context's length (rather than what changed) would cost up to five times
 * more per message at 1M. About five minutes on 2 cores (evidence is most of it).
 */
export async function runWindowLadder(log: (line: string) => void, filter?: string): Promise<void> {
  // the providers' own compaction runs only against their APIs (replayed without one it compacts at nearly every
  // call, for minutes on this session): left out, as the "every strategy" preset leaves it out
  const picked = strategies.filter((strategy) => providerOfStrategy(strategy.id) === null && (!filter || `replay ${strategy.id} @window`.includes(filter)));
  if (picked.length === 0) return;
  process.stderr.write(`[bench] generating a ${WINDOW_LADDER_MESSAGES.toLocaleString("en-US")}-message session\n`);
  const session = generateSession({ seed: REPLAY_SEED, messages: WINDOW_LADDER_MESSAGES });
  const header = ["case", ...WINDOW_LADDER_WINDOWS.map((window) => `${window / 1_000}K window ms (µs/msg)`), "compactions", "1M÷200K", ""];
  const table: string[][] = [header];
  for (const strategy of picked) {
    // an untimed replay first (compilation, and the heap growing to this session's size: the first replay of a
    // 100K session costs 2–4× the next), then the two windows in turn, a median of WINDOW_LADDER_RUNS each, so
    // neither window pays the warm-up and drift on the machine falls on both
    process.stderr.write(`[bench] window ladder ${strategy.id}: warm-up\n`);
    await replaySession({ session, strategy, window: WINDOW_LADDER_WINDOWS[0] });
    const times: number[][] = WINDOW_LADDER_WINDOWS.map(() => []);
    const compactions: number[] = WINDOW_LADDER_WINDOWS.map(() => 0);
    for (let run = 0; run < WINDOW_LADDER_RUNS; run++) {
      for (const [index, window] of WINDOW_LADDER_WINDOWS.entries()) {
        process.stderr.write(`[bench] window ladder ${strategy.id} at ${window.toLocaleString("en-US")} (${run + 1} of ${WINDOW_LADDER_RUNS})\n`);
        await settleGarbage();
        const result = await measure({
          run: async () => {
            const replay = await replaySession({ session, strategy, window });
            compactions[index] = replay.events.filter((event) => event.type === "compaction-start" || event.type === "trim").length;
          },
          runs: 1,
          warmup: 0,
          clock: "cpu",
        });
        times[index].push(result.medianMs);
      }
    }
    const medians = times.map(median);
    const micros = medians.map((ms) => (ms * 1_000) / session.messages.length);
    const cells = medians.map((ms, index) => `${ms.toFixed(0)} (${micros[index].toFixed(1)})`);
    const ratio = micros[1] / micros[0];
    table.push([`replay ${strategy.id}`, ...cells, compactions.join(" → "), ratio.toFixed(2), ratio > WINDOW_RATIO_LIMIT ? `> ${WINDOW_RATIO_LIMIT}: grows with the window` : ""]);
  }
  log(`window ladder: a generated ${WINDOW_LADDER_MESSAGES.toLocaleString("en-US")}-message session (seed ${REPLAY_SEED}), every strategy at its defaults at a 200K and a 1M window, CPU ms of this process (median of ${WINDOW_LADDER_RUNS}, windows alternating, after an untimed warm-up) and µs per message; 1M÷200K = µs/msg at 1M ÷ at 200K`);
  const widths = header.map((_, column) => Math.max(...table.map((cells) => cells[column].length)));
  for (const [index, cells] of table.entries()) {
    log(cells.map((cell, column) => (column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ").trimEnd());
    if (index === 0) log(widths.map((width) => "-".repeat(width)).join("  "));
  }
}
