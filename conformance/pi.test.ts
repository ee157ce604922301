import { afterAll, describe, expect, it } from "vitest";
import type { Message } from "@/lib/engine/model";
import { replaySession } from "@/lib/engine/simulate/replay-session";
import { DEFAULT_PI_SETTINGS, findPiCut, piStrategy } from "@/lib/engine/strategies/pi";
import type { ContextView } from "@/lib/engine/strategies/strategy";
import { IMAGE_TOKENS, MESSAGE_OVERHEAD_TOKENS, cjkCharacters, estimateMessageTokens } from "@/lib/engine/tokens/chars4";
import { capturing, emptyTally, reportOracle, type CapturedDecision, type Tally } from "./capture";
import { loadOracle } from "./oracles";
import { conformanceSessions, WINDOWS } from "./sessions";

/**
 * pi (`@mariozechner/pi-coding-agent` 0.73.1) against the lab's `pi` strategy, on every shared transcript and
 * generated sessions of 2,000 and 10,000 messages at 32K, 64K, 128K and 200K:
 * - the trigger: at every call, pi's `shouldCompact(context, window, settings)` against whether the lab compacted
 *   (or found nothing to cut, where pi's cut keeps everything too);
 * - at every compaction the lab performs: the first kept message, the split-turn decision and the turn start against
 *   `findCutPoint`, given the same messages with the lab's token sizes (each message rebuilt so pi's own estimate
 *   of it equals the lab's — the cut logic compared alone);
 * - the per-message estimate: pi's `estimateTokens` on the real content against the lab's chars/4 estimate. The
 *   lab differs on purpose (lib/engine/README.md): 4 tokens of per-message overhead (seed 004's estimate), each part
 *   rounded up on its own, images outside tool results counted (1,200 each, as pi counts them in tool results),
 *   a tool call's raw string arguments counted as they are (pi JSON-encodes them: quotes and escapes).
 */
interface PiCompaction {
  estimateTokens(message: unknown): number;
  findCutPoint(entries: unknown[], startIndex: number, endIndex: number, keepRecentTokens: number): { firstKeptEntryIndex: number; turnStartIndex: number; isSplitTurn: boolean };
  shouldCompact(contextTokens: number, contextWindow: number, settings: { enabled: boolean; reserveTokens: number; keepRecentTokens: number }): boolean;
  prepareCompaction(
    entries: unknown[],
    settings: { enabled: boolean; reserveTokens: number; keepRecentTokens: number },
  ): { firstKeptEntryId: string; messagesToSummarize: unknown[]; turnPrefixMessages: unknown[]; isSplitTurn: boolean } | undefined;
  DEFAULT_COMPACTION_SETTINGS: { enabled: boolean; reserveTokens: number; keepRecentTokens: number };
}

const tallies = {
  trigger: emptyTally(),
  cut: emptyTally(),
  split: emptyTally(),
  prepare: emptyTally(),
  "cut on pi's own estimates": emptyTally(),
  estimate: emptyTally(),
  defaults: emptyTally(),
};
/** where pi's own estimates move the cut (documented: the lab measures with the replay's estimator), listed in the report */
const ownEstimateDifferences: string[] = [];
afterAll(() => {
  reportOracle({ oracle: "pi", pkg: "@mariozechner/pi-coding-agent 0.73.1", tallies, documented: { "cuts moved by pi's own estimate": ownEstimateDifferences } });
});

/** A pi message of the same role whose own estimate is `tokens` (4 characters a token). */
function sizedMessage(role: string, tokens: number): unknown {
  const text = "x".repeat(Math.max(0, tokens) * 4);
  if (role === "user") return { role: "user", content: text, timestamp: 0 };
  if (role === "assistant") return { role: "assistant", content: [{ type: "text", text }], timestamp: 0 };
  if (role === "tool") return { role: "toolResult", toolCallId: "c", toolName: "t", content: [{ type: "text", text }], isError: false, timestamp: 0 };
  return { role: "custom", customType: "system", content: text, display: false, timestamp: 0 };
}

/** The real content as pi holds it. */
function piMessage(message: Message): unknown {
  if (message.role === "user") {
    return { role: "user", content: message.parts.flatMap((part): unknown[] => (part.type === "text" ? [{ type: "text", text: part.text }] : part.type === "image" ? [{ type: "image", data: "", mimeType: part.mediaType }] : [])), timestamp: 0 };
  }
  if (message.role === "assistant") {
    return {
      role: "assistant",
      content: message.parts.flatMap((part): unknown[] =>
        part.type === "text" ? [{ type: "text", text: part.text }] : part.type === "reasoning" ? [{ type: "thinking", thinking: part.text }] : part.type === "tool-call" ? [{ type: "toolCall", id: part.id, name: part.name, arguments: part.input ?? {} }] : [],
      ),
      timestamp: 0,
    };
  }
  if (message.role === "tool") {
    const result = message.parts.find((part) => part.type === "tool-result");
    return {
      role: "toolResult",
      toolCallId: result?.type === "tool-result" ? result.callId : "",
      toolName: "t",
      content: message.parts.flatMap((part): unknown[] => (part.type === "tool-result" ? [{ type: "text", text: part.output }, ...part.images.map(() => ({ type: "image", data: "", mimeType: "image/png" }))] : [])),
      isError: false,
      timestamp: 0,
    };
  }
  return { role: "custom", customType: "system", content: message.parts.map((part) => (part.type === "text" ? part.text : "")).join(""), display: false, timestamp: 0 };
}

