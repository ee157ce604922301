import { beforeAll, describe, expect, it } from "vitest";
import { PreviewRequestSchema } from "../api/contracts/run-schemas";
import { replaySession } from "../engine/simulate/replay-session";
import { strategiesById } from "../engine/strategies";
import { generateSession } from "../generator/generate-session";
import { storeSession } from "../store/sessions";
import { useTestDatabase } from "../testing/use-test-database";
import { previewCompaction } from "./preview-compaction";
import { computeRunFigures } from "./run-figures";

/**
 * One figure for the session's context without compaction (issue #42, item 8): the preview said 135,868 where the run
 * said 135,694 for the same session — the preview counted the context after the last message, the run stopped at
 * the last model call. Both now read peakContextTokens.
 */
const session = generateSession({ seed: 8, messages: 300 });
/** a window no strategy reaches on this session: nothing is compacted */
const WIDE = 5_000_000;

describe("the no-compaction context: the preview and the run say the same figure (real SQLite)", () => {
  useTestDatabase("sqlite");
  let sessionId: string;
  beforeAll(async () => {
    sessionId = (await storeSession({ session, sessionCount: 1, pick: 0 })).id;
  });

  // strategies that leave the context alone at this window (opencode would still prune tool outputs: its preview's
  // "before" is then its own pruned context, rightly not the no-compaction figure)
  it.each(["none", "pi", "codex", "claude-code"])("%s after the last message, nothing compacted: preview before = run's no-compaction = run's peak", async (strategy) => {
    const preview = await previewCompaction({ sessionId, request: PreviewRequestSchema.parse({ strategy, window: WIDE, mode: "as-configured" }) });
    expect(preview.compacted).toBe(false);
    const result = await replaySession({ session, strategy: strategiesById[strategy], window: WIDE });
    expect(result.events.filter((event) => event.type === "prune" || event.type === "compaction-end" || event.type === "trim")).toEqual([]);
    const figures = await computeRunFigures({ session, result, estimator: "chars4", model: null, summarizerFailures: 0 });
    expect(figures.tokensBefore).toBe(preview.tokensBefore);
    expect(figures.tokensAfter).toBe(preview.tokensBefore);
    // and it is the context after the last message, past the last call's (the final reply is counted)
    const lastCall = Math.max(...result.steps.map((step) => step.contextTokens));
    expect(figures.tokensBefore).toBe(result.final.contextTokens);
    expect(figures.tokensBefore).toBeGreaterThan(lastCall);
  });
});
