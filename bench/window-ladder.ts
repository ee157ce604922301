import { replaySession } from "../lib/engine/simulate/replay-session";
import { strategies } from "../lib/engine/strategies";
import { generateSession } from "../lib/generator/generate-session";
import { measure, settleGarbage } from "./measure";
import { REPLAY_SEED } from "./replay-cases";

/** The windows compared: a 1M-token window against 200K, on the same session. */
export const WINDOW_LADDER_WINDOWS = [200_000, 1_000_000] as const;
/** Messages of the generated session both windows replay. */
export const WINDOW_LADDER_MESSAGES = 100_000;
/** Per-message cost at 1M above this multiple of 200K's is flagged (single runs on a shared machine: ±15% is noise). */
export const WINDOW_RATIO_LIMIT = 1.2;

/**
 * Windows of 1M tokens at full speed (issue #27): every strategy at its defaults replayed on one generated
 * 100,000-message session at a 200K and at a 1M window (chars/4, extractive summarizer), in CPU time, one run each
 * after a full GC, the 1M window first (so it pays the strategy's compilation) (a 100K session replays for seconds: a run is its own average). Prints µs per message at each
 * window and the ratio 1M ÷ 200K, flagged above {@link WINDOW_RATIO_LIMIT}: a replay whose per-step work follows the
 * context's length (rather than what changed) would cost up to five times more per message at 1M.
 */
export async function runWindowLadder(log: (line: string) => void, filter?: string): Promise<void> {
  const picked = strategies.filter((strategy) => !filter || `replay ${strategy.id} @window`.includes(filter));
  if (picked.length === 0) return;
  process.stderr.write(`[bench] generating a ${WINDOW_LADDER_MESSAGES.toLocaleString("en-US")}-message session\n`);
  const session = generateSession({ seed: REPLAY_SEED, messages: WINDOW_LADDER_MESSAGES });
  const header = ["case", ...WINDOW_LADDER_WINDOWS.map((window) => `${window / 1_000}K window ms (µs/msg)`), "compactions", "1M÷200K", ""];
  const table: string[][] = [header];
  for (const strategy of picked) {
    const micros: number[] = [];
    const compactions: number[] = [];
    const cells: string[] = [];
    // 1M first, untimed warm-up none: the first replay of a strategy also pays its compilation, charged to 1M
    for (const window of [...WINDOW_LADDER_WINDOWS].reverse()) {
      process.stderr.write(`[bench] window ladder ${strategy.id} at ${window.toLocaleString("en-US")}\n`);
      await settleGarbage();
      let made = 0;
      const result = await measure({
        run: async () => {
          const replay = await replaySession({ session, strategy, window });
          made = replay.events.filter((event) => event.type === "compaction-start" || event.type === "trim").length;
        },
        runs: 1,
        warmup: 0,
        clock: "cpu",
      });
      micros.unshift((result.medianMs * 1_000) / session.messages.length);
      compactions.unshift(made);
      cells.unshift(`${result.medianMs.toFixed(0)} (${micros[0].toFixed(1)})`);
    }
    const ratio = micros[1] / micros[0];
    table.push([`replay ${strategy.id}`, ...cells, compactions.join(" → "), ratio.toFixed(2), ratio > WINDOW_RATIO_LIMIT ? `> ${WINDOW_RATIO_LIMIT}: grows with the window` : ""]);
  }
  log(`window ladder: a generated ${WINDOW_LADDER_MESSAGES.toLocaleString("en-US")}-message session (seed ${REPLAY_SEED}), every strategy at its defaults at a 200K and a 1M window, CPU ms of this process (one run each) and µs per message; 1M÷200K = µs/msg at 1M ÷ at 200K`);
  const widths = header.map((_, column) => Math.max(...table.map((cells) => cells[column].length)));
  for (const [index, cells] of table.entries()) {
    log(cells.map((cell, column) => (column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ").trimEnd());
    if (index === 0) log(widths.map((width) => "-".repeat(width)).join("  "));
  }
}