function entriesOf(captured: CapturedDecision, from: number) {
  return captured.entries.slice(from).map((entry, index) => ({ type: "message", id: `e${index}`, parentId: null, timestamp: "", message: sizedMessage(entry.role, entry.tokens) }));
}

/**
 * pi's branch for `prepareCompaction`: after an earlier compaction, a compaction entry whose `firstKeptEntryId` names
 * the first message after the lab's summary (pi 0.73.1 starts the next range there), then the messages of the range;
 * each entry is the previous one's child, as in pi's session file.
 */
function branchOf(captured: CapturedDecision, from: number, afterSummary: boolean): unknown[] {
  const messages = entriesOf(captured, from);
  const branch: Record<string, unknown>[] = afterSummary
    ? [{ type: "compaction", id: "previous-compaction", parentId: null, timestamp: "", summary: "(the lab's summary)", firstKeptEntryId: "e0", tokensBefore: 0 }]
    : [];
  for (const entry of messages) branch.push({ ...entry, parentId: (branch.at(-1)?.id as string | undefined) ?? null });
  return branch;
}

/** The captured context as a ContextView the lab's own findPiCut reads (roles and sizes only). */
function viewOf(captured: CapturedDecision): ContextView {
  return { length: captured.entries.length, entry: (position: number) => ({ message: captured.entries[position].message, sessionIndex: captured.entries[position].sessionIndex, purpose: captured.entries[position].purpose }), entryTokens: (position: number) => captured.entries[position].tokens } as unknown as ContextView;
}

