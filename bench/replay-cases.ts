import { replaySession } from "../lib/engine/simulate/replay-session";
import { strategies } from "../lib/engine/strategies";
import { generateSession } from "../lib/generator/generate-session";
import type { BenchCase } from "./bench-case";

export const REPLAY_SEED = 1;
export const REPLAY_MESSAGES = 2_000;
/** small enough that every compacting strategy compacts many times on the generated session (as in the e2e run) */
export const REPLAY_WINDOW = 60_000;

/**
 * One replay per registered strategy at its defaults over a generated 2,000-message session at a 60,000-token
 * window, chars/4 and the extractive summarizer: the server side of a playground run (without storage).
 */
export function replayCases(): BenchCase[] {
  const session = generateSession({ seed: REPLAY_SEED, messages: REPLAY_MESSAGES });
  const input = `${session.messages.length.toLocaleString("en-US")} msgs, window ${REPLAY_WINDOW.toLocaleString("en-US")}`;
  return strategies.map((strategy) => ({
    group: "replay",
    name: strategy.id,
    input,
    run: () => replaySession({ session, strategy, window: REPLAY_WINDOW }),
  }));
}
