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

export function formatTally(title: string, rows: [string, Tally][]): string {
  const lines = [`${title}`, `${"check".padEnd(44)} ${"compared".padStart(9)} ${"equal".padStart(7)} ${"documented".padStart(11)} ${"unexplained".padStart(12)}`];
  for (const [name, tally] of rows) {
    lines.push(`${name.padEnd(44)} ${String(tally.compared).padStart(9)} ${String(tally.equal).padStart(7)} ${String(tally.documented).padStart(11)} ${String(tally.unexplained.length).padStart(12)}`);
    for (const difference of tally.unexplained.slice(0, 10)) lines.push(`    ${difference.where}: lab ${difference.lab} · oracle ${difference.oracle}`);
  }
  return lines.join("\n");
}

/** Writes an oracle's tallies to reports/conformance/<oracle>.json, for the closing lines of `npm run conformance`. */
export function saveTallies(oracle: string, pkg: string, tallies: Record<string, Tally>): void {
  const dir = path.resolve(import.meta.dirname, "..", "reports", "conformance");
  fs.mkdirSync(dir, { recursive: true });
  const summary = Object.fromEntries(Object.entries(tallies).map(([name, tally]) => [name, { compared: tally.compared, equal: tally.equal, documented: tally.documented, unexplained: tally.unexplained.length }]));
  fs.writeFileSync(path.join(dir, `${oracle}.json`), JSON.stringify({ oracle, package: pkg, checks: summary }, null, 2));
}
