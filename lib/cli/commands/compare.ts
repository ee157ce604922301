import { BadRequestError, UpstreamError } from "../../api/contracts/errors";
import { COST_FLAGS, COST_USAGE, costFlags } from "../cost-flags";
import { EstimatorIdSchema, SummarizerIdSchema } from "../../api/contracts/run-schemas";
import type { CompareConfig, CompareRow } from "../../api/contracts/compare-schemas";
import { buildCompareRow, compareLabel, totalTokensSent } from "../../compare/compare-row";
import { CompareSpecError, parseCompareConfigs } from "../../compare/parse-compare-configs";
import { paretoFrontier } from "../../compare/pareto-frontier";
import { rankGroups } from "../../compare/rank-groups";
import { scoreContinuationRecall } from "../../engine/evaluate/score-continuation-recall";
import { extractProbes } from "../../engine/evaluate/extract-probes";
import type { ReplayResult } from "../../engine/simulate/replay-result";
import { replaySession } from "../../engine/simulate/replay-session";
import { strategies, strategiesById } from "../../engine/strategies";
import { resolveSettings, SettingsError } from "../../engine/strategies/resolve-settings";
import { providerOfStrategy } from "../../engine/strategies/provider-of-strategy";
import { buildSummarizer, type RunSummarizer } from "../../runs/build-summarizer";
import { runSessionCache } from "../../runs/price-run";
import { checkReplayEstimator, resolveReplayEstimator } from "../../runs/resolve-estimator";
import { examOf } from "../../runs/score-run-recall";
import { breakerOutcome, circuitBreakerSummarizer } from "../../runs/summarizer-circuit-breaker";
import { EXIT_BAD_INPUT, EXIT_DEGRADED, EXIT_FAILURE, EXIT_OK, integerFlag, parseCommandArgs, UsageError, type CliIo } from "../command";
import { readTranscriptFile } from "../read-transcript-file";
import { cachedContinuationFacts } from "../cached-continuation-facts";
import { refuseSecretsOut } from "../refuse-secrets-out";
import { readUserProbesFile } from "../read-user-probes-file";

/** The estimators a CLI comparison can use; count-tokens precounts the transcript with Anthropic's count_tokens first. */
const CLI_ESTIMATORS = EstimatorIdSchema.options;

export const usage =
  "npm run --silent lab -- compare <file> (--strategies <id>[:key=value;…],<id>… | --all) [--window N] " +
  `[--estimator ${CLI_ESTIMATORS.join("|")}] [--summarizer extractive|anthropic|openai [--model M] [--base-url URL (openai)]] [--probes <file.json>] ${COST_USAGE} [--allow-secrets] [--json]`;

