import { describe, expect, it } from "vitest";
import { buildSession, type TurnSpec } from "../testing/build-session";
import { applyMarks, describeMarks, liveContextOf } from "../testing/live-context-of";
import { clearToolUses, DEFAULT_CLEAR_TOOL_USES_SETTINGS } from "./clear-tool-uses";
import { ingestTruncate } from "./ingest-truncate";
import { maskObservations } from "./mask-observations";
import { DEFAULT_OPENCODE_PRUNE_SETTINGS, opencodePrune } from "./opencode-prune";
import { renderMarkedPart, softTrimMarker } from "./render-marked-part";
import { DEFAULT_SOFT_TRIM_HARD_CLEAR_SETTINGS, softTrimHardClear } from "./soft-trim-hard-clear";

/** `count` tool calls, each its own assistant message + tool message, outputs of `chars` characters. */
function toolTurns(count: number, chars: number, name = "bash"): TurnSpec[] {
  return Array.from({ length: count }, (_, index) => ({
    assistant: `step ${index}`,
    tools: [{ name, input: { command: `run ${index}` }, output: `${index}`.padEnd(chars, "x") }],
  }));
}

describe("softTrimHardClear (seed 004 layer 1)", () => {
  const session = buildSession([{ user: "go" }, ...toolTurns(9, 5_000)]);
  // tool messages are m2, m4, …, m18: newest (age 0) is m18
  it("protects the last 2, soft-trims ages 2–5 over 4,000 chars and hard-clears ages ≥ 6", () => {
    const live = liveContextOf(session);
    const marks = softTrimHardClear(live);
    expect(describeMarks(live, marks)).toEqual([
      "soft-trimmed@m14",
      "soft-trimmed@m12",
      "soft-trimmed@m10",
      "soft-trimmed@m8",
      "cleared@m6",
      "cleared@m4",
      "cleared@m2",
    ]);
  });

  it("renders seed 004's marker and is idempotent once applied", () => {
    const live = liveContextOf(session);
    applyMarks(live, softTrimHardClear(live));
    const rendered = live.rendered(14).parts[0];
    expect(rendered.type === "tool-result" && rendered.output).toContain(softTrimMarker(1_500, 1_500, 5_000));
    expect(rendered.type === "tool-result" && rendered.output).toContain("--- trimmed (kept 1500 head + 1500 tail of 5000 chars) ---");
    expect(softTrimHardClear(live)).toEqual([]);
  });

  it.each([
    ["short results", buildSession([{ user: "go" }, ...toolTurns(5, 100)]), []],
    ["image results", buildSession([{ user: "go" }, ...Array.from({ length: 9 }, () => ({ assistant: "s", tools: [{ name: "screenshot", input: {}, output: "x".repeat(5000), images: 1 }] }))]), []],
    ["no tool results", buildSession([{ user: "a" }, { assistant: "b" }, { user: "c" }]), []],
  ])("leaves %s alone", (_, input, expected) => {
    const live = liveContextOf(input);
    expect(describeMarks(live, softTrimHardClear(live, DEFAULT_SOFT_TRIM_HARD_CLEAR_SETTINGS))).toEqual(expected);
  });
});

describe("opencodePrune (seed 003 §5)", () => {
  const turns = (outputs: number) => [{ user: "first" }, ...toolTurns(outputs, 40_000), { user: "second" }, ...toolTurns(1, 400), { user: "third" }];
  it("prunes older outputs past the 40,000-token protection when ≥ 20,000 tokens are freed", () => {
    const live = liveContextOf(buildSession(turns(7)));
    const marks = opencodePrune(live);
    // each output is 10,000 tokens: the newest 4 before the last two user turns are protected (40,000)
    expect(describeMarks(live, marks)).toEqual(["pruned@m6", "pruned@m4", "pruned@m2"]);
  });

  it.each([
    ["under the minimum", 5, DEFAULT_OPENCODE_PRUNE_SETTINGS, 0],
    ["a protected tool", 7, { ...DEFAULT_OPENCODE_PRUNE_SETTINGS, protectedTools: ["bash"] }, 0],
  ])("does nothing for %s", (_, outputs, settings, expected) => {
    const live = liveContextOf(buildSession(turns(outputs)));
    expect(opencodePrune(live, settings)).toHaveLength(expected);
  });

  it("stops at an already-pruned output", () => {
    const live = liveContextOf(buildSession(turns(7)));
    applyMarks(live, opencodePrune(live));
    expect(opencodePrune(live)).toEqual([]);
  });
});

describe("ingestTruncate, maskObservations, clearToolUses", () => {
  it("truncates only the newest run of results over 40,000 chars", () => {
    const live = liveContextOf(buildSession([{ user: "go" }, ...toolTurns(2, 50_000)]));
    const marks = ingestTruncate(live);
    expect(describeMarks(live, marks)).toEqual(["truncated@m4"]);
    applyMarks(live, marks);
    const part = live.rendered(4).parts[0];
    expect(part.type === "tool-result" && part.output.length).toBeLessThan(40_100);
  });

  it("masks all but the newest n observations, with SWE-agent's line count", () => {
    const live = liveContextOf(buildSession([{ user: "go" }, ...toolTurns(4, 10)]));
    const marks = maskObservations(live, { n: 2 });
    expect(describeMarks(live, marks)).toEqual(["masked@m4", "masked@m2"]);
    expect(marks[0].mark.kind === "masked" && marks[0].mark.placeholder).toBe("Old environment output: (1 lines omitted)");
  });

  it.each([
    ["under the trigger", { trigger: 1_000_000 }, []],
    ["over the trigger", { trigger: 100 }, ["cleared@m4", "cleared@m2"]],
    ["excluded tools", { trigger: 100, excludeTools: ["bash"] }, []],
    ["clearing too little", { trigger: 100, clearAtLeast: 1_000_000 }, []],
    ["clearing inputs", { trigger: 100, clearToolInputs: true }, ["cleared@m4", "cleared@m3", "cleared@m2", "cleared@m1"]],
  ])("clear_tool_uses %s", (_, overrides, expected) => {
    const live = liveContextOf(buildSession([{ user: "go" }, ...toolTurns(5, 2_000)]));
    expect(describeMarks(live, clearToolUses(live, { ...DEFAULT_CLEAR_TOOL_USES_SETTINGS, ...overrides }))).toEqual(expected);
  });

  it("never renders a mark on user text or assistant text", () => {
    const text = { type: "text" as const, text: "keep me" };
    expect(renderMarkedPart(text, { kind: "pruned", placeholder: "x", step: 0 })).toBe(text);
  });
});
