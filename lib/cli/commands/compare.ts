import { extractProbes } from "../../engine/evaluate/extract-probes";
import { scoreRetention } from "../../engine/evaluate/score-retention";
import { replaySession } from "../../engine/simulate/replay-session";
import type { ReplayResult } from "../../engine/simulate/replay-result";
import { findStrategy, strategies, strategiesById } from "../../engine/strategies";
import { resolveSettings, SettingsError } from "../../engine/strategies/resolve-settings";
import { EXIT_BAD_INPUT, integerFlag, parseCommandArgs, UsageError, type CliIo } from "../command";
import { readTranscriptFile } from "../read-transcript-file";

export const usage = "npm run --silent lab -- compare <file> --strategies <id>[:key=value;…],<id>… [--window N] [--json]";

interface Config {
  /** as written on the command line, e.g. `trim-messages:maxConversationMessages=20` */
  config: string;
  strategyId: string;
  overrides: Record<string, unknown>;
}

/**
 * Replays a transcript through several strategy configurations with the extractive summarizer and scores each.
 * With --json prints one JSON object per line and configuration: `{config, strategy, settings, peakContextTokens,
 * meanContextTokens, compactions, prunes, totalTokensSent, tokensSavedVsNone, summarizerTokens:{input, output},
 * fallbacks, guardTrips, retention:{overall, byKind, afterCompactions}}` — retention at the end (see
 * `scoreRetention`), `afterCompactions` the mean overall score just after each compaction or trim (null when none).
 * `tokensSavedVsNone` compares `totalTokensSent` (the sum of every step's context) with a `none` replay, run
 * once even when `none` is not listed. Setting values are read as JSON when they parse, else as strings;
 * a value cannot hold a `,` or `;` here (use `simulate --set` for lists).
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    usage,
    positionals: true,
    flags: {
      strategies: { type: "string" },
      window: { type: "string" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.stdout(`usage: ${usage}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`compare takes one file, got ${positionals.length}`, usage);
  if (!values.strategies) throw new UsageError("--strategies is required", usage);
  const configs = parseConfigs(values.strategies);
  const window = integerFlag({ value: values.window, flag: "window", usage, min: 1 });
  for (const config of configs) {
    try {
      resolveSettings(strategiesById[config.strategyId], config.overrides);
    } catch (error) {
      if (!(error instanceof SettingsError)) throw error;
      io.stderr(`${config.config}: ${error.message}\n`);
      return EXIT_BAD_INPUT;
    }
  }

  const file = positionals[0];
  const read = readTranscriptFile({ file, usage, io });
  if ("exitCode" in read) return read.exitCode;
  const session = read.outcome.session;

  const probes = extractProbes(session);
  const totalOf = (result: ReplayResult) => result.steps.reduce((sum, step) => sum + step.contextTokens, 0);
  let noneTotal: number | null = null;
  const rows = [];
  for (const config of configs) {
    const strategy = strategiesById[config.strategyId];
    const result = await replaySession({ session, strategy, settings: config.overrides, window });
    if (config.strategyId === "none" && Object.keys(config.overrides).length === 0) noneTotal ??= totalOf(result);
    rows.push({ config, result });
  }
  noneTotal ??= totalOf(await replaySession({ session, strategy: strategiesById.none, window }));

  for (const { config, result } of rows) {
    const contextTokens = result.steps.map((step) => step.contextTokens);
    const totalTokensSent = totalOf(result);
    const summarizerTokens = { input: 0, output: 0 };
    for (const event of result.events) {
      if (event.type !== "compaction-end" || !event.summarizerUsage) continue;
      summarizerTokens.input += event.summarizerUsage.input;
      summarizerTokens.output += event.summarizerUsage.output;
    }
    const count = (type: string) => result.events.filter((event) => event.type === type).length;
    const report = scoreRetention({ session, result, probes });
    const afterScores = report.compactions.flatMap((point) => (point.overall === null ? [] : [point.overall]));
    const row = {
      config: config.config,
      strategy: config.strategyId,
      settings: result.settings,
      peakContextTokens: Math.max(0, ...contextTokens),
      meanContextTokens: contextTokens.length ? Math.round(totalTokensSent / contextTokens.length) : 0,
      compactions: count("compaction-end") + count("trim"),
      prunes: count("prune"),
      totalTokensSent,
      tokensSavedVsNone: noneTotal - totalTokensSent,
      summarizerTokens,
      fallbacks: count("fallback"),
      guardTrips: count("guard"),
      retention: {
        overall: report.final.overall,
        byKind: Object.fromEntries(Object.entries(report.final.byKind).map(([kind, entry]) => [kind, entry.score])),
        afterCompactions: afterScores.length ? afterScores.reduce((sum, score) => sum + score, 0) / afterScores.length : null,
      },
    };
    if (values.json) io.stdout(`${JSON.stringify(row)}\n`);
    else {
      const percent = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(1)}%`);
      io.stdout(
        `${row.config.padEnd(24)} peak ${row.peakContextTokens.toLocaleString("en-US").padStart(9)} · sent ${row.totalTokensSent.toLocaleString("en-US").padStart(12)} · saved ${row.tokensSavedVsNone.toLocaleString("en-US").padStart(12)} · compactions ${row.compactions} · retention ${percent(row.retention.overall)}\n`,
      );
    }
  }
  return 0;
}

/** `pi,trim-messages:maxConversationMessages=20;x=true` → one config per comma; unknown ids are a UsageError. */
function parseConfigs(spec: string): Config[] {
  return spec.split(",").map((raw) => {
    const config = raw.trim();
    const colon = config.indexOf(":");
    const strategyId = colon < 0 ? config : config.slice(0, colon);
    if (!findStrategy(strategyId)) throw new UsageError(`unknown strategy "${strategyId}" (one of ${strategies.map((s) => s.id).join(", ")})`, usage);
    const overrides: Record<string, unknown> = {};
    if (colon >= 0) {
      for (const pair of config.slice(colon + 1).split(";").filter(Boolean)) {
        const equals = pair.indexOf("=");
        if (equals <= 0) throw new UsageError(`${config}: settings take key=value, got "${pair}"`, usage);
        const rawValue = pair.slice(equals + 1);
        let value: unknown;
        try {
          value = JSON.parse(rawValue);
        } catch {
          value = rawValue;
        }
        overrides[pair.slice(0, equals).trim()] = value;
      }
    }
    return { config, strategyId, overrides };
  });
}