/**
 * Replays a transcript through several strategy configurations and scores each, with the figures of the compare
 * workbench (`buildCompareRow`, so the CLI and the API print the same numbers). `--all` compares every registered
 * strategy at its defaults. With --json prints one {@link CompareRow} per line, in the order given, each with
 * `pareto: {tokensSent, finalContext}` — whether it is on the Pareto frontier of continuation recall against tokens sent and
 * against the final context (`paretoFrontier`) — and `rank: {place, tied, label}` by continuation recall, settings
 * whose 95% intervals overlap tied (`rankGroups`; null without a figure). Every row's recall is scored on one exam
 * (the same checkpoints and facts: `continuationRecall.counted` is equal across rows) with `low` / `high`.
 * Without --json, one line per configuration with its rank ("tied 1st"), ◆ marking the frontier against
 * tokens sent, then the two frontiers by name. Rows print once every configuration has run. `tokensSavedVsNone` is against a `none` replay with the same window and estimator, run
 * once (reused when `none` at its defaults is listed). `--probes` adds the user's probes (see
 * `readUserProbesFile`), scored as the `user` kind.
 *
 * `--summarizer anthropic` summarizes with Claude through the same `buildSummarizer` as a run (ANTHROPIC_API_KEY,
 * ANTHROPIC_BASE_URL, `--model`, default claude-haiku-4-5); a summary call that fails becomes the strategy's
 * fallback and is counted in `fallbacks` (each failed call in `summarizerFailures`), as in the app; after 3
 * failures in a row the configuration stops calling the API. A configuration whose summaries failed is named on
 * stderr with the upstream error, and the exit code is 3 (degraded) or 1 (a strategy without a fallback).
 * `--summarizer openai` does the same with any OpenAI-compatible endpoint (`--base-url`, default OPENAI_BASE_URL;
 * `--model`; OPENAI_API_KEY for the server's endpoint). Every configuration is checked before anything runs.
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    usage,
    positionals: true,
    flags: {
      strategies: { type: "string" },
      all: { type: "boolean" },
      window: { type: "string" },
      estimator: { type: "string" },
      summarizer: { type: "string" },
      model: { type: "string" },
      "base-url": { type: "string" },
      probes: { type: "string" },
      ...COST_FLAGS,
      json: { type: "boolean" },
      "allow-secrets": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.stdout(`usage: ${usage}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`compare takes one file, got ${positionals.length}`, usage);
  if (values.all && values.strategies) throw new UsageError("give --strategies or --all, not both", usage);
  if (!values.all && !values.strategies) throw new UsageError("--strategies or --all is required", usage);
  // --all: every strategy the chosen summarizer can run (a provider's own compaction only with that provider's)
  const runnable = strategies.filter((strategy) => {
    const provider = providerOfStrategy(strategy.id);
    return provider === null || provider === (values.summarizer ?? "extractive");
  });
  const configs = values.all ? runnable.map((strategy): CompareConfig => ({ strategy: strategy.id, settings: {} })) : parseConfigsFlag(values.strategies!);
  const window = integerFlag({ value: values.window, flag: "window", usage, min: 1 });
  const estimator = enumFlag({ value: values.estimator ?? "chars4", flag: "estimator", allowed: CLI_ESTIMATORS });
  const costOptions = costFlags(values, usage);
  const summarizerId = enumFlag({ value: values.summarizer ?? "extractive", flag: "summarizer", allowed: SummarizerIdSchema.options });
  if (values.model !== undefined && summarizerId === "extractive") throw new UsageError("--model needs --summarizer anthropic or --summarizer openai", usage);
  if (values["base-url"] !== undefined && summarizerId !== "openai") throw new UsageError("--base-url goes with --summarizer openai", usage);
  try {
    checkReplayEstimator({ estimator });
  } catch (error) {
    if (!(error instanceof BadRequestError)) throw error;
    io.stderr(`--estimator ${estimator} needs an API key: set ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL for a gateway or a local server), or pick an offline estimator.\n`);
    return EXIT_BAD_INPUT;
  }
  const userProbes = values.probes === undefined ? [] : readUserProbesFile({ file: values.probes, usage });

  const planned: { config: CompareConfig; label: string; summarizer: RunSummarizer }[] = [];
  for (const config of configs) {
    const label = compareLabel(config);
    try {
      resolveSettings(strategiesById[config.strategy], config.settings);
      // the CLI's own user names the endpoint: any base URL is trusted here
      const summarizer = buildSummarizer({ strategy: config.strategy, settings: config.settings, outputReserve: 0, estimator, summarizer: summarizerId, model: values.model, baseUrl: values["base-url"] }, { trustedBaseUrl: true });
      planned.push({ config, label, summarizer });
    } catch (error) {
      if (!(error instanceof SettingsError) && !(error instanceof BadRequestError)) throw error;
      io.stderr(`${label}: ${error.message}\n`);
      return EXIT_BAD_INPUT;
    }
  }

  const read = readTranscriptFile({ file: positionals[0], usage, io, hash: true });
  if ("exitCode" in read) return read.exitCode;
  const session = read.outcome.session;
  const refused = await refuseSecretsOut({ session, request: { summarizer: summarizerId, estimator }, allowSecrets: values["allow-secrets"] === true, io });
  if (refused !== null) return refused;
  const probes = extractProbes(session, { userProbes });
  const continuationFacts = await cachedContinuationFacts({ sha256: read.sha256!, session, read: {} });

  let estimatorChoice: Awaited<ReturnType<typeof resolveReplayEstimator>>;
  try {
    estimatorChoice = await resolveReplayEstimator({ estimator, session });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    io.stderr(`${error.message}\n`);
    return EXIT_FAILURE;
  }
  const baseline = await replaySession({ session, strategy: strategiesById.none, window, estimator: estimatorChoice });
  // one exam for every configuration: the same checkpoints, the same facts
  const exam = examOf({ baseline, window: baseline.window });
  const uncompacted = scoreContinuationRecall({ session, result: baseline, facts: continuationFacts, exam, ignoreWindow: true, interval: false }).overall;
  let exitCode = EXIT_OK;
  const rows: CompareRow[] = [];
  // a cache-aware strategy plans for the cache every row is priced under (--cost-model, --cache-provider, --cache-ttl)
  const sessionCache = runSessionCache(session, costOptions);
  for (const { config, label, summarizer } of planned) {
    const atDefaults = config.strategy === "none" && Object.keys(config.settings).length === 0;
    // each configuration has its own circuit breaker, as in the app
    const breaker = circuitBreakerSummarizer({ summarizer: summarizer.summarizer });
    const result: ReplayResult = atDefaults
      ? baseline
      : await replaySession({ session, strategy: strategiesById[config.strategy], settings: config.settings, window, estimator: estimatorChoice, summarizer: breaker.summarizer, sessionCache });
    const state = breaker.state();
    const row = buildCompareRow({ label, session, result, probes, continuationFacts, exam, baseline, uncompacted, noneTotal: totalTokensSent(baseline), summarizer: summarizerId, model: summarizer.model, summarizerFailures: state.failures, costOptions });
    rows.push(row);
    const outcome = breakerOutcome(state, { unchangedFallbacks: result.events.filter((event) => event.type === "fallback" && event.outcome === "unchanged").length });
    if (outcome.error) io.stderr(`${label}: ${outcome.status}: ${outcome.error}\n`);
    if (outcome.status === "failed") exitCode = EXIT_FAILURE;
    else if (outcome.status === "degraded" && exitCode === EXIT_OK) exitCode = EXIT_DEGRADED;
  }
  // the Pareto frontiers (more continuation recall, fewer tokens): against tokens sent, and against the final context
  const quality = (row: CompareRow) => row.continuationRecall?.overall ?? null;
  const bySent = paretoFrontier(rows.map((row, index) => ({ id: index, retention: quality(row), cost: row.totalTokensSent })));
  const byFinal = paretoFrontier(rows.map((row, index) => ({ id: index, retention: quality(row), cost: row.finalContextTokens })));
  // rank groups by continuation recall: settings whose 95% intervals overlap are tied, not ranked
  const ranks = rankGroups(rows.map((row, index) => ({ id: index, figure: quality(row), low: row.continuationRecall?.low, high: row.continuationRecall?.high })));
  rows.forEach((row, index) => {
    const pareto = { tokensSent: bySent.frontier.has(index), finalContext: byFinal.frontier.has(index) };
    const rank = ranks.get(index) ?? null;
    io.stdout(values.json ? `${JSON.stringify({ ...row, pareto, rank })}\n` : `${pareto.tokensSent ? "◆" : " "} ${(rank?.label ?? "—").padEnd(9)} ${describeRow(row)}\n`);
  });
  if (!values.json && rows.length > 1) {
    const names = (result: typeof bySent) => result.line.map((point) => rows[point.id].config).join(", ") || "—";
    io.stdout(`◆ Pareto frontier, continuation recall against tokens sent: ${names(bySent)}\n  against the final context: ${names(byFinal)}\n`);
    const unscored = bySent.excluded.map((entry) => rows[entry.id].config);
    if (unscored.length > 0) io.stdout(`  not placed (no fact counted): ${unscored.join(", ")}\n`);
  }
  return exitCode;
}

/** " [91.5–95.0%, 3 of 64 checkpoints refused]": the figure's 95% interval and the checkpoints lost to the window */
function interval(row: CompareRow): string {
  const recall = row.continuationRecall;
  if (recall?.low == null || recall.high == null) return "";
  const refused = recall.refused ? `, ${recall.refused} of ${recall.checkpoints?.length ?? 0} checkpoints refused` : "";
  return ` [${(recall.low * 100).toFixed(1)}–${(recall.high * 100).toFixed(1)}%${refused}]`;
}

