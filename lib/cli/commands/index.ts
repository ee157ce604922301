import { lazyCommand, type Command } from "../command";

/**
 * Every CLI command by name. To add one, write `lib/cli/commands/<name>.ts` exporting `usage` and `run`,
 * and add one line here.
 */
export const commandsByName: Readonly<Record<string, Command>> = {
  formats: lazyCommand("list the transcript formats the importers read", () => import("./formats")),
  import: lazyCommand("import a transcript file and print its counts and token sizes", () => import("./import")),
  strategies: lazyCommand("list the compaction strategies with their sources and defaults", () => import("./strategies")),
  simulate: lazyCommand("replay a transcript through a strategy and print the timeline and events", () => import("./simulate")),
  estimators: lazyCommand("each token estimator's error against the usage a transcript recorded", () => import("./estimators")),
  probes: lazyCommand("list the retention probes (paths, commands, errors, rules, decisions…) of a transcript", () => import("./probes")),
  compare: lazyCommand("replay a transcript through several strategies and score cost and retention", () => import("./compare")),
  recommend: lazyCommand("sweep strategies' compaction trigger over sessions and recommend the cheapest setting that keeps the quality floor (DATABASE_URL)", () => import("./recommend")),
  search: lazyCommand("full-text search over every stored session's messages, paths and commands (DATABASE_URL)", () => import("./search")),
  sync: lazyCommand("find the agents' sessions under HOME (Claude Code, Codex, pi, Gemini CLI, openclaw, opencode, Goose, Cline, Roo Code, Kilo Code) and store the new and changed ones (DATABASE_URL, or a team lab with --to)", () => import("./sync")),
  redact: lazyCommand("replace every credential in a stored session (DATABASE_URL) with a placeholder naming its kind", () => import("./redact")),
  generate: lazyCommand("write a generated, realistic coding-agent session", () => import("./generate")),
  worker: lazyCommand("start a job worker on DATABASE_URL's database (runs, comparisons, sweeps; pg-boss on PostgreSQL)", () => import("./worker")),
};
