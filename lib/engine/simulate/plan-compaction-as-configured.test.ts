import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { strategiesById } from "../strategies";
import { DEFAULT_OPENCODE_SETTINGS, opencodeUsableTokens } from "../strategies/opencode";
import { planCompaction } from "./plan-compaction";
import { replaySession } from "./replay-session";

/** A generated session whose context grows past a 60,000 window: opencode (Auto on) compacts at some steps only. */
const session = generateSession({ seed: 11, messages: 600 });
const WINDOW = 60_000;
const opencode = strategiesById.opencode;

describe("planCompaction as configured: what the strategy would do at a step, not a forced compaction", () => {
  it("opencode at its defaults (Auto on), at a step under the trigger: no compaction, no manual reason, the trigger named", () => {
    const preview = planCompaction({ session, strategy: opencode, window: WINDOW, atStep: 3, mode: "as-configured" });
    expect(preview.compacted).toBe(false);
    expect(preview.plan).toBeNull();
    expect(preview.events.some((event) => event.type === "compaction-end" || event.type === "trim")).toBe(false);
    expect(preview.tokensAfter).toBe(preview.tokensBefore);
    expect(preview.autoTrigger).toBe(opencodeUsableTokens(DEFAULT_OPENCODE_SETTINGS, WINDOW));
    expect(preview.tokensBefore).toBeLessThan(preview.autoTrigger!);
    // forced, the same step compacts, and says it is manual
    const forced = planCompaction({ session, strategy: opencode, window: WINDOW, atStep: 3 });
    expect(forced.compacted).toBe(true);
    expect(forced.plan?.reason).toMatch(/manual compaction/);
  });

  it("at the step where a run compacts on its own, the as-configured preview shows that compaction with the automatic reason", async () => {
    const run = await replaySession({ session, strategy: opencode, window: WINDOW });
    const end = run.events.find((event) => event.type === "compaction-end");
    expect(end, "opencode compacts on this session at this window").toBeDefined();
    const preview = planCompaction({ session, strategy: opencode, window: WINDOW, atStep: end!.step, mode: "as-configured" });
    expect(preview.compacted).toBe(true);
    expect(preview.plan?.reason).toMatch(/\(auto\)$/);
    expect(preview.plan?.reason).not.toMatch(/manual/);
    expect(preview.tokensAfter).toBeLessThan(preview.tokensBefore);
    // and the step before it is quiet
    const before = planCompaction({ session, strategy: opencode, window: WINDOW, atStep: end!.step - 1, mode: "as-configured" });
    expect(before.compacted).toBe(false);
  });

  it("a before-call strategy (codex) decides at the chosen call: over its limit it compacts, under it it does not", async () => {
    const codex = strategiesById.codex;
    const run = await replaySession({ session, strategy: codex, window: WINDOW });
    const end = run.events.find((event) => event.type === "compaction-end")!;
    expect(end).toBeDefined();
    expect(planCompaction({ session, strategy: codex, window: WINDOW, atStep: end.step, mode: "as-configured" }).compacted).toBe(true);
    const quiet = planCompaction({ session, strategy: codex, window: WINDOW, atStep: 2, mode: "as-configured" });
    expect(quiet.compacted).toBe(false);
    expect(quiet.autoTrigger).toBe(Math.floor(WINDOW * 0.9));
  });
});
