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
/** Timed pairs of replays (one per window, back to back) per strategy, at least; the ratio is the median of the pairs'. */
export const WINDOW_LADDER_PAIRS = 3;
/** More pairs for a fast strategy, up to this many, while its pairs have taken less than {@link WINDOW_LADDER_PAIR_BUDGET_MS}. */
export const WINDOW_LADDER_MAX_PAIRS = 9;
export const WINDOW_LADDER_PAIR_BUDGET_MS = 12_000;
/** Per-message cost at 1M above this multiple of 200K's is flagged (single runs on a shared machine: ±15% is noise). */
export const WINDOW_RATIO_LIMIT = 1.2;

/**
 * Windows of 1M tokens at full speed (issue #27): every strategy the lab replays itself, at its defaults, on one
 * generated 100,000-message session at a 200K and at a 1M window (chars/4, extractive summarizer), in CPU time: an
 * untimed warm-up, then pairs of replays — one per window, back to back, the order swapped from pair to pair, each
 * after a full GC — {@link WINDOW_LADDER_PAIRS} pairs at least, up to {@link WINDOW_LADDER_MAX_PAIRS} while a
 * strategy's pairs have taken under {@link WINDOW_LADDER_PAIR_BUDGET_MS} (a replay of a fast strategy moves ±20% from
 * run to run on a shared machine, and the load drifts over minutes: a ratio taken within each pair cancels the drift,
 * and more pairs steady the median). Prints each window's median µs per message and the median of the pairs' ratios
 * 1M ÷ 200K with their range, flagged above {@link WINDOW_RATIO_LIMIT}: a replay whose per-step work follows the
 * context's length (rather than what changed) would cost up to five times more per message at 1M. About seven
 * minutes on 2 cores (keeper and evidence are most of it).
 */
export async function runWindowLadder(log: (line: string) => void, filter?: string): Promise<void> {
  // the providers' own compaction runs only against their APIs (replayed without one it compacts at nearly every
  // call, for minutes on this session): left out, as the "every strategy" preset leaves it out
  const picked = strategies.filter((strategy) => providerOfStrategy(strategy.id) === null && (!filter || `replay ${strategy.id} @window`.includes(filter)));
  if (picked.length === 0) return;
  process.stderr.write(`[bench] generating a ${WINDOW_LADDER_MESSAGES.toLocaleString("en-US")}-message session\n`);
  const session = generateSession({ seed: REPLAY_SEED, messages: WINDOW_LADDER_MESSAGES });
  const header = ["case", ...WINDOW_LADDER_WINDOWS.map((window) => `${window / 1_000}K window ms (µs/msg)`), "compactions", "1M÷200K", "pairs' range", ""];
  const table: string[][] = [header];
  for (const strategy of picked) {
    // an untimed replay first (compilation, and the heap growing to this session's size: the first replay of a
    // 100K session costs 2–4× the next), then the pairs, so neither window pays the warm-up and drift on the
    // machine falls on both
    process.stderr.write(`[bench] window ladder ${strategy.id}: warm-up\n`);
    await replaySession({ session, strategy, window: WINDOW_LADDER_WINDOWS[0] });
    const times: number[][] = WINDOW_LADDER_WINDOWS.map(() => []);
    const ratios: number[] = [];
    const compactions: number[] = WINDOW_LADDER_WINDOWS.map(() => 0);
    let spentMs = 0;
    for (let pair = 0; pair < WINDOW_LADDER_PAIRS || (pair < WINDOW_LADDER_MAX_PAIRS && spentMs < WINDOW_LADDER_PAIR_BUDGET_MS); pair++) {
      const order = pair % 2 === 0 ? [0, 1] : [1, 0];
      const pairMs: number[] = [];
      for (const index of order) {
        const window = WINDOW_LADDER_WINDOWS[index];
        process.stderr.write(`[bench] window ladder ${strategy.id} at ${window.toLocaleString("en-US")} (pair ${pair + 1})\n`);
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
        pairMs[index] = result.medianMs;
        spentMs += result.medianMs;
      }
      ratios.push(pairMs[1] / pairMs[0]);
    }
    const medians = times.map(median);
    const micros = medians.map((ms) => (ms * 1_000) / session.messages.length);
    const cells = medians.map((ms, index) => `${ms.toFixed(0)} (${micros[index].toFixed(1)})`);
    // both windows replay the same messages, so the ratio of CPU times is the ratio per message
    const ratio = median(ratios);
    const spread = `${ratios.length} pairs, ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
    table.push([`replay ${strategy.id}`, ...cells, compactions.join(" → "), ratio.toFixed(2), spread, ratio > WINDOW_RATIO_LIMIT ? `> ${WINDOW_RATIO_LIMIT}: grows with the window` : ""]);
  }
  log(`window ladder: a generated ${WINDOW_LADDER_MESSAGES.toLocaleString("en-US")}-message session (seed ${REPLAY_SEED}), every strategy at its defaults at a 200K and a 1M window, CPU ms of this process (median over ${WINDOW_LADDER_PAIRS}–${WINDOW_LADDER_MAX_PAIRS} pairs of back-to-back replays, one per window, after an untimed warm-up) and µs per message; 1M÷200K = the median of the pairs' ratios of µs/msg at 1M ÷ at 200K, and their range`);
  const widths = header.map((_, column) => Math.max(...table.map((cells) => cells[column].length)));
  for (const [index, cells] of table.entries()) {
    log(cells.map((cell, column) => (column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ").trimEnd());
    if (index === 0) log(widths.map((width) => "-".repeat(width)).join("  "));
  }
}
