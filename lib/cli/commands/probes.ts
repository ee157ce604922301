import path from "node:path";
import { extractProbes } from "../../engine/evaluate/extract-probes";
import { PROBE_KINDS, PROBE_WEIGHTS } from "../../engine/evaluate/probe";
import { parseCommandArgs, UsageError, type CliIo } from "../command";
import { readTranscriptFile } from "../read-transcript-file";

export const usage = "npm run --silent lab -- probes <file> [--json]";

/**
 * Lists the retention probes of a transcript (lib/engine/evaluate/extract-probes). With --json prints
 * `{probes:[{id, kind, text, normalized, firstStep, messageId}], countsByKind, weights}`; without, a count per
 * kind and one line per probe.
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    usage,
    positionals: true,
    flags: { json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    io.stdout(`usage: ${usage}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`probes takes one file, got ${positionals.length}`, usage);
  const file = positionals[0];
  const read = readTranscriptFile({ file, usage, io });
  if ("exitCode" in read) return read.exitCode;
  const session = read.outcome.session;
  const probes = extractProbes(session);
  const countsByKind = Object.fromEntries(PROBE_KINDS.map((kind) => [kind, probes.filter((probe) => probe.kind === kind).length]));
  if (values.json) {
    io.stdout(`${JSON.stringify({ probes, countsByKind, weights: PROBE_WEIGHTS })}\n`);
    return 0;
  }
  io.stdout(
    [
      `${path.basename(file)}: ${probes.length} probes (${PROBE_KINDS.map((kind) => `${kind} ${countsByKind[kind]}`).join(", ")})`,
      ...probes.map((probe) => `${probe.id.padEnd(16)} step ${String(probe.firstStep).padStart(4)}  ${probe.text.replace(/\s+/g, " ")}`),
    ].join("\n") + "\n",
  );
  return 0;
}
