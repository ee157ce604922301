import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import type { Session } from "../model";
import { strategies, strategiesById } from "../strategies";
import type { Summarizer } from "../summarize/summarizer";
import { buildSession, type TurnSpec } from "../testing/build-session";
import { planCompaction } from "./plan-compaction";
import type { CompactionEndEvent, ProtectedRegion, PruneEvent, ReplayEvent } from "./replay-events";
import type { ReplayResult } from "./replay-result";
import { replaySession } from "./replay-session";

const sized = (tokens: number, letter = "x") => letter.repeat(tokens * 4);
const summarizer: Summarizer = async () => ({ text: "## Goal\nx\n## Progress\ny\n## Critical Context\nz ".padEnd(400, "."), usage: { input: 1, output: 1 } });
const prunes = (events: readonly ReplayEvent[]) => events.filter((event): event is PruneEvent => event.type === "prune");
const ends = (events: readonly ReplayEvent[]) => events.filter((event): event is CompactionEndEvent => event.type === "compaction-end");

function toolTurns(count: number, tokens: number, name = "bash"): TurnSpec[] {
  return Array.from({ length: count }, (_, index) => ({ assistant: `step ${index}`, tools: [{ name, input: { file_path: `f${index}.ts` }, output: sized(tokens) }] }));
}

/** The split-turn session of pi.test.ts: before the last call the cut lands on a5, inside the turn started by u2. */
const splitTurnSession = buildSession([
  { user: sized(300, "a") },
  { assistant: sized(300, "b") },
  { user: "fix the bug" },
  { assistant: "look", tools: [{ name: "read", input: { path: "src/big.ts" }, output: sized(500) }] },
  { assistant: "edit", tools: [{ name: "edit", input: { path: "src/big.ts" }, output: "ok" }] },
  { assistant: "done" },
]);

describe("protected regions in the replay's events", () => {
  it("opencode's prune reports the last 2 user turns, the pruneProtect window and the protected skill output", async () => {
    // u0, skill a1/r2, 7 × bash a/r (m3…m16, 10,000 tokens each), u17, a18/r19, u20, a21 ends the loop
    const session = buildSession([
      { user: "first" },
      { assistant: "load", tools: [{ name: "skill", input: {}, output: sized(400) }] },
      ...toolTurns(7, 10_000),
      { user: "second" },
      ...toolTurns(1, 100),
      { user: "third" },
      { assistant: "done" },
    ]);
    const result = await replaySession({ session, strategy: strategiesById.opencode, window: 1_000_000, summarizer });
    const [prune] = prunes(result.events);
    expect(prune.pruner).toBe("opencode-prune");
    expect(prune.parts).toBe(3); // r4, r6, r8: past the 40,000 tokens of r10…r16
    expect(prune.protected).toEqual([
      { kind: "tail", label: "last 2 user turns (protectedUserTurns)", fromMessageId: "m17", fromIndex: 17 },
      { kind: "tail", label: "newest 40000 tokens of tool output (pruneProtect)", fromMessageId: "m10", fromIndex: 10 },
      { kind: "parts", label: "protected tool: skill (protectedTools)", parts: [{ messageId: "m2", index: 2, partIndex: 0 }] },
    ]);
  });

  it.each([
    [{ protectedUserTurns: 0, protectedTools: [] }, ["newest 40000 tokens of tool output (pruneProtect)"]],
    [{ protectedUserTurns: 1, protectedTools: ["skill"], pruneProtect: 0 }, ["last 1 user turn (protectedUserTurns)", "protected tool: skill (protectedTools)"]],
  ])("opencode with %o reports only what those settings protect", async (settings, labels) => {
    const session = buildSession([{ user: "first" }, { assistant: "load", tools: [{ name: "skill", input: {}, output: sized(400) }] }, ...toolTurns(7, 10_000), { user: "next" }, { assistant: "done" }]);
    const result = await replaySession({ session, strategy: strategiesById.opencode, settings, window: 1_000_000, summarizer });
    expect(prunes(result.events)[0].protected?.map((region) => region.label)).toEqual(labels);
  });

  it("nous' layer 1 reports the last 2 tool results; its compaction reports the kept keepRecentTokens tail", async () => {
    // m0 user, then a/r pairs m1/m2 … m17/m18 (1,250 tokens each), u19, a20
    const session = buildSession([{ user: "go" }, ...toolTurns(9, 1_250), { user: "more" }, { assistant: "done" }]);
    const result = await replaySession({
      session,
      strategy: strategiesById.nous,
      settings: { compactionThreshold: 3_000, keepRecentTokens: 1_000 },
      window: 1_000_000,
      summarizer,
    });
    // first soft-trim: before the call m7, the tool messages are m2, m4, m6 — m2 (age 2) is trimmed, m4 and m6 kept
    const [first] = prunes(result.events);
    expect(first).toMatchObject({ pruner: "soft-trim", step: 3 });
    expect(first.protected).toEqual([{ kind: "tail", label: "last 2 tool results kept whole (keepLastToolResults)", fromMessageId: "m4", fromIndex: 4 }]);
    const [end] = ends(result.events);
    expect(end.protected).toEqual([
      { kind: "tail", label: "newest ~1000 tokens kept verbatim (keepRecentTokens)", fromMessageId: end.firstKeptMessageId, fromIndex: Number(end.firstKeptMessageId!.slice(1)) },
    ]);
  });

  it("claude-code's microcompact reports the newest 3 compactable results it kept", async () => {
    const turns: TurnSpec[] = [{ system: "You are Claude Code." }, { user: "go" }, ...toolTurns(8, 10_000, "Read"), { assistant: "done" }];
    const session = buildSession(turns);
    const result = await replaySession({ session, strategy: strategiesById["claude-code"], window: 100_000, summarizer });
    const prune = prunes(result.events).find((event) => event.pruner === "microcompact")!;
    const [region] = prune.protected!;
    expect(region.kind === "parts" && region.label).toBe("newest 3 compactable tool results (microcompactKeepRecent)");
    const callIndex = result.steps[prune.step].messageIndex;
    const newestToolMessages = session.messages.slice(0, callIndex).flatMap((message, index) => (message.role === "tool" ? [index] : [])).slice(-3).reverse();
    expect(region.kind === "parts" && region.parts.map((part) => part.index)).toEqual(newestToolMessages);
  });

  it.each([
    ["pi", { reserveTokens: 100, keepRecentTokens: 300 }],
    ["openclaw", { reserveTokens: 100, reserveTokensFloor: 0, keepRecentTokens: 300, memoryFlushEnabled: false }],
  ])("%s marks a split turn: the turn's prefix (from its user message) summarized on its own, the tail kept", async (id, settings) => {
    const result = await replaySession({ session: splitTurnSession, strategy: strategiesById[id], settings, window: 1_200, summarizer });
    const [end] = ends(result.events);
    expect(end.firstKeptMessageId).toBe("m5");
    expect(end.splitTurn).toEqual({ fromMessageId: "m2", fromIndex: 2, messages: 3 });
    expect(end.protected).toEqual([{ kind: "tail", label: "newest ~300 tokens kept verbatim (keepRecentTokens)", fromMessageId: "m5", fromIndex: 5 }]);
  });

  it("a cut at a turn start is no split turn", async () => {
    const session = buildSession([{ user: sized(500) }, { assistant: sized(100) }, { user: sized(350) }, { assistant: "ok" }]);
    const result = await replaySession({ session, strategy: strategiesById.pi, settings: { reserveTokens: 100, keepRecentTokens: 300 }, window: 900, summarizer });
    const [end] = ends(result.events);
    expect(end.firstKeptMessageId).toBe("m2");
    expect(end.splitTurn).toBeUndefined();
  });

  it("the preview's forced compaction carries the same protection (pi's split turn)", () => {
    const preview = planCompaction({ session: splitTurnSession, strategy: strategiesById.pi, settings: { reserveTokens: 100, keepRecentTokens: 300 }, window: 100_000 });
    const end = preview.events.find((event): event is CompactionEndEvent => event.type === "compaction-end")!;
    expect(end.protected?.[0]).toMatchObject({ kind: "tail", fromMessageId: preview.firstKeptMessageId });
  });
});

