import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { ProbeSetSchema } from "../api/contracts/probe-set-schema";
import { sessionModel } from "../engine/cache/session-model";
import { scoreHandProbes } from "../engine/evaluate/score-hand-probes";
import { replaySession } from "../engine/simulate/replay-session";
import { findStrategy } from "../engine/strategies";
import { findModelPrice } from "../llm/model-prices";
import { describeWithShared } from "../testing/describe-with-shared";
import { sharedTranscript } from "../testing/shared-transcripts";
import { importTranscript } from "../transcripts";
import { priceRun, runSessionCache } from "./price-run";

/**
 * Issue #36's goals for `keeper`, held on the tuning set only (the test set — spotter, entire-cli, agentv — is never
 * used to adjust it): on each tuning session with a hand-written probe set, at 64K and 200K, its cost with caching is
 * ≤ 1.1× the cheapest agent default's (and on two tuning sessions without a set); where `none` overflows 64K it keeps ≥ 85% of the hand-written probes with a
 * final context ≤ 20% of none's. Priced as `lab simulate --json` prices (the session's model, else claude-sonnet-4-5).
 * The smaller windows where the other tuning sessions with a set compact hold the figures reached there (issue #36's
 * fourth round, 2026-11-27), so a ledger change that loses what these sessions' next steps need is seen.
 */
const AGENT_DEFAULTS = ["pi", "claude-code", "codex", "gemini-cli", "opencode", "openclaw"];
const TUNING = [
  "pi/pi-mono__large-session.jsonl",
  "openhands/openhands__multi_swe_bench_output.jsonl",
  "swe-agent/swe-agent__gpt4__pydicom-1458.traj",
  // no hand-written set: held to the cost goal only
  "copilot-cli/agentv__269e1b9e5502.jsonl",
  "swe-agent/swe-agent__ctf__i_got_id_demo.traj",
];
const PROBES_DIR = path.resolve(__dirname, "../../bench/probes");

describeWithShared("keeper against issue #36's goals on the tuning set", () => {
  it.each(TUNING)("%s", async (file) => {
    const session = importTranscript(fs.readFileSync(sharedTranscript(file), "utf8"), { sourceName: file }).session;
    const own = sessionModel(session);
    const model = own && findModelPrice(own) ? own : "claude-sonnet-4-5";
    const set = fs
      .readdirSync(PROBES_DIR)
      .filter((name) => name.endsWith(".json"))
      .map((name) => ProbeSetSchema.parse(JSON.parse(fs.readFileSync(path.join(PROBES_DIR, name), "utf8"))))
      .find((candidate) => candidate.transcript === file);
    for (const window of [64_000, 200_000]) {
      const price = async (id: string) => {
        const result = await replaySession({ session, strategy: findStrategy(id)!, window, sessionCache: runSessionCache(session, { costModel: model }) });
        return { result, usd: priceRun({ session, result, cost: { costModel: model }, summarizerModel: null }).cost!.totalUsd! };
      };
      const cheapest = Math.min(...(await Promise.all(AGENT_DEFAULTS.map(async (id) => (await price(id)).usd))));
      const keeper = await price("keeper");
      expect(keeper.usd / cheapest, `${file} @ ${window}: cost ÷ cheapest agent default`).toBeLessThanOrEqual(1.1);
      const none = await replaySession({ session, strategy: findStrategy("none")!, window });
      const overflows = none.steps.some((step) => step.contextTokens > window);
      if (!overflows || window !== 64_000 || !set) continue;
      expect(scoreHandProbes({ session, result: keeper.result, probes: set.probes }).overall, `${file} @ 64K: hand-written probes`).toBeGreaterThanOrEqual(0.85);
      expect(keeper.result.final.contextTokens / none.final.contextTokens, `${file} @ 64K: final ÷ none`).toBeLessThanOrEqual(0.2);
    }
  }, 240_000);
});

/**
 * tuning session, its probe set, window, the share of the set keeper keeps at least (measured in round 5, reading the
 * tools' output, user's words 0.6 of the ledger: pi-mono's first set 48.1 / 83.5 / 100%, its tooling set 10.8 / 28.9%,
 * its user's-words set 45.8 / 91.7%, copilot-cli agentv 34.8% at 32K, openhands 93.1%, pydicom 89.1%)
 */
const SMALL_WINDOW_FLOORS: [string, string, number, number][] = [
  ["pi/pi-mono__large-session.jsonl", "pi-mono__large-session.json", 16_000, 0.48],
  ["pi/pi-mono__large-session.jsonl", "pi-mono__large-session.json", 32_000, 0.83],
  ["pi/pi-mono__large-session.jsonl", "pi-mono__large-session.json", 64_000, 0.99],
  ["pi/pi-mono__large-session.jsonl", "pi-mono__large-session__2-tooling-and-fixes.json", 32_000, 0.28],
  ["pi/pi-mono__large-session.jsonl", "pi-mono__large-session__4-user-words.json", 32_000, 0.91],
  ["copilot-cli/agentv__269e1b9e5502.jsonl", "agentv__269e1b9e5502.json", 32_000, 0.34],
  // planned since 2026-11-28 for the cache the run is priced under: its model (Llama 4 Maverick through OpenRouter) is
  // priced without one, so compacting sooner pays (16K 93.1 → 86.2%, final 11,781 → 5,066 tokens)
  ["openhands/openhands__multi_swe_bench_output.jsonl", "openhands__multi_swe_bench_output.json", 16_000, 0.86],
  ["openhands/openhands__multi_swe_bench_output.jsonl", "openhands__multi_swe_bench_output.json", 32_000, 0.93],
  ["swe-agent/swe-agent__gpt4__pydicom-1458.traj", "swe-agent__gpt4__pydicom-1458.json", 16_000, 0.89],
  // round 8 (what each file read declares): pi-mono's files-as-read set at 200K 31.0 → 34.5%
  ["pi/pi-mono__large-session.jsonl", "pi-mono__large-session__3-files-as-read.json", 200_000, 0.34],
];

describeWithShared("keeper's ledger on the tuning sessions where it compacts at smaller windows", () => {
  it.each(SMALL_WINDOW_FLOORS)("%s (%s) @ %i keeps ≥ %f of its hand-written probes", async (file, setFile, window, floor) => {
    const session = importTranscript(fs.readFileSync(sharedTranscript(file), "utf8"), { sourceName: file }).session;
    const set = ProbeSetSchema.parse(JSON.parse(fs.readFileSync(path.join(PROBES_DIR, setFile), "utf8")));
    expect(set.transcript).toBe(file);
    // planned as `lab simulate` plans it: for the cache the run is priced under by default
    const result = await replaySession({ session, strategy: findStrategy("keeper")!, window, sessionCache: runSessionCache(session, {}) });
    expect(result.final.contextTokens).toBeLessThanOrEqual(window);
    expect(scoreHandProbes({ session, result, probes: set.probes }).overall).toBeGreaterThanOrEqual(floor);
  }, 120_000);
});
