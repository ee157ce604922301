import { estimatorErrors } from "../../engine/tokens/estimator-errors";
import { integerFlag, parseCommandArgs, UsageError, type CliIo } from "../command";
import { readTranscriptFile } from "../read-transcript-file";

export const usage = "npm run --silent lab -- estimators <file> [--pick <n>] [--json]";

/**
 * Reports each token estimator's error against the usage the transcript recorded:
 * `{recordedCalls, estimators: [{estimator, calls, meanRatio, meanAbsolutePercentError}]}`.
 * A transcript without recorded usage gives an empty list (and says so without --json).
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    usage,
    positionals: true,
    flags: { pick: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    io.stdout(`usage: ${usage}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`estimators takes one file, got ${positionals.length}`, usage);
  const read = readTranscriptFile({ file: positionals[0], usage, io, pick: integerFlag({ value: values.pick, flag: "pick", usage }) });
  if ("exitCode" in read) return read.exitCode;
  const errors = estimatorErrors(read.outcome.session);
  if (values.json) {
    io.stdout(`${JSON.stringify({ recordedCalls: errors[0]?.calls ?? 0, estimators: errors })}\n`);
    return 0;
  }
  if (errors.length === 0) {
    io.stdout("the transcript records no usage: nothing to compare the estimators with\n");
    return 0;
  }
  const rows = errors.map(
    (error) =>
      `${error.estimator.padEnd(10)}  ${error.calls} calls  estimated/recorded ${error.meanRatio.toFixed(2)}  mean abs error ${error.meanAbsolutePercentError.toFixed(1)}%`,
  );
  io.stdout(`${rows.join("\n")}\n`);
  return 0;
}
