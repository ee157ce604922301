import { compactionApplied } from "../../engine/simulate/replay-events";
import { scoreRunRecall } from "../../runs/score-run-recall";
import { noneStrategy } from "../../engine/strategies/none";
import fs from "node:fs";
import { COST_FLAGS, COST_USAGE, costFlags, describeCost } from "../cost-flags";
import { priceRun, runSessionCache } from "../../runs/price-run";
import path from "node:path";
import { contextAsSession, finalContext } from "../../engine/simulate/context-at";
import { checkInvariants } from "../../engine/simulate/check-invariants";
import { replaySession } from "../../engine/simulate/replay-session";
import { findStrategy, strategies } from "../../engine/strategies";
import { resolveSettings, SettingsError } from "../../engine/strategies/resolve-settings";
import type { Summarizer } from "../../engine/summarize/summarizer";
import { UpstreamError, BadRequestError } from "../../api/contracts/errors";
import { isReplayEstimatorId, REPLAY_ESTIMATOR_IDS } from "../../api/contracts/replay-estimator-ids";
import { SUMMARIZER_IDS } from "../../api/contracts/summarizer-ids";
import { providerOfStrategy } from "../../engine/strategies/provider-of-strategy";
import { checkReplayEstimator, resolveReplayEstimator } from "../../runs/resolve-estimator";
import { exportAnthropic } from "../../transcripts/export-anthropic";
import { breakerOutcome, circuitBreakerSummarizer } from "../../runs/summarizer-circuit-breaker";
import { EXIT_BAD_INPUT, EXIT_DEGRADED, EXIT_FAILURE, EXIT_OK, integerFlag, parseCommandArgs, UsageError, type CliIo } from "../command";
import { readTranscriptFile } from "../read-transcript-file";
import { cachedContinuationFacts } from "../cached-continuation-facts";
import { measureFidelity } from "../../engine/fidelity/measure-fidelity";
import { describeFidelity } from "../../engine/fidelity/describe-fidelity";
import { agentSessionWindow } from "../../runs/agent-session-window";
import { agentStrategyIds } from "../../engine/fidelity/agent-strategy-ids";
import { refuseSecretsOut } from "../refuse-secrets-out";
import { JUDGED_PROBES_FLAGS, JUDGED_PROBES_USAGE, judgedProbesForCli } from "../judged-probes-cli";

const SUMMARIZERS = SUMMARIZER_IDS;
const ESTIMATORS = REPLAY_ESTIMATOR_IDS;

export const usage = `npm run --silent lab -- simulate <file> --strategy <id> [--window N] [--output-reserve N] [--set key=value …] [--estimator ${ESTIMATORS.join("|")}] [--summarizer ${SUMMARIZERS.join("|")}] [--model <id> (anthropic, openai, count-tokens)] [--base-url <url> (openai)] [--context-out <path>] [--hidden-prefix] ${COST_USAGE} ${JUDGED_PROBES_USAGE} [--allow-secrets] [--json]`;