function parseConfigsFlag(spec: string): CompareConfig[] {
  try {
    return parseCompareConfigs(spec);
  } catch (error) {
    if (error instanceof CompareSpecError) throw new UsageError(error.message, usage);
    throw error;
  }
}

function enumFlag<const T extends string>(options: { value: string; flag: string; allowed: readonly T[] }): T {
  if ((options.allowed as readonly string[]).includes(options.value)) return options.value as T;
  throw new UsageError(`--${options.flag} takes one of ${options.allowed.join(", ")}, got "${options.value}"`, usage);
}

/** One line of the text table: the headline figures, then retention by kind for the kinds that counted. */
function describeRow(row: CompareRow): string {
  const count = (value: number) => value.toLocaleString("en-US");
  const percent = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(1)}%`);
  const kinds = Object.entries(row.retention.byKind)
    .filter(([, entry]) => entry.counted > 0)
    .map(([kind, entry]) => `${kind} ${entry.retained}/${entry.counted}`)
    .join(" ");
  const cost = row.estimatedCostUsd === null ? "" : ` · summaries $${row.estimatedCostUsd.toFixed(4)}`;
  const dollars = row.cost?.totalUsd != null ? ` · $${row.cost.totalUsd.toFixed(4)} cached / $${row.cost.withoutCachingUsd!.toFixed(4)} without` : "";
  return (
    `${row.config.padEnd(24)} peak ${count(row.peakContextTokens).padStart(9)} · sent ${count(row.totalTokensSent).padStart(12)} · ` +
    `saved ${count(row.tokensSavedVsNone).padStart(12)}${dollars} · compactions ${row.compactions} · fallbacks ${row.fallbacks}${row.summarizerFailures > 0 ? ` · failed summaries ${row.summarizerFailures}` : ""}${cost} · ` +
    `continuation recall ${percent(row.continuationRecall?.overall ?? null)}${interval(row)} · probe retention ${percent(row.retention.overall)} (${kinds})`
  );
}
