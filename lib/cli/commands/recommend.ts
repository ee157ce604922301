import fs from "node:fs";
import path from "node:path";
import { DEFAULT_QUALITY_FLOOR, DEFAULT_RECOMMEND_STRATEGIES, DEFAULT_TRIGGER_SHARES, type RecommendRequest } from "../../api/contracts/recommend-schemas";
import { COST_FLAGS, COST_USAGE, costFlags } from "../cost-flags";
import { EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_OK, parseCommandArgs, UsageError, type CliIo } from "../command";
import { formatRecommendation } from "../format-recommendation";

export const usage =
  `npm run --silent lab -- recommend <file or session id>… [--strategies <id>,<id>… (default ${DEFAULT_RECOMMEND_STRATEGIES.join(",")})] [--windows 200000,1000000] [--shares 10,20,…,95] [--floor 90 | --within 5] ` +
  `${COST_USAGE} [--json]   (DATABASE_URL names the database)`;

/** How often the command reads the recommendation's runs back while they replay. */
const POLL_MS = 500;

/**
 * Recommends a compaction threshold (issue #27) through the same jobs as the page: each argument is a transcript
 * file (imported into DATABASE_URL's database, or the session it already is there) or a stored session's id. The
 * recommendation is stored and its replays queued; this process's workers (and any `npm run worker`) replay them
 * while stderr shows how many have ended; Ctrl-C cancels what has not. Prints every setting as a table with the
 * verdict and the agents' snippets, or with --json the recommendation as the API returns it. Flags take percentages:
 * --shares (each 10–95, default 10…90 and 95) and --floor (default 90), or --within N: the relative floor, N points
 * below each session's recall with no compaction. The verdict names a setting whenever one finished on every
 * session, saying so plainly when it misses the floor and by how much. Exit 0 when it finished, 1 when it was
 * cancelled, 2 for bad input (an unknown session, a strategy with no trigger, too many replays: the reason on stderr).
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    usage,
    positionals: true,
    flags: {
      strategies: { type: "string" },
      windows: { type: "string" },
      shares: { type: "string" },
      floor: { type: "string" },
      within: { type: "string" },
      ...COST_FLAGS,
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.stdout(`usage: ${usage}\n`);
    return EXIT_OK;
  }
  if (positionals.length === 0) throw new UsageError("recommend takes at least one transcript file or session id", usage);
  // left out: the page's default (pi, codex), so a bare `lab recommend <session>` still ends with a setting
  const strategies = values.strategies === undefined ? [...DEFAULT_RECOMMEND_STRATEGIES] : values.strategies.split(",").map((id) => id.trim()).filter(Boolean);
  if (strategies.length === 0) throw new UsageError("--strategies names no strategy (e.g. --strategies pi,codex)", usage);
  const windows = values.windows === undefined ? undefined : values.windows.split(",").map((text) => wholeNumber(text, "--windows", 1_000));
  const shares = values.shares === undefined ? [...DEFAULT_TRIGGER_SHARES] : values.shares.split(",").map((text) => percentage(text, "--shares", 10, 95));
  if (values.floor !== undefined && values.within !== undefined) throw new UsageError("give --floor (absolute) or --within (points of no compaction), not both", usage);
  const floor = values.floor === undefined ? DEFAULT_QUALITY_FLOOR : percentage(values.floor, "--floor", 0, 100);
  const within = values.within === undefined ? undefined : Math.round(percentage(values.within, "--within", 0, 100) * 1000) / 10;
  const cost = costFlags(values, usage);

  const { importUpload } = await import("../../sessions/import-upload");
  const { startRecommendation } = await import("../../jobs/start-recommendation");
  const { readRecommendation } = await import("../../compare/recommend/read-recommendation");
  const { cancelComparison } = await import("../../runs/cancel-run");
  const { stopJobQueues } = await import("../../jobs/job-queue");
  const { closeDatabases } = await import("../../store/db");
  const { BadRequestError, ConflictError, NotFoundError } = await import("../../api/contracts/errors");
  const { ImportError } = await import("../../transcripts/import-error");
  const { describeImportError } = await import("../describe-import-error");
  let id: string | null = null;
  const interrupt = () => {
    if (id) void cancelComparison(id).then(() => io.stderr("cancelling the replays that have not ended…\n"));
  };
  process.on("SIGINT", interrupt);
  try {
    const sessionIds: string[] = [];
    for (const argument of positionals) {
      if (!fs.existsSync(argument)) {
        sessionIds.push(argument);
        continue;
      }
      try {
        sessionIds.push((await importUpload({ bytes: fs.readFileSync(argument), sourceName: path.basename(argument), refuseDuplicate: true })).id);
      } catch (error) {
        if (error instanceof ConflictError && error.existing) sessionIds.push(error.existing.id);
        else if (error instanceof ImportError) {
          io.stderr(`${describeImportError({ file: argument, error })}\n`);
          return EXIT_BAD_INPUT;
        } else throw error;
      }
    }
    const request: RecommendRequest = { sessionIds, strategies, ...(windows ? { windows } : {}), shares, floor, ...(within !== undefined ? { within } : {}), cacheProvider: cost.cacheProvider ?? "auto", cacheTtl: cost.cacheTtl ?? "auto", recordedRewrites: cost.recordedRewrites ?? true, ...(cost.costModel ? { costModel: cost.costModel } : {}) };
    try {
      id = (await startRecommendation(request)).id;
    } catch (error) {
      if (error instanceof BadRequestError || error instanceof NotFoundError) {
        io.stderr(`error: ${error.message}\n`);
        return EXIT_BAD_INPUT;
      }
      throw error;
    }
    io.stderr(`recommendation ${id} started (open /recommend?id=${id} in the lab to watch it)\n`);
    let view = await readRecommendation(id);
    let shown = -1;
    while (view.state === "running") {
      if (view.runs.ended !== shown) {
        shown = view.runs.ended;
        io.stderr(`${view.runs.ended}/${view.runs.total} replays ended${view.runs.failed ? ` (${view.runs.failed} failed)` : ""}\n`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      view = await readRecommendation(id);
    }
    io.stdout(values.json ? `${JSON.stringify(view)}\n` : formatRecommendation(view));
    return view.state === "done" ? EXIT_OK : EXIT_FAILURE;
  } finally {
    process.off("SIGINT", interrupt);
    await stopJobQueues();
    await closeDatabases();
  }
}

function wholeNumber(text: string, flag: string, min: number): number {
  const value = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || value < min) throw new UsageError(`${flag} takes whole numbers ≥ ${min}, got "${text}"`, usage);
  return value;
}

function percentage(text: string, flag: string, min: number, max: number): number {
  const value = Number(text.trim().replace(/%$/, ""));
  if (text.trim() === "" || !Number.isFinite(value) || value < min || value > max) throw new UsageError(`${flag} takes percentages between ${min} and ${max}, got "${text}"`, usage);
  return Math.round(value * 10) / 1000;
}
