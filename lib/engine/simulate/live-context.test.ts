import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { DEFAULT_OPENCODE_PRUNE_SETTINGS, planOpencodePrune } from "../prune/opencode-prune";
import { renderMarkedPart } from "../prune/render-marked-part";
import { createEstimator } from "../tokens/create-estimator";
import { ESTIMATOR_IDS } from "../tokens/estimator";
import { LiveContext } from "./live-context";

/**
 * LiveContext.partTokens keeps each unmarked part's count (issue #39: OpenCode's prune asked for the same outputs at
 * every loop's end). Its answer must stay what it was when every call counted the part as sent: the estimator's
 * count of the part rendered under its current mark — asked before and after marks land, for every estimator.
 */
describe("LiveContext.partTokens counts what the part is sent as", () => {
  const session = generateSession({ seed: 41, messages: 2_400 });
  it.each(ESTIMATOR_IDS)("%s: every part, before and after OpenCode's prune marks it, at each stage of the session", (id) => {
    const live = new LiveContext(session, createEstimator(id));
    // a second estimator of the same kind, asked afresh: the count each call made before
    const fresh = createEstimator(id);
    const settings = { ...DEFAULT_OPENCODE_PRUNE_SETTINGS, pruneProtect: 4_000, pruneMinimum: 1_000 };
    let marked = 0;
    let checked = 0;
    const checkAll = () => {
      for (let position = 0; position < live.length; position++) {
        const { message } = live.entry(position);
        for (let partIndex = 0; partIndex < message.parts.length; partIndex++) {
          const expected = fresh.partTokens(renderMarkedPart(message.parts[partIndex], live.markOf(position, partIndex)));
          if (live.partTokens(position, partIndex) !== expected) expect.fail(`position ${position}, part ${partIndex}: ${live.partTokens(position, partIndex)} ≠ ${expected}`);
          checked++;
        }
      }
    };
    for (let index = 0; index < session.messages.length; index++) {
      live.append(index);
      if (index % 300 !== 299) continue;
      checkAll();
      const { marks } = planOpencodePrune(live, settings);
      for (const request of marks) live.mark(request.position, request.partIndex, { ...request.mark, step: index } as never);
      marked += marks.length;
      checkAll();
    }
    // the table asks both: counts of marked parts (after being asked unmarked) and of parts never marked
    expect(marked).toBeGreaterThan(20);
    expect(checked).toBeGreaterThan(marked * 10);
  });
});
