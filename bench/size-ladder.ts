import { replaySession } from "../lib/engine/simulate/replay-session";
import { strategies } from "../lib/engine/strategies";
import { providerOfStrategy } from "../lib/engine/strategies/provider-of-strategy";
import { createEstimator } from "../lib/engine/tokens/create-estimator";
import { messagesTokensWith } from "../lib/engine/tokens/estimator";
import { ESTIMATOR_IDS } from "../lib/engine/tokens/estimator";
import { GENERATED_MODEL, generateSession } from "../lib/generator/generate-session";
import { priceReplay } from "../lib/llm/price-replay";
import type { Session } from "../lib/engine/model";
import { measure, settleGarbage } from "./measure";
import { REPLAY_SEED, REPLAY_WINDOW } from "./replay-cases";

/** Strategies whose replay is also timed with the cache model and pricing after it (`replay <id> +cache`). */
const CACHE_LADDER_STRATEGIES: readonly string[] = ["none", "observation-masking", "pi", "claude-code", "evidence"];

/** Growth above this per-message ratio (largest size ÷ 4K) is flagged: the work is not linear in the session. */
export const LADDER_RATIO_LIMIT = 1.5;

export const LADDER_SIZES = {
  quick: { strategies: [1_000, 2_000, 4_000, 8_000, 16_000], linear: [1_000, 4_000, 16_000] },
  full: { strategies: [1_000, 2_000, 4_000, 8_000, 16_000, 64_000], linear: [1_000, 4_000, 16_000, 64_000, 100_000] },
} as const;

/** The two sizes of the growth figure (per-message cost at 8K ÷ at 2K, every strategy). */
const GROWTH_FROM = 2_000;
const GROWTH_TO = 8_000;

export type LadderMode = keyof typeof LADDER_SIZES;

interface Rung {
  name: string;
  sizes: readonly number[];
  /** returns how many compactions (summaries and trims) the run made, for replays; nothing for the estimators */
  run: (session: Session) => Promise<number> | void;
}

/** Compactions a replay made (summarized or trimmed, fallbacks included): the work that is not per message. */
function compactionsOf(result: Awaited<ReturnType<typeof replaySession>>): number {
  return result.events.filter((event) => event.type === "compaction-start" || event.type === "trim").length;
}

/**
 * The size ladder: every strategy replayed at its defaults (window 60,000, chars/4, extractive summarizer) on
 * generated sessions of growing size, and the estimators and `none` further up. Prints ms and µs per message at
 * each size and the per-message ratio of the largest size to 4K, flagging ratios above {@link LADDER_RATIO_LIMIT}.
 * `quick` stops at 16K (about a minute on 2 cores); `full` adds 64K (and 100K for the linear cases). Timed in CPU
 * time (see measure.ts), median of 3 runs below 64K, each case after a full GC (see settleGarbage); one size at a time.
 */
/** Where the estimator rungs leave their count, so that the work is used. */
let estimatedTokens = 0;

