import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import type { PruneEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import { buildSession, deepFreeze } from "../testing/build-session";
import { anthropicClearToolUsesStrategy } from "./anthropic-clear-tool-uses";

/**
 * m0 user · then per turn an assistant call and its tool message: m2 bash, m4 skill, m6 bash, m8 bash, m10 skill,
 * m12 bash · m13 a last answer. Calls (steps): m1 0, m3 1, m5 2, m7 3, m9 4, m11 5, m13 6.
 */
const TOOLS = ["bash", "skill", "bash", "bash", "skill", "bash"];
const session = deepFreeze(
  buildSession([
    { user: "go" },
    ...TOOLS.map((name, index) => ({ assistant: `step ${index}`, tools: [{ name, input: { run: index }, output: `${index}`.padEnd(2_000, "x") }] })),
    { assistant: "done" },
  ]),
);
const part = (id: string) => ({ messageId: id, index: Number(id.slice(1)), partIndex: 0 });
const prunes = (events: readonly { type: string }[]) => events.filter((event): event is PruneEvent => event.type === "prune");

describe("anthropic-clear-tool-uses: what a clearing spared is reported on its prune event (the timeline draws it)", () => {
  it.each([
    {
      name: "keep 2, skill excluded: the newest 2 results and the skill results the walk passed",
      settings: { trigger: 100, keep: 2, excludeTools: ["skill"] },
      expected: [
        // step 4: m8, m6 kept, m4 passed (skill), m2 cleared
        { step: 4, protected: [{ kind: "parts", label: "newest 2 tool results (keep)", parts: [part("m8"), part("m6")] }, { kind: "parts", label: "excluded tool: skill (excludeTools)", parts: [part("m4")] }] },
        // step 5 clears nothing new (m2 already cleared): no prune event. Step 6: m12, m8 kept, m6 cleared, stop at m2
        { step: 6, protected: [{ kind: "parts", label: "newest 2 tool results (keep)", parts: [part("m12"), part("m8")] }, { kind: "parts", label: "excluded tool: skill (excludeTools)", parts: [part("m10"), part("m4")] }] },
      ],
    },
    {
      name: "keep 1, nothing excluded (the default list)",
      settings: { trigger: 100, keep: 1 },
      expected: [
        { step: 2, protected: [{ kind: "parts", label: "newest 1 tool result (keep)", parts: [part("m4")] }] },
        { step: 3, protected: [{ kind: "parts", label: "newest 1 tool result (keep)", parts: [part("m6")] }] },
        { step: 4, protected: [{ kind: "parts", label: "newest 1 tool result (keep)", parts: [part("m8")] }] },
        { step: 5, protected: [{ kind: "parts", label: "newest 1 tool result (keep)", parts: [part("m10")] }] },
        { step: 6, protected: [{ kind: "parts", label: "newest 1 tool result (keep)", parts: [part("m12")] }] },
      ],
    },
  ])("$name", async ({ settings, expected }) => {
    const result = await replaySession({ session, strategy: anthropicClearToolUsesStrategy, settings });
    expect(prunes(result.events).map((event) => ({ step: event.step, protected: event.protected }))).toEqual(expected);
  });

  it("keep 0, nothing excluded: everything is cleared and nothing is reported spared", async () => {
    const result = await replaySession({ session, strategy: anthropicClearToolUsesStrategy, settings: { trigger: 100, keep: 0 } });
    expect(prunes(result.events).length).toBeGreaterThan(0);
    for (const event of prunes(result.events)) expect(event).not.toHaveProperty("protected");
  });

  it.each([
    { name: "the defaults", settings: { trigger: 20_000 } },
    { name: "keep 5, clearing inputs, two tools excluded", settings: { trigger: 20_000, keep: 5, clearToolInputs: true, excludeTools: ["read", "bash"] } },
  ])("$name over a generated session: a part reported spared is never cleared at that step", async ({ settings }) => {
    const generated = deepFreeze(generateSession({ seed: 3, messages: 500 }));
    const result = await replaySession({ session: generated, strategy: anthropicClearToolUsesStrategy, settings, window: 200_000 });
    const events = prunes(result.events);
    expect(events.length).toBeGreaterThan(0);
    expect(events.some((event) => event.protected && event.protected.length > 0)).toBe(true);
    const markedAt = new Set(result.marks.map((record) => `${record.mark.step}:${record.messageId}:${record.partIndex}`));
    for (const event of events) {
      for (const region of event.protected ?? []) {
        if (region.kind !== "parts") throw new Error(`unexpected ${region.kind} region`);
        for (const spared of region.parts) {
          expect(markedAt.has(`${event.step}:${spared.messageId}:${spared.partIndex}`)).toBe(false);
          const stored = generated.messages[spared.index];
          expect(stored.id).toBe(spared.messageId);
          expect(stored.parts[spared.partIndex].type).toBe("tool-result");
        }
      }
    }
  });
});
