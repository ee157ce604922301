import { parseArgs, type ParseArgsConfig } from "node:util";

/** Where a command writes: the real process streams in main.ts, buffers in tests. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** stderr is a terminal: a command may draw a progress bar there (absent: it is not) */
  stderrIsTty?: boolean;
  /** the whole of standard input (a hook's JSON); absent where there is none to read */
  readStdin?: () => Promise<string>;
}

/**
 * Exit codes: 0 done, 1 a failure (unexpected, or an upstream API that failed — a replay whose summaries failed
 * and whose strategy had no fallback included), 2 the caller's mistake (usage or input that does not fit),
 * 3 degraded: the replay finished but summaries failed and the strategy's fallback stood in (stderr says why).
 */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_BAD_INPUT = 2;
export const EXIT_DEGRADED = 3;

/** One CLI command as the registry holds it: a one-line summary for the command list, and how to run it. */
export interface Command {
  summary: string;
  run(args: string[], io: CliIo): Promise<number>;
}

/** What a command file exports: its usage line and its runner. */
export interface CommandModule {
  usage: string;
  run(args: string[], io: CliIo): Promise<number> | number;
}

/**
 * A registry entry whose module is loaded only when the command runs, so `lab generate` does not load every
 * importer and a half-written command cannot break the others.
 */
export function lazyCommand(summary: string, load: () => Promise<CommandModule>): Command {
  return { summary, run: async (args, io) => (await load()).run(args, io) };
}

/** A mistake in how the command was called; the runner prints the message and the usage, and exits 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
    this.name = "UsageError";
  }
}

/**
 * `node:util` parseArgs in strict mode, with its errors (unknown flag, missing value, stray positional)
 * turned into a {@link UsageError} carrying `usage`.
 */
export function parseCommandArgs<const Options extends NonNullable<ParseArgsConfig["options"]>>(options: {
  args: string[];
  flags: Options;
  usage: string;
  positionals?: boolean;
}) {
  try {
    return parseArgs({ args: options.args, options: options.flags, allowPositionals: options.positionals ?? false, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), options.usage);
  }
}

/** A non-negative integer flag value, or a UsageError naming the flag. */
export function integerFlag(options: { value: string | undefined; flag: string; usage: string; min?: number }): number | undefined {
  if (options.value === undefined) return undefined;
  const number = Number(options.value);
  const min = options.min ?? 0;
  if (!/^-?\d+$/.test(options.value) || !Number.isSafeInteger(number) || number < min) {
    throw new UsageError(`--${options.flag} takes an integer ≥ ${min}, got "${options.value}"`, options.usage);
  }
  return number;
}