describe("pi: the lab's replay against pi-coding-agent's own compaction functions", () => {
  it("has the package's defaults", async () => {
    const pi = await loadOracle<PiCompaction>("@mariozechner/pi-coding-agent/dist/core/compaction/index.js");
    tallies.defaults.compared++;
    expect({ reserveTokens: pi.DEFAULT_COMPACTION_SETTINGS.reserveTokens, keepRecentTokens: pi.DEFAULT_COMPACTION_SETTINGS.keepRecentTokens }).toEqual(DEFAULT_PI_SETTINGS);
    tallies.defaults.equal++;
  });

  for (const source of conformanceSessions()) {
    it(`${source.name} at ${WINDOWS.map((window) => `${window / 1000}K`).join(", ")}`, async () => {
      const pi = await loadOracle<PiCompaction>("@mariozechner/pi-coding-agent/dist/core/compaction/index.js");
      const session = source.load();
      const settings = { enabled: true, ...DEFAULT_PI_SETTINGS };

      // the estimate, message by message (the same at every window)
      for (const message of session.messages) {
        if (message.role === "system" || message.parts.some((part) => part.type === "compaction")) continue;
        const lab = estimateMessageTokens(message);
        const oracle = pi.estimateTokens(piMessage(message));
        tallies.estimate.compared++;
        // pi counts images in tool results only; it JSON-encodes a tool call's arguments, so a raw string input
        // (an unparsed arguments string) costs it the quotes and escapes the lab does not count
        const images = message.role === "tool" ? 0 : message.parts.filter((part) => part.type === "image").length;
        const escapes = message.parts.reduce((sum, part) => sum + (part.type === "tool-call" && typeof part.input === "string" ? JSON.stringify(part.input).length - part.input.length : 0), 0);
        const low = MESSAGE_OVERHEAD_TOKENS - Math.ceil(escapes / 4) - 1;
        // the lab counts CJK characters at one token each, pi at a quarter: 3/4 of a token more per character
        const cjk = message.parts.reduce((sum, part) => sum + (part.type === "text" || part.type === "reasoning" ? cjkCharacters(part.text) : part.type === "tool-result" ? cjkCharacters(part.output) : 0), 0);
        const high = MESSAGE_OVERHEAD_TOKENS + message.parts.length + images * IMAGE_TOKENS + Math.ceil((3 * cjk) / 4);
        if (lab === oracle) tallies.estimate.equal++;
        else if (lab - oracle >= low && lab - oracle <= high) tallies.estimate.documented++;
        else tallies.estimate.unexplained.push({ where: `${source.name} message ${message.id}`, lab: String(lab), oracle: String(oracle) });
      }

      for (const window of WINDOWS) {
        const run = capturing(piStrategy, (decision, input) => input.point === "before-call" && !input.force && (decision.compaction !== undefined || input.context.tokens > window - settings.reserveTokens));
        await replaySession({ session, strategy: run.strategy, window });
        for (const call of run.calls) {
          if (call.force || call.point !== "before-call") continue;
          tallies.trigger.compared++;
          const oracle = pi.shouldCompact(call.contextTokens, window, settings);
          if (oracle === call.compacted) tallies.trigger.equal++;
          // pi over its threshold with nothing before the newest ~20K tokens: its cut keeps everything; the lab plans nothing
          else if (oracle && !call.compacted) tallies.trigger.documented++;
          else tallies.trigger.unexplained.push({ where: `${source.name} @${window / 1000}K step ${call.step}`, lab: `compacted ${call.compacted}`, oracle: `shouldCompact ${oracle}` });
        }
        for (const captured of run.decisions) {
          const view = viewOf(captured);
          let head = 0;
          while (head < captured.entries.length && captured.entries[head].role === "system" && captured.entries[head].purpose === null) head++;
          const summaryPosition = captured.entries.reduce((last, entry, position) => (entry.purpose === "summary" ? position : last), -1);
          const from = summaryPosition >= head ? summaryPosition + 1 : head;
          const entries = entriesOf(captured, from);
          const oracle = pi.findCutPoint(entries, 0, entries.length, settings.keepRecentTokens);
          const where = `${source.name} @${window / 1000}K step ${captured.step}`;
          const plan = captured.decision.compaction;
          const labCut = plan ? findPiCut({ context: view, from, keepRecentTokens: settings.keepRecentTokens }) : null;
          tallies.cut.compared++;
          if (!plan) {
            // the lab found nothing to cut: pi's cut must keep everything from the first cut point
            const firstCutPoint = entries.findIndex((entry) => (entry.message as { role: string }).role !== "toolResult");
            if (oracle.firstKeptEntryIndex <= Math.max(0, firstCutPoint)) tallies.cut.equal++;
            else tallies.cut.unexplained.push({ where, lab: "nothing to cut", oracle: `first kept ${oracle.firstKeptEntryIndex + from}` });
            continue;
          }
          const firstKept = labCut!.firstKept;
          if (oracle.firstKeptEntryIndex + from === firstKept) tallies.cut.equal++;
          else tallies.cut.unexplained.push({ where, lab: `first kept ${firstKept}`, oracle: `first kept ${oracle.firstKeptEntryIndex + from}` });
          // prepareCompaction on pi's branch: where the range starts after an earlier compaction, what is summarized,
          // the split turn's prefix
          const prepared = pi.prepareCompaction(branchOf(captured, from, summaryPosition >= head), settings);
          const historyEnd = plan.splitTurn?.from ?? firstKept;
          const labPrepared = `first kept ${firstKept}, summarized ${historyEnd - from}, ${plan.splitTurn ? `turn prefix ${plan.splitTurn.from}..${firstKept - 1}` : "no split"}`;
          const oracleKept = prepared ? Number(prepared.firstKeptEntryId.slice(1)) + from : null;
          const oraclePrepared = prepared
            ? `first kept ${oracleKept}, summarized ${prepared.messagesToSummarize.length}, ${prepared.isSplitTurn ? `turn prefix ${oracleKept! - prepared.turnPrefixMessages.length}..${oracleKept! - 1}` : "no split"}`
            : "undefined";
          tallies.prepare.compared++;
          if (labPrepared === oraclePrepared) tallies.prepare.equal++;
          else tallies.prepare.unexplained.push({ where, lab: labPrepared, oracle: oraclePrepared });
          // the same cut with pi's own estimate of the real messages: it moves by the estimate alone (documented)
          const real = captured.entries.slice(from).map((entry, index) => ({ type: "message", id: `r${index}`, parentId: null, timestamp: "", message: piMessage(entry.message) }));
          const own = pi.findCutPoint(real, 0, real.length, settings.keepRecentTokens);
          const ownSplit = own.isSplitTurn ? `, split turn from ${own.turnStartIndex + from}` : "";
          const labOwn = `first kept ${firstKept}${plan.splitTurn ? `, split turn from ${plan.splitTurn.from}` : ""}`;
          const oracleOwn = `first kept ${own.firstKeptEntryIndex + from}${ownSplit}`;
          tallies["cut on pi's own estimates"].compared++;
          if (labOwn === oracleOwn) tallies["cut on pi's own estimates"].equal++;
          else {
            tallies["cut on pi's own estimates"].documented++;
            ownEstimateDifferences.push(`${where}: lab ${labOwn} · pi on its own estimates ${oracleOwn}`);
          }
          tallies.split.compared++;
          const labSplit = plan.splitTurn ? `split, turn from ${plan.splitTurn.from}` : "no split";
          const oracleSplit = oracle.isSplitTurn ? `split, turn from ${oracle.turnStartIndex + from}` : "no split";
          if (labSplit === oracleSplit) tallies.split.equal++;
          else tallies.split.unexplained.push({ where, lab: labSplit, oracle: oracleSplit });
        }
      }
    });
  }

  afterAll(() => {
    for (const [name, tally] of Object.entries(tallies)) expect(tally.unexplained, `${name}: unexplained differences`).toEqual([]);
  });
});
