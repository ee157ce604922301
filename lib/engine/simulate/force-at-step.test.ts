import { describe, expect, it } from "vitest";
import { opencodeStrategy } from "../strategies/opencode";
import { vibeStrategy } from "../strategies/vibe";
import { buildSession, deepFreeze } from "../testing/build-session";
import { contextAt } from "./context-at";
import { replaySession } from "./replay-session";

const session = deepFreeze(
  buildSession([
    { system: "You are a coding agent." },
    { user: "Fix the failing test in src/app.ts" },
    { assistant: "Reading the file.", tools: [{ name: "read", input: { path: "src/app.ts" }, output: "x".repeat(4000) }] },
    { assistant: "Running tests.", tools: [{ name: "bash", input: { command: "npm test" }, output: "FAIL src/app.test.ts" }] },
    { assistant: "Fixed it." },
    { user: "Thanks, now the docs" },
    { assistant: "Updating README.", tools: [{ name: "edit", input: { path: "README.md" }, output: "ok" }] },
    { assistant: "Done." },
  ]),
);

describe("replaySession forceAtStep (manual compaction)", () => {
  it.each([opencodeStrategy, vibeStrategy])("$id: compacts once before the chosen call and replays on", async (strategy) => {
    const plain = await replaySession({ session, strategy });
    const steps: number[] = [];
    const forced = await replaySession({ session, strategy, forceAtStep: 3, onStep: (step) => steps.push(step.step) });
    expect(plain.events.filter((event) => event.step === 3 && event.type !== "prune")).toEqual([]);
    const rewrites = forced.events.filter((event) => event.type === "compaction-end" || event.type === "trim");
    expect(rewrites.map((event) => event.step)).toEqual([3]);
    expect(forced.steps.length).toBe(plain.steps.length);
    expect(steps).toEqual(plain.steps.map((step) => step.step));
    expect(forced.steps[3].contextTokens).toBeLessThan(plain.steps[3].contextTokens);
    expect(contextAt(session, forced, 3).contextTokens).toBe(forced.steps[3].contextTokens);
  });

  it("a step the session never reaches changes nothing", async () => {
    const plain = await replaySession({ session, strategy: opencodeStrategy });
    expect(await replaySession({ session, strategy: opencodeStrategy, forceAtStep: 99 })).toEqual(plain);
  });
});
