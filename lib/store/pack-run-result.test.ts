import { describe, expect, it } from "vitest";
import { generateSession } from "../generator/generate-session";
import { replaySession } from "../engine/simulate/replay-session";
import type { ReplayResult } from "../engine/simulate/replay-result";
import { findStrategy } from "../engine/strategies";
import { priceRun } from "../runs/price-run";
import { PACKED_RESULT_FORMAT, packRunResult } from "./pack-run-result";
import { unpackRunResult } from "./unpack-run-result";

const session = generateSession({ seed: 41, messages: 2_000 });

/** A stored result as the database returns it: the packed JSON parsed back. */
function stored(result: ReplayResult): Record<string, unknown> {
  return JSON.parse(JSON.stringify(packRunResult(result))) as Record<string, unknown>;
}

async function replay(strategy: string, settings: Record<string, unknown>): Promise<ReplayResult> {
  const result = await replaySession({ session, strategy: findStrategy(strategy)!, settings, window: 200_000 });
  return priceRun({ session, result, cost: {}, summarizerModel: null }).result;
}

describe("packRunResult / unpackRunResult", () => {
  // the bench's recommendation settings that compact most (pi: 374 compactions) and a few that compact little or never
  it.each([
    ["pi", { reserveTokens: 180_000 }],
    ["pi", {}],
    ["codex", { autoCompactTokenLimit: 20_000 }],
    ["gemini-cli", { compressionThreshold: 0.1 }],
    ["claude-code", { autocompactBufferTokens: 160_000 }],
    ["claude-code", {}],
    ["keeper", { maxContextRatio: 0.2 }],
    ["evidence", {}],
    ["trim-messages", { maxConversationMessages: 40 }],
    ["none", {}],
  ])("%s %j: reads back as the very JSON replayed (same keys, same order), each long summary stored once", async (strategy, settings) => {
    const result = await replay(strategy, settings);
    const packed = stored(result);
    expect(packed.storedAs).toBe(PACKED_RESULT_FORMAT);
    expect(JSON.stringify(unpackRunResult(packed))).toBe(JSON.stringify(result));

    const packedJson = JSON.stringify(packed);
    const summaries = result.events.flatMap((event) => (event.type === "compaction-end" && event.summary !== null && event.summary.length >= 256 ? [event.summary] : []));
    const twice = summaries.filter((summary) => occurrences(packedJson, JSON.stringify(summary).slice(1, -1)) > 1);
    expect(twice).toEqual([]);
    // bounded: every summary message's text is stored at most once too, and a packed result is never longer than
    // the result stored whole (plus its marker)
    const synthetic = result.epochs.flatMap((epoch) => epoch.entries.flatMap((entry) => (entry.kind === "synthetic" && entry.purpose === "summary" ? entry.message.parts.flatMap((part) => (part.type === "text" && part.text.length >= 256 ? [part.text] : [])) : [])));
    expect(synthetic.filter((text) => occurrences(packedJson, JSON.stringify(text).slice(1, -1)) > 1)).toEqual([]);
    expect(packedJson.length).toBeLessThanOrEqual(JSON.stringify(result).length + 32);
  });

  it("stores the bench's most compacting setting (pi at reserveTokens 180000: 68 MB whole) in under a tenth of its size", async () => {
    const result = await replay("pi", { reserveTokens: 180_000 });
    const whole = JSON.stringify(result).length;
    expect(whole).toBeGreaterThan(50_000_000);
    expect(JSON.stringify(packRunResult(result)).length).toBeLessThan(whole / 10);
  });

  it("reads a result stored whole (before results were packed) as it is", async () => {
    const result = JSON.parse(JSON.stringify(await replay("codex", { autoCompactTokenLimit: 20_000 }))) as Record<string, unknown>;
    expect(unpackRunResult(result)).toBe(result);
  });

  it("refuses a packed result whose reference does not resolve, saying where", async () => {
    const packed = stored(await replay("codex", { autoCompactTokenLimit: 20_000 }));
    const events = packed.events as { type: string; summary: unknown }[];
    const at = events.findIndex((event) => typeof event.summary === "object" && event.summary !== null);
    expect(at).toBeGreaterThan(0);
    events[at].summary = { base: at + 5, lines: [] };
    expect(() => unpackRunResult(packed)).toThrow(`events.${at}.summary`);
    expect(() => unpackRunResult({ ...packed, storedAs: "packed-9" })).toThrow("packed-9");
  });

  it("never mutates the result it packs", async () => {
    const result = await replay("pi", { reserveTokens: 160_000 });
    const before = JSON.stringify(result);
    packRunResult(result);
    expect(JSON.stringify(result)).toBe(before);
  });
});

function occurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) count++;
  return count;
}
