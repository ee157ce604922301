import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import type { Message, Session } from "../model";
import { checkInvariants } from "../simulate/check-invariants";
import { contextAt, finalContext } from "../simulate/context-at";
import { planCompaction } from "../simulate/plan-compaction";
import type { ReplayEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import { extractiveSummarizer } from "../summarize/extractive-summarizer";
import { VIBE_SUMMARY_FORMAT } from "../summarize/summary-formats";
import type { SummarizeRequest, Summarizer } from "../summarize/summarizer";
import { buildSession, deepFreeze } from "../testing/build-session";
import { estimateMessageTokens } from "../tokens/chars4";
import {
  DEFAULT_VIBE_SETTINGS,
  VIBE_COMPACTION_PROMPT,
  VIBE_LAST_REQUEST_PREFIX,
  VIBE_TOOL_NO_RESPONSE,
  VIBE_UNDERSTOOD,
  VIBE_WARNING_CODE,
  vibeStrategy,
} from "./vibe";

const session = deepFreeze(
  buildSession([
    { system: "You are vibe." },
    { user: "Fix src/app.ts" },
    { assistant: "Reading.", tools: [{ name: "read", input: { path: "src/app.ts" }, output: "a".repeat(2_000) }] },
    { assistant: "Testing.", tools: [{ name: "bash", input: { command: "npm test" }, output: "b".repeat(2_000) }] },
    { assistant: "Fixed it." },
    { user: "Now src/util.ts" },
    { assistant: "Reading.", tools: [{ name: "read", input: { path: "src/util.ts" }, output: "c".repeat(2_000) }] },
    { assistant: "Done with util." },
  ]),
);

/** chars/4 tokens of session messages [from, to). */
const tokens = (target: Session, from: number, to: number) =>
  target.messages.slice(from, to).reduce((sum, message) => sum + estimateMessageTokens(message), 0);

function ofType<T extends ReplayEvent["type"]>(events: readonly ReplayEvent[], type: T) {
  return events.filter((event): event is Extract<ReplayEvent, { type: T }> => event.type === type);
}

function recordingSummarizer(text = (index: number) => `SUMMARY ${index}`) {
  const requests: SummarizeRequest[] = [];
  const summarizer: Summarizer = async (request) => {
    requests.push(request);
    return { text: text(requests.length), usage: { input: 1, output: 1 } };
  };
  return { requests, summarizer };
}

const textOf = (message: Message) => message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");

describe("vibe: trigger (seed 000 §2)", () => {
  it("uses the seed's defaults: threshold 200,000, context warnings off", () => {
    expect(DEFAULT_VIBE_SETTINGS).toEqual({ autoCompactThreshold: 200_000, contextWarnings: false });
    expect(vibeStrategy.triggers).toEqual(["before-call"]);
  });

  // Before call 2 (message 4) the last call is message 2: its prompt (m0..m1) + completion (m2); the read
  // result m3 arrived after it and is not counted yet.
  const counterBeforeCall1 = tokens(session, 0, 3);

  it.each([
    { name: "a counter equal to the threshold compacts (≥)", threshold: counterBeforeCall1, compactsAt: 1 },
    { name: "one token over the counter does not", threshold: counterBeforeCall1 + 1, compactsAt: 2 },
  ])("$name", async ({ threshold, compactsAt }) => {
    const result = await replaySession({ session, strategy: vibeStrategy, settings: { autoCompactThreshold: threshold } });
    const start = ofType(result.events, "compaction-start")[0];
    expect(start.step).toBe(compactsAt);
    expect(start.point).toBe("before-call");
  });

  it("measures the last call's prompt + completion, not the tool results appended since (seed §2 updateStats)", async () => {
    // The context about to be sent at call 1 includes the 500-token read result; the counter does not.
    const contextAtCall1 = tokens(session, 0, 4);
    const result = await replaySession({ session, strategy: vibeStrategy, settings: { autoCompactThreshold: contextAtCall1 } });
    expect(result.steps[1].contextTokens).toBe(contextAtCall1);
    expect(ofType(result.events, "compaction-start")[0].step).toBe(2);
  });

  it("never compacts before the first call (the counter starts at 0)", async () => {
    const result = await replaySession({ session, strategy: vibeStrategy, settings: { autoCompactThreshold: 1 } });
    expect(ofType(result.events, "compaction-start").map((event) => event.step)[0]).toBe(1);
  });

  it.each([0, -1])("a threshold of %i disables auto-compaction (seed §12: 0 or negative)", async (threshold) => {
    const result = await replaySession({ session, strategy: vibeStrategy, settings: { autoCompactThreshold: threshold } });
    expect(ofType(result.events, "compaction-start")).toEqual([]);
  });

  it("a manual (forced) compaction still runs when auto-compaction is disabled", () => {
    const preview = planCompaction({ session, strategy: vibeStrategy, settings: { autoCompactThreshold: 0 } });
    expect(preview.plan?.reason).toBe("manual compaction (auto-compaction off)");
    expect(preview.replay.final.messages).toBe(2);
  });
});

describe("vibe: compaction (seed 000 §3–§5)", () => {
  it("replaces the whole history by [system prompt, user: summary + last user request]", async () => {
    const { summarizer } = recordingSummarizer();
    const result = await replaySession({ session, strategy: vibeStrategy, settings: { autoCompactThreshold: 1 }, summarizer });
    // compactions before calls 1, 2, 3 and 4; the final call's message follows the last one
    const snapshot = finalContext(session, result);
    expect(snapshot.messages[0].message).toBe(session.messages[0]);
    const summary = snapshot.messages[1];
    expect(summary.purpose).toBe("summary");
    expect(summary.message.role).toBe("user");
    expect(textOf(summary.message)).toBe(`SUMMARY 4\n\n${VIBE_LAST_REQUEST_PREFIX}SUMMARY 3\n\n${VIBE_LAST_REQUEST_PREFIX}Now src/util.ts`);
    expect(snapshot.messages.map((entry) => entry.sessionIndex)).toEqual([0, null, session.messages.length - 1]);
  });

  it("sends compact.md verbatim as the final instruction, the system prompt as system, the seven sections as format", async () => {
    const { requests, summarizer } = recordingSummarizer();
    await replaySession({ session, strategy: vibeStrategy, settings: { autoCompactThreshold: tokens(session, 0, 3) }, summarizer });
    expect(requests[0].instructions).toBe(VIBE_COMPACTION_PROMPT);
    expect(requests[0].instructions).toContain("5. Active Work and Last Actions (CRITICAL)");
    expect(requests[0].system).toBe("You are vibe.");
    expect(requests[0].format).toBe(VIBE_SUMMARY_FORMAT);
    expect(requests[0].previousSummary).toBeUndefined();
  });

  it("cleans the history first: a missing tool response becomes 'Tool no response', a trailing tool message gets 'Understood.'", async () => {
    const built = buildSession([
      { system: "You are vibe." },
      { user: "Check both files" },
      { assistant: "Reading both.", tools: [{ name: "read", input: { path: "a.ts" }, output: "A" }, { name: "read", input: { path: "b.ts" }, output: "B" }] },
      { assistant: "Next.", tools: [{ name: "read", input: { path: "c.ts" }, output: "C" }] },
      { assistant: "Done." },
    ]);
    // the result of call c1 (b.ts) was never recorded
    const interrupted = deepFreeze({ ...built, messages: built.messages.filter((message) => message.id !== "m4") });
    const { requests, summarizer } = recordingSummarizer();
    await replaySession({ session: interrupted, strategy: vibeStrategy, settings: { autoCompactThreshold: 1 }, summarizer });
    // compaction before call 1 (the context ends on a.ts's result) and before call 2 (ends on c.ts's)
    const first = requests[0].messages;
    expect(first.map((message) => message.id)).toEqual(["m1", "m2", "m3", "lab:vibe:tool-no-response:c1", "lab:vibe:understood"]);
    expect(first[3].parts[0]).toMatchObject({ type: "tool-result", callId: "c1", output: VIBE_TOOL_NO_RESPONSE });
    expect(textOf(first[4])).toBe(VIBE_UNDERSTOOD);
    expect(requests[1].messages.at(-1)?.id).toBe("lab:vibe:understood");
  });

  it("quotes the newest user-role message, which is the previous summary when no user spoke since (seed: messages.reverse())", async () => {
    const { summarizer } = recordingSummarizer();
    const result = await replaySession({ session, strategy: vibeStrategy, settings: { autoCompactThreshold: 1 }, summarizer });
    expect(ofType(result.events, "compaction-end").map((event) => event.step)).toEqual([1, 2, 3, 4]);
    // before call 2 no user spoke since the compaction before call 1: the newest user-role message is its summary
    const second = contextAt(session, result, 2).messages[1].message;
    expect(textOf(second)).toBe(`SUMMARY 2\n\n${VIBE_LAST_REQUEST_PREFIX}SUMMARY 1\n\n${VIBE_LAST_REQUEST_PREFIX}Fix src/app.ts`);
    // before call 3 the user had asked again
    expect(textOf(contextAt(session, result, 3).messages[1].message)).toBe(`SUMMARY 3\n\n${VIBE_LAST_REQUEST_PREFIX}Now src/util.ts`);
  });

  it("a failed summary leaves the history unchanged (vibe's compact() rethrows)", async () => {
    const failing: Summarizer = async () => {
      throw new Error("rate limited");
    };
    const result = await replaySession({ session, strategy: vibeStrategy, settings: { autoCompactThreshold: 1 }, summarizer: failing });
    expect(ofType(result.events, "fallback")[0]).toMatchObject({ outcome: "unchanged", reason: "summarizer failed: rate limited" });
    expect(result.final.messages).toBe(session.messages.length);
  });
});

describe("vibe: context warnings (seed 000 §2, §8)", () => {
  const counterBeforeCall1 = tokens(session, 0, 3);

  it("gives no warning by default (context_warnings is false)", async () => {
    const result = await replaySession({ session, strategy: vibeStrategy, settings: { autoCompactThreshold: counterBeforeCall1 * 2 } });
    expect(ofType(result.events, "warning")).toEqual([]);
  });

  it("warns once at 50% of the threshold until a compaction resets the middleware", async () => {
    const threshold = counterBeforeCall1 * 2;
    const result = await replaySession({ session, strategy: vibeStrategy, settings: { autoCompactThreshold: threshold, contextWarnings: true } });
    const warnings = ofType(result.events, "warning");
    const compactions = ofType(result.events, "compaction-end");
    expect(warnings[0]).toMatchObject({ step: 1, code: VIBE_WARNING_CODE });
    expect(compactions.length).toBeGreaterThan(0);
    // one warning before the first compaction; any later one comes after a compaction
    const beforeFirst = warnings.filter((warning) => warning.step < compactions[0].step);
    expect(beforeFirst).toHaveLength(1);
    for (const warning of warnings.slice(1)) expect(compactions.some((end) => end.step < warning.step)).toBe(true);
  });
});

describe("vibe: generated sessions", () => {
  it.each([1, 2])("seed %i: every compaction leaves [system, summary], fits, keeps pairs and replays deterministically", async (seed) => {
    const generated = deepFreeze(generateSession({ seed, messages: 400 }));
    const settings = { autoCompactThreshold: 30_000 };
    const result = await replaySession({ session: generated, strategy: vibeStrategy, settings, summarizer: extractiveSummarizer });
    const ends = ofType(result.events, "compaction-end");
    expect(ends.length).toBeGreaterThan(0);
    for (const end of ends) {
      expect(end.messagesAfter).toBe(2);
      expect(end.fits).toBe(true);
      expect(end.summary).toContain("7. Immediate Next Step");
    }
    expect(checkInvariants(generated, result).violations).toEqual([]);
    const again = await replaySession({ session: generated, strategy: vibeStrategy, settings });
    expect(JSON.stringify(again)).toBe(JSON.stringify(result));
  });
});
