import path from "node:path";
import { FORMAT_IDS, type FormatId } from "../../engine/model";
import { sessionStats } from "../../engine/session-stats";
import { scanSession } from "../../secrets/scan-session";
import { redactionsFor, redactText } from "../../secrets/redact-text";
import { toSecretFinding } from "../../secrets/to-secret-finding";
import { isFormatId } from "../../transcripts";
import { integerFlag, parseCommandArgs, UsageError, type CliIo } from "../command";
import { readTranscriptFile } from "../read-transcript-file";

export const usage = `npm run --silent lab -- import <file> [--format <${FORMAT_IDS.join("|")}>] [--pick <n>] [--json]`;

/**
 * Imports one transcript file and prints its counts: with --json one JSON object
 * `{format, messages, toolCalls, toolResults, recordedCompactions, estimatedTokens, recordedPeakContextTokens}`
 * (the peak null when the file records no usage) plus `sessions` and `pick` when the file holds several sessions, and
 * `secrets: {count, kinds, findings}`: the credentials secretlint's recommended preset finds (rule, kind, message,
 * message/part, masked preview — never the secret itself).
 * A file that does not fit gives exit 2 and one line on stderr naming the format tried and the line or JSON path.
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    usage,
    positionals: true,
    flags: {
      format: { type: "string" },
      pick: { type: "string" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.stdout(`usage: ${usage}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`import takes one file, got ${positionals.length}`, usage);
  const file = positionals[0];
  const format = formatFlag(values.format);
  const pick = integerFlag({ value: values.pick, flag: "pick", usage });
  const read = readTranscriptFile({ file, usage, io, format, pick });
  if ("exitCode" in read) return read.exitCode;
  const outcome = read.outcome;

  const stats = sessionStats(outcome.session);
  const several = outcome.sessionCount > 1 ? { sessions: outcome.sessionCount, pick: outcome.pick } : {};
  const detected = await scanSession(outcome.session);
  const findings = detected.map(toSecretFinding);
  const kinds = [...new Set(findings.map((finding) => finding.kind))].sort();
  const summary = {
    format: outcome.format,
    messages: stats.messages,
    toolCalls: stats.toolCalls,
    toolResults: stats.toolResults,
    recordedCompactions: stats.recordedCompactions,
    estimatedTokens: stats.estimatedTokens,
    recordedPeakContextTokens: stats.recordedPeakContextTokens,
    ...several,
    secrets: { count: findings.length, kinds, findings },
  };
  if (values.json) {
    io.stdout(`${JSON.stringify(summary)}\n`);
    return 0;
  }
  const count = (value: number) => value.toLocaleString("en-US");
  const lines = [
    `${path.basename(file)}: ${outcome.format}${outcome.sessionCount > 1 ? `, session ${outcome.pick + 1} of ${outcome.sessionCount} (--pick ${outcome.pick})` : ""}`,
    // the title is the first user message, which can hold one of them
    `title: ${redactText(outcome.session.title, redactionsFor(detected))}`,
    `messages ${count(stats.messages)} · tool calls ${count(stats.toolCalls)} · tool results ${count(stats.toolResults)} · recorded compactions ${count(stats.recordedCompactions)}`,
    `estimated tokens (chars/4): ${count(stats.estimatedTokens)}`,
    `recorded peak context: ${stats.recordedPeakContextTokens === null ? "no usage recorded" : `${count(stats.recordedPeakContextTokens)} tokens`}`,
    ...(outcome.session.meta.notes ?? []).map((note) => `note: ${note}`),
    findings.length === 0
      ? "credentials: none found"
      : `credentials: ${count(findings.length)} found (${kinds.join(", ")}) — redact after upload before sharing or sending to a model`,
    ...findings.map((finding) => `  ${finding.seq === null ? `session ${finding.field}` : `message ${finding.seq} part ${finding.part}`}: ${finding.kind} ${finding.preview}`),
  ];
  io.stdout(`${lines.join("\n")}\n`);
  return 0;
}

function formatFlag(value: string | undefined): FormatId | undefined {
  if (value === undefined || isFormatId(value)) return value;
  throw new UsageError(`unknown format "${value}" (one of ${FORMAT_IDS.join(", ")})`, usage);
}
