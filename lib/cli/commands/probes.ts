import path from "node:path";
import { extractProbes } from "../../engine/evaluate/extract-probes";
import { PROBE_KINDS, PROBE_WEIGHTS } from "../../engine/evaluate/probe";
import { parseCommandArgs, UsageError, type CliIo } from "../command";
import { readTranscriptFile } from "../read-transcript-file";
import { readUserProbesFile } from "../read-user-probes-file";

export const usage = "npm run --silent lab -- probes <file> [--probes <user-probes.json>] [--json]";

/**
 * Lists the retention probes of a transcript (lib/engine/evaluate/extract-probes). With --json prints
 * `{probes:[{id, kind, text, normalized, firstStep, messageId}], countsByKind, weights}`; without, a count per
 * kind and one line per probe. `--probes` adds the user's probes (kind `user`, with `label`, `regex` and
 * `inSession`; see `readUserProbesFile`), so one can check where a probe first occurs before comparing.
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    usage,
    positionals: true,
    flags: { json: { type: "boolean" }, probes: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    io.stdout(`usage: ${usage}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`probes takes one file, got ${positionals.length}`, usage);
  const file = positionals[0];
  const userProbes = values.probes === undefined ? [] : readUserProbesFile({ file: values.probes, usage });
  const read = readTranscriptFile({ file, usage, io });
  if ("exitCode" in read) return read.exitCode;
  const session = read.outcome.session;
  const probes = extractProbes(session, { userProbes });
  const countsByKind = Object.fromEntries(PROBE_KINDS.map((kind) => [kind, probes.filter((probe) => probe.kind === kind).length]));
  if (values.json) {
    io.stdout(`${JSON.stringify({ probes, countsByKind, weights: PROBE_WEIGHTS })}\n`);
    return 0;
  }
  io.stdout(
    [
      `${path.basename(file)}: ${probes.length} probes (${PROBE_KINDS.map((kind) => `${kind} ${countsByKind[kind]}`).join(", ")})`,
      ...probes.map((probe) => {
        const where = probe.inSession === false ? "   never" : `step ${String(probe.firstStep).padStart(4)}`;
        return `${probe.id.padEnd(16)} ${where}  ${probe.regex === undefined ? "" : "/"}${probe.text.replace(/\s+/g, " ")}${probe.regex === undefined ? "" : "/i"}${probe.label ? `  (${probe.label})` : ""}`;
      }),
    ].join("\n") + "\n",
  );
  return 0;
}
