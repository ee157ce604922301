import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { replaySession } from "@/lib/engine/simulate/replay-session";
import { DEFAULT_OPENCLAW_SETTINGS, effectiveReserveTokens, openclawStrategy } from "@/lib/engine/strategies/openclaw";
import { BASE_CHUNK_RATIO, chunkByMaxTokens, computeAdaptiveChunkRatio, MIN_CHUNK_RATIO, pruneHistoryForContextShare, SAFETY_MARGIN, splitByTokenShare, type Stretch } from "@/lib/engine/strategies/openclaw/token-share";
import { findPiCut } from "@/lib/engine/strategies/pi";
import type { ContextView } from "@/lib/engine/strategies/strategy";
import { capturing, emptyTally, reportOracle, type CapturedDecision, type Tally } from "./capture";
import { loadOracle, ORACLES_DIR } from "./oracles";
import { conformanceSessions, WINDOWS } from "./sessions";

/**
 * OpenClaw (`openclaw` 2026.9.6, its bundled compaction-planning chunk: find it by `buildHistoryPrunePlan`) against the
 * lab's `openclaw` strategy on every shared transcript and generated 2,000- and 10,000-message sessions at 32K, 64K,
 * 128K and 200K. At every compaction the lab performs, on the messages it summarizes (given to the package as pi
 * messages of the lab's token sizes, one toolResult per tool result, each paired by id with its call):
 * - history-share pruning: the messages `pruneHistoryForContextShare` drops (via `buildHistoryPrunePlan`);
 * - staged summarization: the adaptive chunk ratio (`computeAdaptiveChunkRatio`), the chunk boundaries
 *   (`buildSummaryChunks`) and the token-share split (`buildStageSplitPlan`);
 * - the constants (`BASE_CHUNK_RATIO`, `MIN_CHUNK_RATIO`, `SAFETY_MARGIN`).
 * The reserve floor (seed 001 §1: max(reserveTokens, reserveTokensFloor)) is not in the package's planning chunk;
 * it is checked against the seed's arithmetic. Whether to prune at all: OpenClaw measures the new content against
 * window × share × 1.2; the lab measures the history being summarized against window × share (documented).
 */
interface OpenclawPlanning {
  a: (params: { messagesToSummarize: unknown[]; turnPrefixMessages: unknown[]; tokensBefore: number; contextWindowTokens: number; maxHistoryShare: number; parts: number }) => { pruned?: { droppedMessagesList: unknown[]; droppedChunks: number } };
  c: (params: { messages: unknown[]; maxChunkTokens: number }) => unknown[][];
  l: (messages: unknown[], contextWindow: number) => number;
  s: (params: { messages: unknown[]; maxChunkTokens: number; parts?: number; minMessagesForSplit?: number }) => { mode: "single" } | { mode: "split"; chunks: unknown[][] };
  t: number;
  n: number;
  r: number;
}

const tallies = { constants: emptyTally(), reserveFloor: emptyTally(), prune: emptyTally(), chunkRatio: emptyTally(), chunks: emptyTally(), split: emptyTally() };
afterAll(() => {
  reportOracle({ oracle: "openclaw", pkg: "openclaw 2026.9.6", tallies });
});

function planningModule(): string {
  const dist = path.join(ORACLES_DIR, "openclaw", "dist");
  const file = fs.readdirSync(dist).find((name) => name.startsWith("compaction-planning-") && fs.readFileSync(path.join(dist, name), "utf8").includes("function buildHistoryPrunePlan"));
  if (!file) throw new Error(`no compaction-planning chunk with buildHistoryPrunePlan in ${dist}`);
  return path.join("openclaw", "dist", file);
}

/**
 * pi-shaped messages (OpenClaw estimates with pi's estimateTokens) of the lab's sizes, with the lab position each
 * one stands for. A lab tool message carries every result of its call batch (Codex's parallel calls: up to six);
 * in pi's shape each result is a toolResult message of its own, paired by id with its call — OpenClaw keeps a
 * call group open until every call of the assistant message has its result. The lab tool message's tokens are
 * shared out over its results (the sum is the lab's size).
 */
