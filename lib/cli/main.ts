import { runCli } from "./run-cli";

// `lab … | head` closes the pipe early: stop quietly instead of crashing with an unhandled EPIPE
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(process.exitCode ?? 0);
});

/**
 * The lab's command line: `npm run --silent lab -- <command> [options]` (see run-cli.ts and commands/). No top-level
 * await: scripts/build-cli.mjs bundles this file as one CommonJS script, so that scripts/lab.cjs can load it with
 * V8's code cache.
 */
void runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stderrIsTty: process.stderr.isTTY === true,
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  },
}).then((exitCode) => {
  process.exitCode = exitCode;
});
