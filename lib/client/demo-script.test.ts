import { describe, expect, it } from "vitest";
import { callFromParam, demoCuts, nextDemoStep } from "./demo-script";

describe("the demo's script", () => {
  it("pauses at applied compactions and trims, with their sizes and what the recall says they lost", () => {
    const cuts = demoCuts({
      events: [
        { type: "prune", step: 2 },
        { type: "compaction-end", step: 5, tokensBefore: 900, tokensAfter: 200, messagesBefore: 40, messagesAfter: 6, summary: "…" },
        // fell back: no summary, nothing changed
        { type: "compaction-end", step: 7, tokensBefore: 950, tokensAfter: 950, summary: null },
        { type: "trim", step: 9, tokensBefore: 800, tokensAfter: 300, messagesDropped: 12 },
        { type: "compaction-end", step: 11, tokensBefore: 990, tokensAfter: 120, summary: null, opaque: { provider: "openai" } },
      ],
      recallPoints: [
        { step: 5, lost: ["src/a.ts", "npm test"], counted: 10, present: 8 },
        { step: "final", lost: [], counted: 3, present: 3 },
      ],
    });
    expect([...cuts.keys()]).toEqual([5, 9, 11]);
    expect(cuts.get(5)).toEqual({ step: 5, kind: "compaction", tokensBefore: 900, tokensAfter: 200, messagesDropped: 34, lost: ["src/a.ts", "npm test"], counted: 10, present: 8 });
    expect(cuts.get(9)).toMatchObject({ kind: "trim", messagesDropped: 12, lost: null });
  });

  it.each([
    { step: 0, last: 3, next: 1 },
    { step: 2, last: 3, next: 3 },
    { step: 3, last: 3, next: null },
  ])("after call $step of $last comes $next", ({ step, last, next }) => {
    expect(nextDemoStep(step, last)).toBe(next);
  });

  it.each([
    { value: "12", last: 40, call: 12 },
    { value: "0", last: 40, call: 0 },
    { value: "41", last: 40, call: null },
    { value: "-1", last: 40, call: null },
    { value: "1e3", last: 4000, call: null },
    { value: null, last: 40, call: null },
  ])("?call=$value of $last calls opens at $call", ({ value, last, call }) => {
    expect(callFromParam(value, last)).toBe(call);
  });
});
