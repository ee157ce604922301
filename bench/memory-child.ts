import { generateSession } from "../lib/generator/generate-session";
import { replaySession } from "../lib/engine/simulate/replay-session";
import { strategiesById } from "../lib/engine/strategies";
import { computeRunFigures } from "../lib/runs/run-figures";

/**
 * One memory measurement in a fresh process (see bench/memory.ts): generates the session, settles the heap, then
 * replays it `runs` times concurrently (each with its figures and its stored JSON, as a server run) — all on the one shared, immutable session object, as the server does
 * (lib/runs/session-cache.ts) — sampling RSS every 5 ms. Prints one JSON line.
 */
const messages = Number(process.argv[2]);
const runs = Number(process.argv[3]);
const strategy = strategiesById[process.argv[4] ?? "nous"];
const gc = (globalThis as { gc?: () => void }).gc;

const session = generateSession({ seed: 3, messages });
const rawBytes = Buffer.byteLength(JSON.stringify(session));
gc?.();
await new Promise((resolve) => setTimeout(resolve, 50));
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 5);
// what the server does per run: the replay, the run's figures (a `none` replay and retention scoring), the stored JSON
const results = await Promise.all(
  Array.from({ length: runs }, async () => {
    const result = await replaySession({ session, strategy, window: 60_000 });
    await computeRunFigures({ session, result, estimator: "chars4", model: null, summarizerFailures: 0 });
    const stored = JSON.stringify(result).length;
    return { steps: result.steps, stored };
  }),
);
peak = Math.max(peak, process.memoryUsage().rss);
clearInterval(sampler);
console.log(JSON.stringify({ messages, runs, rawBytes, baseline, peak, steps: results[0].steps.length, storedBytes: results[0].stored }));
