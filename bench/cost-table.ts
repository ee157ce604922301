/**
 * `tsx bench/cost-table.ts [--set tuning|test|all] [--windows 64000,200000] [--strategies keeper,evidence]
 * [--cost-model <model>] [--only <substring>]`: dollars with prompt caching, per shared transcript and window, for the
 * lab's strategies and every agent default (pi, claude-code, codex, gemini-cli, opencode, openclaw), and each one's
 * ratio to the cheapest agent default — the issue #36 cost goal (≤ 1.1×). Priced as `lab simulate --json` prices
 * (`priceRun`: the session's model, its provider's cache rules, the 5-minute TTL, the extractive summarizer's calls
 * priced at the session's model); a session whose model has no dated price is priced at `--cost-model` (default
 * claude-sonnet-4-5) and says so.
 *
 * The split (issue #36): the test set is three sessions no strategy is tuned on; `--set test` runs only those, and
 * only once, at the end. Skips, saying so, when ../shared/transcripts is absent.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { sessionModel } from "../lib/engine/cache/session-model";
import { replaySession } from "../lib/engine/simulate/replay-session";
import { findStrategy } from "../lib/engine/strategies";
import { findModelPrice } from "../lib/llm/model-prices";
import { priceRun, runSessionCache } from "../lib/runs/price-run";
import { hasSharedTranscripts, listSharedTranscripts, SHARED_SKIP_REASON, sharedTranscript } from "../lib/testing/shared-transcripts";
import { importTranscript } from "../lib/transcripts";

/** Issue #36's held-out sessions: never tuned on. */
export const TEST_TRANSCRIPTS = ["claude-code/spotter__fa812bfe.jsonl", "claude-code/entire-cli__cd95adddad32.jsonl", "codex/agentv__796eaddfe2f9.jsonl"];
const AGENT_DEFAULTS = ["pi", "claude-code", "codex", "gemini-cli", "opencode", "openclaw"];
const SKIPPED = /\.md$/;

const { values } = parseArgs({
  options: { set: { type: "string" }, windows: { type: "string" }, strategies: { type: "string" }, "cost-model": { type: "string" }, only: { type: "string" } },
});
const set = values.set ?? "tuning";
if (!["tuning", "test", "all"].includes(set)) throw new Error(`--set takes tuning, test or all, got ${set}`);
const windows = (values.windows ?? "64000,200000").split(",").map((value) => Number(value.trim()));
if (windows.some((window) => !Number.isInteger(window) || window <= 0)) throw new Error(`--windows takes positive integers, got ${values.windows}`);
const labIds = (values.strategies ?? "keeper,evidence").split(",").map((id) => id.trim());
const ids = ["none", ...labIds, ...AGENT_DEFAULTS];
for (const id of ids) if (!findStrategy(id)) throw new Error(`--strategies: unknown ${id}`);
const fallbackModel = values["cost-model"] ?? "claude-sonnet-4-5";

const usd = (value: number | null) => (value === null ? "—" : `$${value.toFixed(4)}`);
const pct = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(0)}%`);

async function main(): Promise<void> {
  if (!hasSharedTranscripts) return void console.log(`cost-table: ${SHARED_SKIP_REASON}`);
  const files = listSharedTranscripts().filter(
    (file) => !SKIPPED.test(file) && (set === "all" || (set === "test") === TEST_TRANSCRIPTS.includes(file)) && (!values.only || file.includes(values.only)),
  );
  const worst = new Map<string, number>();
  for (const file of files) {
    let session;
    try {
      session = importTranscript(fs.readFileSync(sharedTranscript(file), "utf8"), { sourceName: file }).session;
    } catch (error) {
      console.log(`\n${file}: not imported (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`);
      continue;
    }
    const own = sessionModel(session);
    const model = own && findModelPrice(own) ? own : fallbackModel;
    for (const window of windows) {
      const rows: { id: string; total: number | null; hit: number | null; final: number }[] = [];
      for (const id of ids) {
        const result = await replaySession({ session, strategy: findStrategy(id)!, window, sessionCache: runSessionCache(session, { costModel: model }) });
        const { cost } = priceRun({ session, result, cost: { costModel: model }, summarizerModel: null });
        rows.push({ id, total: cost?.totalUsd ?? null, hit: cost?.hitRate ?? null, final: result.final.contextTokens });
      }
      const agents = rows.filter((row) => AGENT_DEFAULTS.includes(row.id) && row.total !== null);
      const cheapest = agents.sort((a, b) => a.total! - b.total!)[0] ?? null;
      const none = rows.find((row) => row.id === "none")!;
      console.log(
        `\n${file} @ ${window / 1000}K — ${session.messages.length} messages, priced at ${model}${model === own ? "" : ` (session model ${own ?? "unknown"} unpriced)`}; cheapest agent default: ${cheapest ? `${cheapest.id} ${usd(cheapest.total)}` : "—"}`,
      );
      console.log(`${"strategy".padEnd(14)} ${"cost".padStart(10)} ${"hit".padStart(5)} ${"final".padStart(8)} ${"final/none".padStart(10)} ${"÷ cheapest".padStart(10)}`);
      for (const row of rows) {
        const ratio = cheapest && row.total !== null && cheapest.total! > 0 ? row.total / cheapest.total! : null;
        if (ratio !== null && labIds.includes(row.id)) worst.set(row.id, Math.max(worst.get(row.id) ?? 0, ratio));
        console.log(
          `${row.id.padEnd(14)} ${usd(row.total).padStart(10)} ${pct(row.hit).padStart(5)} ${row.final.toLocaleString("en-US").padStart(8)} ${pct(none.final > 0 ? row.final / none.final : null).padStart(10)} ${(ratio === null ? "—" : `${ratio.toFixed(2)}×`).padStart(10)}`,
        );
      }
    }
  }
  console.log(`\nworst ratio to the cheapest agent default (goal ≤ 1.10×): ${[...worst].map(([id, ratio]) => `${id} ${ratio.toFixed(2)}×`).join(", ")}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