export async function runSizeLadder(mode: LadderMode, log: (line: string) => void, filter?: string): Promise<void> {
  const sizes = LADDER_SIZES[mode];
  const rungs: Rung[] = [
    ...ESTIMATOR_IDS.map((id) => ({
      name: `estimate ${id}`,
      sizes: sizes.linear,
      // the count is kept (not returned: a number returned is read as compactions, and the table printed tokens there)
      run: (session: Session) => void (estimatedTokens = messagesTokensWith(createEstimator(id), session.messages)),
    })),
    // the providers' own compaction runs only against their APIs: replayed without one it is not what it is
    ...strategies.filter((strategy) => providerOfStrategy(strategy.id) === null).map((strategy) => ({
      name: `replay ${strategy.id}`,
      sizes: strategy.id === "none" ? sizes.linear : sizes.strategies,
      run: async (session: Session) => compactionsOf(await replaySession({ session, strategy, window: REPLAY_WINDOW })),
    })),
    // the same replays priced (issue #24): the cache model over every call and the dollars, beside the rows above
    ...strategies
      .filter((strategy) => CACHE_LADDER_STRATEGIES.includes(strategy.id))
      .map((strategy) => ({
        name: `replay ${strategy.id} +cache`,
        sizes: strategy.id === "none" ? sizes.linear : sizes.strategies,
        run: async (session: Session) => {
          const result = await replaySession({ session, strategy, window: REPLAY_WINDOW });
          if (!priceReplay({ session, result, model: GENERATED_MODEL })) throw new Error("the generated session's model has no price");
          return compactionsOf(result);
        },
      })),
  ].filter((rung) => !filter || rung.name.includes(filter));
  const allSizes = [...new Set(rungs.flatMap((rung) => rung.sizes))].sort((a, b) => a - b);
  const header = ["case", ...allSizes.map((size) => `${size / 1_000}K ms (µs/msg)`), `${GROWTH_TO / 1_000}K÷${GROWTH_FROM / 1_000}K`, "ratio", "compactions per 1K msgs", ""];
  const table: string[][] = [header];
  const perMessage = new Map<Rung, Map<number, number>>(rungs.map((rung) => [rung, new Map()]));
  const compactionRate = new Map<Rung, Map<number, number>>(rungs.map((rung) => [rung, new Map()]));
  const cells = new Map<Rung, Map<number, string>>(rungs.map((rung) => [rung, new Map()]));
  // size by size, with only that size's session alive: every garbage collection traces what the process holds, so
  // keeping the smaller sessions (or the larger, for later rungs) made the largest sizes look slower per message
  for (const size of allSizes) {
    const wanted = rungs.filter((rung) => rung.sizes.includes(size));
    if (wanted.length === 0) continue;
    process.stderr.write(`[bench] generating a ${size.toLocaleString("en-US")}-message session\n`);
    const session = generateSession({ seed: REPLAY_SEED, messages: size });
    for (const rung of wanted) {
      process.stderr.write(`[bench] ladder ${rung.name} at ${size.toLocaleString("en-US")} messages\n`);
      let made: unknown;
      await settleGarbage();
      const result = await measure({ run: async () => (made = await rung.run(session)), runs: size >= 64_000 ? 1 : 3, clock: "cpu" });
      const micros = (result.medianMs * 1_000) / session.messages.length;
      perMessage.get(rung)!.set(size, micros);
      if (typeof made === "number") compactionRate.get(rung)!.set(size, (1_000 * made) / session.messages.length);
      cells.get(rung)!.set(size, `${result.medianMs.toFixed(0)} (${micros.toFixed(1)})`);
    }
  }
  for (const rung of rungs) {
    const micros = perMessage.get(rung)!;
    const rates = compactionRate.get(rung)!;
    const largest = Math.max(...rung.sizes);
    const ratio = (micros.get(largest) ?? NaN) / (micros.get(4_000) ?? NaN);
    const shownRates = rung.sizes.filter((size) => size >= 4_000 && rates.has(size)).map((size) => rates.get(size)!.toFixed(1));
    const growth = (micros.get(GROWTH_TO) ?? NaN) / (micros.get(GROWTH_FROM) ?? NaN);
    table.push([
      rung.name,
      ...allSizes.map((size) => cells.get(rung)!.get(size) ?? ""),
      Number.isNaN(growth) ? "" : growth.toFixed(2),
      `${ratio.toFixed(2)} (${largest / 1_000}K÷4K)`,
      shownRates.length > 0 ? shownRates.join(" → ") : "",
      ratio > LADDER_RATIO_LIMIT || growth > LADDER_RATIO_LIMIT ? `> ${LADDER_RATIO_LIMIT}: superlinear` : "",
    ]);
  }
  log(`size ladder (${mode}): generated sessions (seed ${REPLAY_SEED}), window ${REPLAY_WINDOW.toLocaleString("en-US")}, median CPU ms of this process (user + system: steadier than wall time on a shared machine) and µs per message; ${GROWTH_TO / 1_000}K÷${GROWTH_FROM / 1_000}K and ratio = µs/msg at ${GROWTH_TO / 1_000}K ÷ at ${GROWTH_FROM / 1_000}K, and at the largest size ÷ at 4K`);
  log(`  compactions per 1K messages from 4K up: a strategy whose carried summary, kept messages or ledger fill toward their caps compacts more often per message as the session grows — the same results, more work per message, until they saturate`);
  const widths = header.map((_, column) => Math.max(...table.map((cells) => cells[column].length)));
  for (const [index, cells] of table.entries()) {
    log(cells.map((cell, column) => (column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ").trimEnd());
    if (index === 0) log(widths.map((width) => "-".repeat(width)).join("  "));
  }
}
