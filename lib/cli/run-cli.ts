import { EXIT_BAD_INPUT, EXIT_FAILURE, UsageError, type CliIo } from "./command";
import { commandsByName } from "./commands";
import { EnvError, readEnv } from "../env/read-env";

/** The top-level usage: the command list, from the registry. */
export function cliUsage(): string {
  const width = Math.max(...Object.keys(commandsByName).map((name) => name.length));
  const lines = Object.entries(commandsByName).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return ["usage: npm run --silent lab -- <command> [options]", "", "commands:", ...lines, "", "Run a command with --help for its options."].join("\n");
}

/**
 * Runs one CLI invocation (`args` without node and the script) and returns the exit code. Usage mistakes and a bad
 * environment variable print the message (and the usage) on stderr and give 2; anything unexpected prints its
 * message and gives 1.
 */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    (name === undefined ? io.stderr : io.stdout)(`${cliUsage()}\n`);
    return name === undefined ? EXIT_BAD_INPUT : 0;
  }
  const command = Object.hasOwn(commandsByName, name) ? commandsByName[name] : undefined;
  if (!command) {
    io.stderr(`error: unknown command "${name}"\n\n${cliUsage()}\n`);
    return EXIT_BAD_INPUT;
  }
  try {
    readEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    io.stderr(`error: ${error.message}\n`);
    return EXIT_BAD_INPUT;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`error: ${error.message}\n\nusage: ${error.usage}\n`);
      return EXIT_BAD_INPUT;
    }
    io.stderr(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILURE;
  }
}