/**
 * Replays a transcript through a strategy. With --json prints
 * `{strategy, settings, steps:[{step, contextTokens}], events, compactions:[{step, tokensBefore, tokensAfter,
 * firstKeptMessageId}], final:{contextTokens, messages}, invariants:{toolPairsIntact, fitsBudget, budgetReasons},
 * continuationRecall:{overall, low, high, counted, present, byKind, exam, refused, uncompacted, checkpoints, events, points}, fidelity, fidelityReason}`
 * (`scoreRunRecall`: the exam of its own window; `fidelity`: the agent's recorded compactions beside the replay's nearest, see
 * lib/engine/fidelity — null with `fidelityReason` when the session records none, or the replay is not the agent's
 * own strategy at the session's window).
 * `--hidden-prefix` counts the agent's system prompt and tools (measured from the first recorded call) in every call.
 * `--context-out` writes the final model-visible context as an Anthropic Messages JSON array.
 * A bad `--set` (unknown key, wrong type) exits 2 naming the setting and what it expects.
 * `--estimator count-tokens` counts the transcript's parts with Anthropic's count_tokens first (ANTHROPIC_API_KEY,
 * ANTHROPIC_BASE_URL; `--model` picks the tokenizer): without a key it exits 2 saying so, and a count_tokens failure
 * exits 1 naming why.
 * `--summarizer openai` summarizes with any OpenAI-compatible endpoint: `--base-url` (default OPENAI_BASE_URL, else
 * OpenAI's API), `--model`, and OPENAI_API_KEY for the server's endpoint (a local endpoint needs none).
 * `--judged-probes` shows the judgement's calls and cost and, with `--yes`, adds `judgedProbes` to the JSON
 * (see lib/cli/judged-probes-cli.ts).
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    usage,
    positionals: true,
    flags: {
      strategy: { type: "string" },
      window: { type: "string" },
      "output-reserve": { type: "string" },
      set: { type: "string", multiple: true },
      estimator: { type: "string" },
      summarizer: { type: "string" },
      model: { type: "string" },
      "base-url": { type: "string" },
      "context-out": { type: "string" },
      "hidden-prefix": { type: "boolean" },
      ...COST_FLAGS,
      ...JUDGED_PROBES_FLAGS,
      json: { type: "boolean" },
      "allow-secrets": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.stdout(`usage: ${usage}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`simulate takes one file, got ${positionals.length}`, usage);
  if (!values.strategy) throw new UsageError("--strategy is required", usage);
  const costOptions = costFlags(values, usage);
  const strategy = findStrategy(values.strategy);
  if (!strategy) throw new UsageError(`unknown strategy "${values.strategy}" (one of ${strategies.map((s) => s.id).join(", ")})`, usage);
  const estimator = values.estimator ?? "chars4";
  if (!isReplayEstimatorId(estimator)) throw new UsageError(`--estimator takes one of ${ESTIMATORS.join(", ")}, got "${values.estimator}"`, usage);
  if (values.summarizer !== undefined && !(SUMMARIZERS as readonly string[]).includes(values.summarizer)) {
    throw new UsageError(`--summarizer takes one of ${SUMMARIZERS.join(", ")}, got "${values.summarizer}"`, usage);
  }
  if (values.model !== undefined && values.summarizer !== "anthropic" && values.summarizer !== "openai" && estimator !== "count-tokens") {
    throw new UsageError("--model goes with --summarizer anthropic, --summarizer openai or --estimator count-tokens", usage);
  }
  if (values["base-url"] !== undefined && values.summarizer !== "openai") throw new UsageError("--base-url goes with --summarizer openai", usage);
  try {
    checkReplayEstimator({ estimator });
  } catch (error) {
    if (!(error instanceof BadRequestError)) throw error;
    io.stderr(`--estimator ${estimator} needs an API key: set ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL for a gateway or a local server), or pick an offline estimator (${ESTIMATORS.filter((id) => id !== estimator).join(", ")}).\n`);
    return EXIT_BAD_INPUT;
  }
  const windowFlag = integerFlag({ value: values.window, flag: "window", usage, min: 1 });
  const outputReserve = integerFlag({ value: values["output-reserve"], flag: "output-reserve", usage });
  const overrides = parseSetFlags(values.set ?? []);
  let settings: object;
  try {
    settings = resolveSettings(strategy, overrides);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    io.stderr(`${error.message}\n`);
    return EXIT_BAD_INPUT;
  }

  const provider = providerOfStrategy(strategy.id);
  if (provider !== null && values.summarizer !== provider) {
    io.stderr(`--strategy ${strategy.id} is ${provider === "anthropic" ? "Anthropic's" : "OpenAI's"} own compaction and runs only against that API: add --summarizer ${provider} (with ${provider === "anthropic" ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY or a --base-url the key is for"}); the offline summarizer never calls it.\n`);
    return EXIT_BAD_INPUT;
  }

  const file = positionals[0];
  const read = readTranscriptFile({ file, usage, io, hash: true });
  if ("exitCode" in read) return read.exitCode;
  const session = read.outcome.session;
  const agentWindow = agentSessionWindow(session);
  // the agent's own strategy replays, unless --window says otherwise, at the window the agent ran with (recorded, else
  // its model's catalog window): the only one its recorded compactions can be held against (`fidelity`); any other
  // strategy at the session's recorded window, else 200K
  const ownAgent = agentStrategyIds(session.format).includes(strategy.id);
  const window = windowFlag ?? (ownAgent ? agentWindow.tokens : undefined);
  const refused = await refuseSecretsOut({ session, request: { summarizer: values.summarizer ?? "extractive", estimator, judge: values["judged-probes"] === true }, allowSecrets: values["allow-secrets"] === true, io });
  if (refused !== null) return refused;

  let summarizer: Summarizer | undefined;
  /** the summarizer's billed model (its calls are priced at it); null for the extractive summarizer */
  let summaryModel: string | null = null;
  if (values.summarizer === "anthropic") {
    // loaded only here, so other runs never load the SDK; key and base URL come from ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL
    const { createAnthropicSummarizer, DEFAULT_SUMMARY_MODEL } = await import("../../llm/anthropic-summarizer");
    const { AnthropicSummarizerError } = await import("../../llm/anthropic-summarizer-error");
    try {
      summaryModel = values.model ?? DEFAULT_SUMMARY_MODEL;
      const { withProviderCompaction } = await import("../../llm/with-provider-compaction");
      const { readEnv } = await import("../../env/read-env");
      const apiKey = readEnv().ANTHROPIC_API_KEY;
      const model = summaryModel;
      summarizer = createAnthropicSummarizer({ model });
      if (apiKey) summarizer = withProviderCompaction(summarizer, { target: { provider: "anthropic", model, apiKey } });
    } catch (error) {
      if (!(error instanceof AnthropicSummarizerError)) throw error;
      io.stderr(`${error.message}\n`);
      return EXIT_BAD_INPUT;
    }
  }
  if (values.summarizer === "openai") {
    const { buildSummarizer } = await import("../../runs/build-summarizer");
    try {
      // the machine's own user runs the CLI: any base URL it names is trusted
      const built = buildSummarizer({ strategy: strategy.id, settings: overrides, outputReserve: 0, estimator, summarizer: "openai", model: values.model, baseUrl: values["base-url"] }, { trustedBaseUrl: true });
      summarizer = built.summarizer;
      summaryModel = `${built.model} @ ${built.baseUrl}`;
    } catch (error) {
      if (!(error instanceof BadRequestError)) throw error;
      io.stderr(`${error.message}\n`);
      return EXIT_BAD_INPUT;
    }
  }
  // set by the callback (a holder, so TypeScript does not narrow it to null across the await)
  const precounted: { figures?: { parts: number; counted: number } } = {};
  let estimatorChoice: Awaited<ReturnType<typeof resolveReplayEstimator>>;
  try {
    estimatorChoice = await resolveReplayEstimator({ estimator, session, model: values.model, onPrecounted: (figures) => (precounted.figures = figures) });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    io.stderr(`${error.message}\n`);
    return EXIT_FAILURE;
  }
  // the run's own circuit breaker, as in the app: 3 failed summaries in a row and the rest fall back uncalled
  const breaker = summarizer ? circuitBreakerSummarizer({ summarizer }) : null;
  // a cache-aware strategy plans for the cache the run is priced under (--cost-model, --cache-provider, --cache-ttl)
  const result = await replaySession({ session, strategy, settings: overrides, window, outputReserve, estimator: estimatorChoice, summarizer: breaker?.summarizer, countHiddenPrefix: values["hidden-prefix"] === true, sessionCache: runSessionCache(session, costOptions) });
  const breakerState = breaker?.state() ?? null;
  const unchangedFallbacks = result.events.filter((event) => event.type === "fallback" && event.outcome === "unchanged").length;
  const outcome = breakerState ? breakerOutcome(breakerState, { unchangedFallbacks }) : { status: "done" as const, error: null };
  const exitCode = outcome.status === "done" ? EXIT_OK : outcome.status === "degraded" ? EXIT_DEGRADED : EXIT_FAILURE;
  if (outcome.error) io.stderr(`${outcome.status}: ${outcome.error}\n`);
  const invariants = checkInvariants(session, result);
  const priced = priceRun({ session, result, cost: costOptions, summarizerModel: summaryModel });
  const judgedProbes = await judgedProbesForCli({ values, session, result, usage, io });
  if (judgedProbes && "exitCode" in judgedProbes) return judgedProbes.exitCode;
  if (values["context-out"]) {
    // the final context is rebuilt (marks in force applied to every message) only for the file that shows it
    const request = exportAnthropic(contextAsSession(session, finalContext(session, result)));
    fs.writeFileSync(values["context-out"], `${JSON.stringify(request.messages, null, 2)}\n`);
  }
  // applied summaries and trims; a compaction that fell back is counted in `fallbacks`
  const compactions = result.events.flatMap((event) =>
    (event.type === "compaction-end" && compactionApplied(event)) || event.type === "trim"
      ? [{ step: event.step, tokensBefore: event.tokensBefore, tokensAfter: event.tokensAfter, firstKeptMessageId: event.firstKeptMessageId }]
      : [],
  );
  const fidelity = measureFidelity({ session, result, window: agentWindow });
  const output = {
    status: outcome.status,
    error: outcome.error,
    strategy: strategy.id,
    settings,
    window: result.window,
    // where the window came from: --window, the agent's own (its own strategy: recorded, agent, catalog), the
    // session's recorded window, or the lab's default
    windowFrom: windowFlag !== undefined ? "flag" : ownAgent ? agentWindow.from : session.meta.contextWindow ? "recorded" : "default",
    estimator,
    ...(precounted.figures ? { precount: precounted.figures } : {}),
    // each call's cache read and write beside its context (null when the run is not priced: no known price)
    steps: priced.result.steps.map((step) => ({ step: step.step, contextTokens: step.contextTokens, cacheRead: step.cache?.read ?? null, cacheWrite: step.cache?.write ?? null })),
    events: result.events,
    compactions,
    fallbacks: result.events.filter((event) => event.type === "fallback").length,
    summarizerFailures: breakerState?.failures ?? 0,
    summarizer: values.summarizer ?? "extractive",
    summaryModel,
    summarizerUsage: summaryModel === null ? null : summedUsage(result.events),
    final: { contextTokens: result.final.contextTokens, messages: result.final.messages },
    invariants: { toolPairsIntact: invariants.toolPairsIntact, fitsBudget: invariants.fitsBudget, budgetReasons: invariants.budgetReasons },
    // on the exam of the run's own window: the checkpoints a comparison at that window scores every setting at
    continuationRecall: await scoreRunRecall({
      session,
      result,
      baseline: await replaySession({ session, strategy: noneStrategy, window: result.window, outputReserve, estimator: estimatorChoice }),
      facts: await cachedContinuationFacts({ sha256: read.sha256!, session, read: {} }),
    }),
    cost: priced.cost,
    fidelity: fidelity.fidelity,
    fidelityReason: fidelity.reason,
    ...(judgedProbes ? { judgedProbes: judgedProbes.judged } : {}),
  };
  if (values.json) {
    io.stdout(`${JSON.stringify(output)}\n`);
    return exitCode;
  }
  const peak = Math.max(0, ...result.steps.map((step) => step.contextTokens));
  const count = (value: number) => value.toLocaleString("en-US");
  io.stdout(
    [
      `${path.basename(file)} through ${strategy.id} (window ${count(result.window)}${windowFlag === undefined && ownAgent ? ` — the agent's own, ${agentWindow.from}` : ""}, ${estimator})`,
      `steps ${result.steps.length} · peak ${count(peak)} tokens · final ${count(result.final.contextTokens)} tokens in ${result.final.messages} messages`,
      ...(precounted.figures ? [`count_tokens: ${count(precounted.figures.parts)} parts counted in ${count(precounted.figures.counted)} requests`] : []),
      `compactions/trims ${compactions.length} · fallbacks ${output.fallbacks} · failed summaries ${output.summarizerFailures} · events ${result.events.length}`,
      ...(output.summarizerUsage ? [`summarizer ${output.summarizer} (${summaryModel}): ${count(output.summarizerUsage.input)} input + ${count(output.summarizerUsage.output)} output tokens`] : []),
      `dollars: ${describeCost(priced.cost)}`,
      ...(outcome.error ? [`${outcome.status}: ${outcome.error}`] : []),
      `continuation recall ${output.continuationRecall.overall === null ? "—" : `${(output.continuationRecall.overall * 100).toFixed(1)}%`} (facts later messages use, held at ${output.continuationRecall.checkpoints?.length ?? 0} checkpoints; ${output.continuationRecall.refused ?? 0} refused over the window; ${output.continuationRecall.points.length} cuts)`,
      ...(judgedProbes ? [`judged probes ${typeof judgedProbes.judged.overall === "number" ? judgedProbes.judged.overall.toFixed(2) : "—"} / 5 (${String(judgedProbes.judged.calls)} calls)`] : []),
      ...describeFidelity(fidelity),
      `tool pairs intact: ${invariants.toolPairsIntact} · fits budget: ${invariants.fitsBudget}`,
      ...invariants.budgetReasons.slice(0, 5).map((reason) => `over budget: ${reason}`),
      ...(invariants.budgetReasons.length > 5 ? [`over budget: … and ${invariants.budgetReasons.length - 5} more`] : []),
      ...invariants.violations.map((violation) => `violation: ${violation}`),
    ].join("\n") + "\n",
  );
  return exitCode;
}

/**
 * `--set key=value` pairs as setting overrides. A value is read as JSON when it parses (numbers, booleans,
 * arrays, quoted strings), else as a comma-separated list when it has a comma, else as a plain string; the
 * strategy's schema then says whether it fits.
 */
function parseSetFlags(pairs: string[]): Record<string, unknown> {
  const overrides: Record<string, unknown> = {};
  for (const pair of pairs) {
    const equals = pair.indexOf("=");
    if (equals <= 0) throw new UsageError(`--set takes key=value, got "${pair}"`, usage);
    const raw = pair.slice(equals + 1);
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw.includes(",") ? raw.split(",").map((item) => item.trim()) : raw;
    }
    overrides[pair.slice(0, equals)] = value;
  }
  return overrides;
}

/** Billed summarizer tokens over the compactions that got a summary. */
function summedUsage(events: readonly { type: string; summarizerUsage?: { input: number; output: number } | null }[]): { input: number; output: number } {
  const usage = { input: 0, output: 0 };
  for (const event of events) {
    if (event.type !== "compaction-end" || !event.summarizerUsage) continue;
    usage.input += event.summarizerUsage.input;
    usage.output += event.summarizerUsage.output;
  }
  return usage;
}