function sizedMessages(entries: CapturedDecision["entries"], positions: readonly number[]): { messages: unknown[]; owners: number[] } {
  const messages: unknown[] = [];
  const owners: number[] = [];
  const push = (position: number, message: unknown) => {
    messages.push(message);
    owners.push(position);
  };
  for (const position of positions) {
    const entry = entries[position];
    const tokens = Math.max(1, entry.tokens);
    if (entry.role === "assistant") {
      const calls = entry.message.parts.flatMap((part) => (part.type === "tool-call" ? [{ type: "toolCall", id: `${position}:${part.id}`, name: "t", arguments: {} }] : []));
      push(position, { role: "assistant", content: [{ type: "text", text: "x".repeat(Math.max(0, tokens * 4 - 3 * calls.length)) }, ...calls], stopReason: calls.length ? "toolUse" : "stop", timestamp: 0 });
    } else if (entry.role === "tool") {
      let call = position - 1;
      while (call >= 0 && entries[call].role === "tool") call--;
      const callIds = entry.message.parts.flatMap((part) => (part.type === "tool-result" ? [call >= 0 ? `${call}:${part.callId}` : `orphan-${position}:${part.callId}`] : []));
      if (callIds.length === 0) callIds.push(`orphan-${position}`);
      callIds.forEach((toolCallId, index) => {
        const share = Math.floor(tokens / callIds.length) + (index < tokens % callIds.length ? 1 : 0);
        push(position, { role: "toolResult", toolCallId, toolName: "t", content: [{ type: "text", text: "x".repeat(share * 4) }], isError: false, timestamp: 0 });
      });
    } else push(position, { role: "user", content: "x".repeat(tokens * 4), timestamp: 0 });
  }
  return { messages, owners };
}

function viewOf(captured: CapturedDecision): ContextView {
  return {
    length: captured.entries.length,
    entry: (position: number) => ({ message: captured.entries[position].message, sessionIndex: captured.entries[position].sessionIndex, purpose: captured.entries[position].purpose }),
    entryTokens: (position: number) => captured.entries[position].tokens,
  } as unknown as ContextView;
}

/** The lab positions the given pi messages stand for, each once, in order (a tool message's results are several). */
const indexesOf = (messages: readonly unknown[], sized: { messages: readonly unknown[]; owners: readonly number[] }) =>
  messages.map((message) => sized.owners[sized.messages.indexOf(message)]).filter((position, index, all) => index === 0 || position !== all[index - 1]);
const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value, index) => value === b[index]);

