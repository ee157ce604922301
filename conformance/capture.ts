import fs from "node:fs";
import path from "node:path";
import type { AnyStrategy, ContextView, StrategyDecision, StrategyInput } from "@/lib/engine/strategies/strategy";

/** One decision of a strategy as the replay asked it, with a frozen copy of what the oracle needs of the context. */
export interface CapturedDecision {
  step: number;
  input: StrategyInput<Record<string, unknown>>;
  decision: StrategyDecision;
  /** per context position: role, purpose, session index, the lab's additive tokens, the message */
  entries: { role: string; purpose: string | null; sessionIndex: number | null; tokens: number; message: ContextView extends { entry(p: number): { message: infer M } } ? M : never }[];
  contextTokens: number;
}

/**
 * The strategy with its `decide` wrapped: every decision is recorded with a snapshot of the context it saw (the
 * live context changes after the call, so what the oracle is given is copied here). Same behaviour otherwise.
 */
export function capturing(
  strategy: AnyStrategy,
  keep: (decision: StrategyDecision, input: StrategyInput<Record<string, unknown>>) => boolean,
): { strategy: AnyStrategy; decisions: CapturedDecision[]; calls: { step: number; point: string; contextTokens: number; compacted: boolean; force: boolean }[] } {
  const decisions: CapturedDecision[] = [];
  const calls: { step: number; point: string; contextTokens: number; compacted: boolean; force: boolean }[] = [];
  const wrapped: AnyStrategy = {
    ...strategy,
    decide(input) {
      const decision = strategy.decide(input);
      calls.push({ step: input.step, point: input.point, contextTokens: input.context.tokens, compacted: decision.compaction !== undefined, force: input.force });
      if (keep(decision, input)) {
        const { context } = input;
        const entries = Array.from({ length: context.length }, (_, position) => {
          const entry = context.entry(position);
          return { role: entry.message.role, purpose: entry.purpose, sessionIndex: entry.sessionIndex, tokens: context.entryTokens(position), message: entry.message };
        });
        decisions.push({ step: input.step, input, decision, entries, contextTokens: context.tokens });
      }
      return decision;
    },
  };
  return { strategy: wrapped, decisions, calls };
}

/** The per-strategy table the suite prints: points compared, equal, documented deviations, unexplained. */
export interface Tally {
  compared: number;
  equal: number;
  documented: number;
  unexplained: { where: string; lab: string; oracle: string }[];
}

export const emptyTally = (): Tally => ({ compared: 0, equal: 0, documented: 0, unexplained: [] });

/** Unexplained differences printed per check on stdout; the report file lists all of them. */
const PRINTED_DIFFERENCES = 5;

/**
 * The tally table: one row per check, then each check's unexplained differences (transcript, step, both answers) —
 * all of them, or the first {@link PRINTED_DIFFERENCES} with a count of the rest when `limit` is set (stdout).
 */
export function formatTally(title: string, rows: [string, Tally][], limit = Infinity): string {
  const lines = [`${title}`, `${"check".padEnd(44)} ${"compared".padStart(9)} ${"equal".padStart(7)} ${"documented".padStart(11)} ${"unexplained".padStart(12)}`];
  for (const [name, tally] of rows) {
    lines.push(`${name.padEnd(44)} ${String(tally.compared).padStart(9)} ${String(tally.equal).padStart(7)} ${String(tally.documented).padStart(11)} ${String(tally.unexplained.length).padStart(12)}`);
    for (const difference of tally.unexplained.slice(0, limit)) lines.push(`    ${difference.where}: lab ${difference.lab} · oracle ${difference.oracle}`);
    if (tally.unexplained.length > limit) lines.push(`    … and ${tally.unexplained.length - limit} more unexplained (see the report file)`);
  }
  return lines.join("\n");
}

const REPORT_DIR = path.resolve(import.meta.dirname, "..", "reports", "conformance");

/**
 * Writes an oracle's results: reports/conformance/<oracle>.json (the tallies, read by `npm run conformance` for its
 * closing lines) and reports/conformance/<oracle>.txt (the full table, every unexplained difference and every
 * documented one, `documented` as "heading" → lines); prints the table on stdout, short, with the report's path.
 */
export function reportOracle(options: { oracle: string; pkg: string; tallies: Record<string, Tally>; documented?: Record<string, readonly string[]> }): void {
  const { oracle, pkg, tallies } = options;
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const summary = Object.fromEntries(Object.entries(tallies).map(([name, tally]) => [name, { compared: tally.compared, equal: tally.equal, documented: tally.documented, unexplained: tally.unexplained.length }]));
  const reportFile = path.join(REPORT_DIR, `${oracle}.txt`);
  fs.writeFileSync(path.join(REPORT_DIR, `${oracle}.json`), JSON.stringify({ oracle, package: pkg, checks: summary, report: path.relative(path.resolve(REPORT_DIR, "..", ".."), reportFile) }, null, 2));
  const title = `${oracle} (${pkg})`;
  const documented = Object.entries(options.documented ?? {});
  const full = [
    formatTally(title, Object.entries(tallies)),
    ...documented.map(([heading, lines]) => `\n${heading} (documented, ${lines.length}):\n${lines.map((line) => `    ${line}`).join("\n")}`),
  ];
  fs.writeFileSync(reportFile, `${full.join("\n")}\n`);
  const listed = documented.map(([heading, lines]) => `${heading}: ${lines.length}`).join("; ");
  console.log(`${formatTally(title, Object.entries(tallies), PRINTED_DIFFERENCES)}\n${listed ? `documented differences — ${listed}; ` : ""}full report: ${path.relative(process.cwd(), reportFile)}`);
}
