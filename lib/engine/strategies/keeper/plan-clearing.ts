import type { ToolResultPart } from "../../model";
import type { ContextView, MarkRequest } from "../strategy";
import { rewriteEconomics, type CacheEconomics } from "./cache-economics";

/** A cleared result keeps this much of its first line, so the call still says what it found. */
const FIRST_LINE_CHARS = 120;

/** The placeholder a cleared tool result is sent as: its size and its first line. */
export function clearedPlaceholder(part: ToolResultPart): string {
  const lines = part.output.split("\n");
  const first = lines.find((line) => line.trim().length > 0)?.trim() ?? "";
  const head = first.length > FIRST_LINE_CHARS ? `${first.slice(0, FIRST_LINE_CHARS)}…` : first;
  return `[tool output cleared to keep the context small: ${lines.length} lines${part.isError ? ", an error" : ""}${head ? `; first line: ${head}` : ""}]`;
}

export interface ClearingPass {
  marks: MarkRequest[];
  /** additive tokens the pass frees */
  freed: number;
  /** additive tokens from the first cleared message to the end, before the pass */
  suffix: number;
  /** the pass's price, base-input-price tokens: the rewrite now, the saving per later call, and the net over the payback calls */
  extra: number;
  savingPerCall: number;
  net: number;
}

/**
 * One batch of tool-output clearing, or null when no batch pays. The candidates are the unmarked tool results older
 * than the newest `keepToolResults`. Clearing from a position rewrites the prompt from there, so each batch is "every
 * candidate from the i-th on" (clearing an older one alone would rewrite as much and free less), whose rewrite runs from
 * its first message to the end — or is the whole prompt when that message is further back than the provider's cache
 * looks for an earlier entry (`lookbackMessages`, Anthropic's ~20 blocks: lib/engine/cache/cache-rules.ts); the batch with the
 * best net saving over `paybackCalls` calls is chosen, if that net is positive (`rewriteEconomics`). A cold cache
 * makes the rewrite free: then every candidate is cleared.
 */
export function planClearing(options: {
  context: ContextView;
  keepToolResults: number;
  economics: CacheEconomics;
  cold: boolean;
  /** a change further back than this many messages from the prompt's end leaves nothing readable (Anthropic's lookback); 0: no limit */
  lookbackMessages: number;
  pruner: string;
}): ClearingPass | null {
  const { context } = options;
  const candidates: { position: number; partIndex: number; freed: number; mark: MarkRequest["mark"] }[] = [];
  let seen = 0;
  for (let position = context.length - 1; position >= 0; position--) {
    const { message } = context.entry(position);
    for (let partIndex = message.parts.length - 1; partIndex >= 0; partIndex--) {
      const part = message.parts[partIndex];
      if (part.type !== "tool-result") continue;
      if (++seen <= options.keepToolResults || context.markOf(position, partIndex) !== undefined) continue;
      const mark = { kind: "cleared" as const, placeholder: clearedPlaceholder(part) };
      const freed = context.partTokens(position, partIndex) - context.partTokensUnder(position, partIndex, mark);
      if (freed > 0) candidates.push({ position, partIndex, freed, mark });
    }
  }
  if (candidates.length === 0) return null;
  candidates.reverse(); // oldest first

  // suffix tokens from each candidate's message to the end, walking back once
  const suffixFrom = new Map<number, number>();
  let running = 0;
  let next = candidates.length - 1;
  for (let position = context.length - 1; position >= 0; position--) {
    running += context.entryTokens(position);
    while (next >= 0 && candidates[next].position === position) suffixFrom.set(next--, running);
  }
  const whole = running;
  const beyondLookback = (position: number) => options.lookbackMessages > 0 && context.length - position > options.lookbackMessages;
  let best: { index: number; freed: number; suffix: number; extra: number; savingPerCall: number; net: number } | null = null;
  let freedFrom = 0;
  for (let index = candidates.length - 1; index >= 0; index--) {
    freedFrom += candidates[index].freed;
    if (index > 0 && candidates[index - 1].position === candidates[index].position) continue; // one message is rewritten whole
    // past the lookback the cache finds no earlier entry: the whole prompt is written again
    const suffix = beyondLookback(candidates[index].position) ? whole : suffixFrom.get(index)!;
    const priced = rewriteEconomics({ suffixTokens: suffix, freedTokens: freedFrom, cold: options.cold, economics: options.economics });
    if (best === null || priced.net > best.net) best = { index, freed: freedFrom, suffix, ...priced };
  }
  if (best === null || best.net <= 0) return null;
  const marks = candidates.slice(best.index).map(({ position, partIndex, mark }) => ({ position, partIndex, mark, pruner: options.pruner }));
  return { marks, freed: best.freed, suffix: best.suffix, extra: best.extra, savingPerCall: best.savingPerCall, net: best.net };
}
