import fs from "node:fs";
import { z } from "zod";
import { UserProbeInputSchema } from "../api/contracts/compare-schemas";
import { ProbeSetSchema, probeSetToUserProbes } from "../api/contracts/probe-set-schema";
import { compileUserProbePattern } from "../engine/evaluate/compile-user-probe-pattern";
import type { UserProbeSpec } from "../engine/evaluate/probe";
import { UsageError } from "./command";

const UserProbesFileSchema = z.array(UserProbeInputSchema.extend({ id: z.string().trim().min(1).max(80).optional() })).max(200);

/**
 * The user probes of a `--probes <file.json>` flag: a JSON array of `{kind: "text"|"regex", pattern, label?, id?}`
 * (the API's user probes, so a list saved from the app reads as is; other fields are ignored), or a hand-written
 * probe set (`{transcript, probes: [{id, kind, label, any, weight?}]}`, bench/probes/README.md), each of whose
 * probes becomes one regex probe (`probeSetToUserProbes`). A probe without an
 * id gets its 1-based position. Anything wrong — an unreadable file, JSON that does not parse, an entry that does
 * not fit, a regex that does not compile, an id given twice — is a UsageError naming the file and the entry, so
 * nothing runs on half a list.
 */
export function readUserProbesFile(options: { file: string; usage: string }): UserProbeSpec[] {
  const { file, usage } = options;
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read probes file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, usage);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`probes file ${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`, usage);
  }
  if (json !== null && typeof json === "object" && !Array.isArray(json)) {
    const set = ProbeSetSchema.safeParse(json);
    if (!set.success) throw new UsageError(`probes file ${file} does not fit a probe set {transcript, probes: [{id, kind, label, any, weight?}]}: ${z.prettifyError(set.error)}`, usage);
    json = probeSetToUserProbes(set.data);
  }
  const parsed = UserProbesFileSchema.safeParse(json);
  if (!parsed.success) throw new UsageError(`probes file ${file} does not fit [{kind: "text"|"regex", pattern, label?, id?}]: ${z.prettifyError(parsed.error)}`, usage);
  const ids = new Set<string>();
  return parsed.data.map((entry, index) => {
    const id = entry.id ?? String(index + 1);
    if (ids.has(id)) throw new UsageError(`probes file ${file}: entry ${index} repeats id "${id}"`, usage);
    ids.add(id);
    if (entry.kind === "regex") {
      try {
        compileUserProbePattern(entry.pattern);
      } catch (error) {
        throw new UsageError(`probes file ${file}: entry ${index}: ${(error as Error).message}`, usage);
      }
    }
    return { id, kind: entry.kind, pattern: entry.pattern, ...(entry.label ? { label: entry.label } : {}) };
  });
}