describe.each(strategies.map((strategy) => [strategy.id, strategy] as const))("protection invariants: %s", (_, strategy) => {
  it.each([
    [1, 400, 30_000],
    [7, 600, 60_000],
  ])("seed %i, %i messages, window %i: regions name real messages before their step, never a pruned part", async (seed, messages, window) => {
    const session = generateSession({ seed, messages });
    const result = await replaySession({ session, strategy, window, summarizer });
    for (const event of result.events) {
      if (event.type !== "prune" && event.type !== "compaction-end" && event.type !== "trim") continue;
      for (const region of event.protected ?? []) expectNamesRealMessages(session, result, event.step, region);
      if (event.type === "prune") expectNoneMarkedAtStep(result, event);
      if (event.type === "compaction-end" && event.splitTurn) {
        const first = session.messages.findIndex((message) => message.id === event.firstKeptMessageId);
        expect(session.messages[event.splitTurn.fromIndex].id).toBe(event.splitTurn.fromMessageId);
        expect(event.splitTurn.fromIndex).toBeLessThan(first);
        expect(event.splitTurn.messages).toBeGreaterThan(0);
      }
    }
  });
});

function expectNamesRealMessages(session: Session, result: ReplayResult, step: number, region: ProtectedRegion) {
  const horizon = result.steps[step]?.messageIndex ?? session.messages.length;
  const named = region.kind === "tail" ? [{ messageId: region.fromMessageId, index: region.fromIndex }] : region.parts;
  expect(named.length).toBeGreaterThan(0);
  for (const { messageId, index } of named) {
    expect(session.messages[index]?.id).toBe(messageId);
    expect(index).toBeLessThan(horizon);
  }
}

/** A protected part is never one the same prune marked. */
function expectNoneMarkedAtStep(result: ReplayResult, event: PruneEvent) {
  const marked = new Set(result.marks.filter((mark) => mark.mark.step === event.step).map((mark) => `${mark.messageId}#${mark.partIndex}`));
  for (const region of event.protected ?? []) {
    if (region.kind === "parts") for (const part of region.parts) expect(marked.has(`${part.messageId}#${part.partIndex}`)).toBe(false);
  }
}
