import type { ContextView, PositionRange } from "../strategy";

/** Seed 001 §2: chunk sizing for safeguard summarization. */
export const BASE_CHUNK_RATIO = 0.4;
export const MIN_CHUNK_RATIO = 0.15;
/** 20% buffer for token-estimation error. */
export const SAFETY_MARGIN = 1.2;

/** Positions of the context, in order, with their additive token costs. */
export interface Stretch {
  positions: readonly number[];
  tokens: readonly number[];
}

export function stretchOf(context: ContextView, positions: readonly number[]): Stretch {
  return { positions, tokens: positions.map((position) => context.entryTokens(position)) };
}

export function totalOf(stretch: Stretch): number {
  return stretch.tokens.reduce((sum, tokens) => sum + tokens, 0);
}

/**
 * How many messages OpenClaw would count in a stretch: its transcript (pi's) holds one toolResult message per tool
 * result, so a lab tool message carrying a batch of parallel results (Codex: up to six) counts once per result.
 */
export function agentMessageCount(context: ContextView, stretch: Stretch): number {
  let count = 0;
  for (const position of stretch.positions) {
    const { message } = context.entry(position);
    count += message.role === "tool" ? Math.max(1, message.parts.filter((part) => part.type === "tool-result").length) : 1;
  }
  return count;
}

/**
 * Seed 001's `computeAdaptiveChunkRatio`: 0.4 of the window per chunk, reduced (never below 0.15) when the
 * average message, with the safety margin, is over a tenth of the window. The average is over OpenClaw's messages
 * ({@link agentMessageCount}: each tool result one), not the lab's.
 */
export function computeAdaptiveChunkRatio(context: ContextView, stretch: Stretch, window: number): number {
  const messages = agentMessageCount(context, stretch);
  if (messages === 0) return BASE_CHUNK_RATIO;
  const averageRatio = ((totalOf(stretch) / messages) * SAFETY_MARGIN) / window;
  if (averageRatio <= 0.1) return BASE_CHUNK_RATIO;
  return Math.max(MIN_CHUNK_RATIO, BASE_CHUNK_RATIO - Math.min(averageRatio * 2, BASE_CHUNK_RATIO - MIN_CHUNK_RATIO));
}

/**
 * Splits a stretch into at most `parts` pieces of about equal token share (OpenClaw's `buildStageSplitPlan`): a
 * new piece starts when adding the next group would pass the target. A group is a message with the tool results
 * right after it — a call and its results are never split, and the decision weighs the whole group (OpenClaw's
 * `chunkCompactionMessageGroups`). Empty pieces are dropped.
 */
export function splitByTokenShare(context: ContextView, stretch: Stretch, parts: number): Stretch[] {
  const target = totalOf(stretch) / parts;
  return splitWhere(context, stretch, (pieces, currentTokens, next) => pieces < parts - 1 && currentTokens + next > target);
}

/**
 * Splits a stretch into pieces of at most `maxTokens` ÷ the safety margin (OpenClaw's `buildSummaryChunks`); one
 * oversized group is a piece alone.
 */
export function chunkByMaxTokens(context: ContextView, stretch: Stretch, maxTokens: number): Stretch[] {
  const limit = Math.max(1, Math.floor(maxTokens / SAFETY_MARGIN));
  return splitWhere(context, stretch, (_, currentTokens, next) => currentTokens + next > limit);
}

function splitWhere(
  context: ContextView,
  stretch: Stretch,
  startsNewPiece: (piecesDone: number, currentTokens: number, nextGroupTokens: number) => boolean,
): Stretch[] {
  const pieces: Stretch[] = [];
  let positions: number[] = [];
  let tokens: number[] = [];
  let currentTokens = 0;
  let start = 0;
  while (start < stretch.positions.length) {
    let end = start + 1;
    while (end < stretch.positions.length && context.entry(stretch.positions[end]).message.role === "tool") end++;
    let groupTokens = 0;
    for (let index = start; index < end; index++) groupTokens += stretch.tokens[index];
    if (positions.length > 0 && startsNewPiece(pieces.length, currentTokens, groupTokens)) {
      pieces.push({ positions, tokens });
      positions = [];
      tokens = [];
      currentTokens = 0;
    }
    for (let index = start; index < end; index++) {
      positions.push(stretch.positions[index]);
      tokens.push(stretch.tokens[index]);
    }
    currentTokens += groupTokens;
    start = end;
  }
  if (positions.length > 0) pieces.push({ positions, tokens });
  return pieces;
}

/**
 * Seed 001 §7's `pruneHistoryForContextShare`: while the history is over `maxHistoryShare` of the window,
 * split it in `parts` by token share and drop the oldest piece. Returns what is kept and what was dropped.
 */
export function pruneHistoryForContextShare(options: {
  context: ContextView;
  history: Stretch;
  window: number;
  maxHistoryShare: number;
  parts: number;
}): { kept: Stretch; dropped: Stretch; droppedChunks: number; budget: number } {
  const budget = Math.max(1, Math.floor(options.window * options.maxHistoryShare));
  let kept = options.history;
  const droppedPositions: number[] = [];
  const droppedTokens: number[] = [];
  let droppedChunks = 0;
  while (kept.positions.length > 0 && totalOf(kept) > budget) {
    const pieces = splitByTokenShare(options.context, kept, options.parts);
    if (pieces.length <= 1) break;
    const [oldest, ...rest] = pieces;
    droppedPositions.push(...oldest.positions);
    droppedTokens.push(...oldest.tokens);
    droppedChunks++;
    kept = { positions: rest.flatMap((piece) => piece.positions), tokens: rest.flatMap((piece) => piece.tokens) };
  }
  return { kept, dropped: { positions: droppedPositions, tokens: droppedTokens }, droppedChunks, budget };
}

/** Consecutive positions as ranges, for a summary plan. */
export function rangesOf(positions: readonly number[]): PositionRange[] {
  const ranges: PositionRange[] = [];
  for (const position of positions) {
    const last = ranges.at(-1);
    if (last && last.to === position) last.to++;
    else ranges.push({ from: position, to: position + 1 });
  }
  return ranges;
}
