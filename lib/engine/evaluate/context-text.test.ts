import { describe, expect, it } from "vitest";
import type { Message, Part } from "../model";
import type { ContextSnapshot } from "../simulate/context-at";
import { contextText, partText } from "./context-text";
import { normalizeProbeText } from "./normalize-probe-text";

/** The definition contextText implements: every part as the model reads it, one per line, normalised as one text. */
function reference(snapshot: ContextSnapshot): string {
  return normalizeProbeText(snapshot.messages.flatMap((entry) => entry.message.parts.map(partText)).join("\n"));
}

function snapshotOf(texts: string[][]): ContextSnapshot {
  const messages = texts.map((parts, index): { message: Message; sessionIndex: number; purpose: null; marks: Record<number, never> } => ({
    message: { id: `m${index}`, role: index % 2 ? "assistant" : "user", parts: parts.map((text): Part => ({ type: "text", text })) },
    sessionIndex: index,
    purpose: null,
    marks: {},
  }));
  return { step: "final", messages, contextTokens: 0 };
}

/** A small deterministic generator (the engine's tests stay reproducible). */
function* pseudoRandom(seed: number): Generator<number> {
  let state = seed;
  for (;;) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    yield state / 2_147_483_648;
  }
}

const PIECES = ["", " ", "\n", "\t", '"', "'", "`", "\u2018", "\u201D", "\\", "A", "b", "Σ", "ΑΣ", "İ", "path/to\\file.ts", "x  y", "  lead", "trail  ", '""', "\u00a0", "\u2028", "ok"];

describe("contextText", () => {
  it("is the normalised text of every part joined by newlines, with blank, quote-only and whitespace-edged parts", () => {
    const random = pseudoRandom(7);
    const next = () => random.next().value as number;
    for (let round = 0; round < 2_000; round++) {
      const texts = Array.from({ length: 1 + Math.floor(next() * 4) }, () =>
        Array.from({ length: 1 + Math.floor(next() * 3) }, () => Array.from({ length: Math.floor(next() * 5) }, () => PIECES[Math.floor(next() * PIECES.length)]).join("")),
      );
      const snapshot = snapshotOf(texts);
      expect(contextText(snapshot), JSON.stringify(texts)).toBe(reference(snapshot));
    }
  });

  it("reads a part the same way again after its first use (the per-part memory changes nothing)", () => {
    const snapshot = snapshotOf([["Error: \"Missing\" key in C:\\app\\x.ts"], ["  ", "done  "]]);
    const first = contextText(snapshot);
    expect(contextText(snapshot)).toBe(first);
    expect(first).toBe("error: missing key in c:/app/x.ts done");
  });
});