describe("openclaw: the lab's replay against the openclaw package's compaction planning", () => {
  it("has the package's constants and the seed's reserve floor", async () => {
    const oc = await loadOracle<OpenclawPlanning>(planningModule());
    for (const [name, lab, oracle] of [["BASE_CHUNK_RATIO", BASE_CHUNK_RATIO, oc.t], ["MIN_CHUNK_RATIO", MIN_CHUNK_RATIO, oc.n], ["SAFETY_MARGIN", SAFETY_MARGIN, oc.r]] as const) {
      tallies.constants.compared++;
      expect(lab, name).toBe(oracle);
      tallies.constants.equal++;
    }
    for (const [reserveTokens, reserveTokensFloor] of [[16_384, 20_000], [30_000, 20_000], [0, 0]]) {
      tallies.reserveFloor.compared++;
      expect(effectiveReserveTokens({ ...DEFAULT_OPENCLAW_SETTINGS, reserveTokens, reserveTokensFloor })).toBe(Math.max(reserveTokens, reserveTokensFloor));
      tallies.reserveFloor.equal++;
    }
  });

  for (const source of conformanceSessions()) {
    it(`${source.name} at ${WINDOWS.map((window) => `${window / 1000}K`).join(", ")}`, async () => {
      const oc = await loadOracle<OpenclawPlanning>(planningModule());
      const session = source.load();
      for (const window of WINDOWS) {
        const run = capturing(openclawStrategy, (decision, input) => decision.compaction !== undefined && !input.force);
        await replaySession({ session, strategy: run.strategy, window });
        for (const captured of run.decisions) {
          const view = viewOf(captured);
          const where = `${source.name} @${window / 1000}K step ${captured.step}`;
          let head = 0;
          while (head < captured.entries.length && captured.entries[head].role === "system" && captured.entries[head].purpose === null) head++;
          const summaryPosition = captured.entries.reduce((last, entry, position) => (entry.purpose === "summary" ? position : last), -1);
          const from = summaryPosition >= head ? summaryPosition + 1 : head;
          const cut = findPiCut({ context: view, from, keepRecentTokens: DEFAULT_OPENCLAW_SETTINGS.keepRecentTokens });
          if (!cut) continue;
          const end = cut.turnStart ?? cut.firstKept;
          const positions = Array.from({ length: end - from }, (_, offset) => from + offset).filter((position) => captured.entries[position].tokens * SAFETY_MARGIN <= window * 0.5);
          if (positions.length < 2) continue;
          const history: Stretch = { positions, tokens: positions.map((position) => captured.entries[position].tokens) };
          const sized = sizedMessages(captured.entries, positions);

          // history-share pruning: what is dropped
          const labPruned = pruneHistoryForContextShare({ context: view, history, window, maxHistoryShare: DEFAULT_OPENCLAW_SETTINGS.maxHistoryShare, parts: 2 });
          const oraclePlan = oc.a({ messagesToSummarize: sized.messages, turnPrefixMessages: [], tokensBefore: Number.MAX_SAFE_INTEGER, contextWindowTokens: window, maxHistoryShare: DEFAULT_OPENCLAW_SETTINGS.maxHistoryShare, parts: 2 });
          const oracleDropped = indexesOf(oraclePlan.pruned?.droppedMessagesList ?? [], sized);
          tallies.prune.compared++;
          if (same(labPruned.dropped.positions, oracleDropped)) tallies.prune.equal++;
          else tallies.prune.unexplained.push({ where, lab: `drops ${labPruned.dropped.positions.length} from ${labPruned.dropped.positions[0] ?? "-"}`, oracle: `drops ${oracleDropped.length} from ${oracleDropped[0] ?? "-"}` });

          // staged summarization of what is kept: ratio, chunks, split
          const kept = labPruned.kept;
          if (kept.positions.length === 0) continue;
          const keptSized = sizedMessages(captured.entries, kept.positions);
          const keptMessages = keptSized.messages;
          const labRatio = computeAdaptiveChunkRatio(view, kept, window);
          const oracleRatio = oc.l(keptMessages, window);
          tallies.chunkRatio.compared++;
          if (Math.abs(labRatio - oracleRatio) < 1e-12) tallies.chunkRatio.equal++;
          else tallies.chunkRatio.unexplained.push({ where, lab: String(labRatio), oracle: String(oracleRatio) });
          const maxChunkTokens = Math.max(1, Math.floor(window * labRatio));
          const firstOf = (pieces: readonly { positions: readonly number[] }[]) => pieces.map((piece) => piece.positions[0]);
          const oracleFirsts = (chunks: unknown[][]) => chunks.map((chunk) => keptSized.owners[keptMessages.indexOf(chunk[0])]);
          tallies.chunks.compared++;
          const labChunks = firstOf(chunkByMaxTokens(view, kept, maxChunkTokens));
          const oracleChunks = oracleFirsts(oc.c({ messages: keptMessages, maxChunkTokens }));
          if (same(labChunks, oracleChunks)) tallies.chunks.equal++;
          else tallies.chunks.unexplained.push({ where, lab: `chunks at ${labChunks.join(",")}`, oracle: `chunks at ${oracleChunks.join(",")}` });
          const total = kept.tokens.reduce((sum, tokens) => sum + tokens, 0);
          if (total > maxChunkTokens && kept.positions.length >= 2) {
            tallies.split.compared++;
            const labSplit = firstOf(splitByTokenShare(view, kept, 2));
            const plan = oc.s({ messages: keptMessages, maxChunkTokens, parts: 2, minMessagesForSplit: 2 });
            const oracleSplit = plan.mode === "split" ? oracleFirsts(plan.chunks) : [kept.positions[0]];
            if (same(labSplit, oracleSplit)) tallies.split.equal++;
            else tallies.split.unexplained.push({ where, lab: `pieces at ${labSplit.join(",")}`, oracle: `pieces at ${oracleSplit.join(",")}` });
          }
        }
      }
    });
  }

  afterAll(() => {
    for (const [name, tally] of Object.entries(tallies)) expect(tally.unexplained, `${name}: unexplained differences`).toEqual([]);
  });
});
