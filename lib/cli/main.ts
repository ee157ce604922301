import { runCli } from "./run-cli";

/** The lab's command line: `npm run --silent lab -- <command> [options]` (see run-cli.ts and commands/). */
const exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
process.exitCode = exitCode;
