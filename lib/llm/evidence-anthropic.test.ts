import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { finalContext } from "../engine/simulate/context-at";
import type { CompactionEndEvent } from "../engine/simulate/replay-events";
import { replaySession } from "../engine/simulate/replay-session";
import { EVIDENCE_NARRATIVE_SYSTEM_PROMPT, EVIDENCE_NARRATIVE_TEXT, evidenceStrategy } from "../engine/strategies/evidence";
import { buildSession, type TurnSpec } from "../engine/testing/build-session";
import { createAnthropicSummarizer } from "./anthropic-summarizer";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "../testing/fake-llm/fake-anthropic-server";
import { FAKE_SUMMARY_MARKER } from "../testing/fake-llm/fake-summary";

/**
 * The evidence strategy with the real Anthropic SDK against the project's fake Messages API: the model writes only
 * the narrative; the ledger reaches the final context exactly as the strategy built it from the transcript.
 */
const turns: TurnSpec[] = [{ user: "Never touch the generated/ folder. Keep the CLI output stable." }];
for (let round = 0; round < 80; round++) {
  turns.push({ user: `Round ${round}: make src/stage${round}.ts handle EMPTY_INPUT_${round}` });
  turns.push({
    assistant: `I'll use the stageRunner${round} helper instead of inline loops.`,
    tools: [
      { name: "bash", input: { command: `npm test -- stage${round}` }, output: `FAIL stage${round}\nError: stage${round} returned undefined\n${"log ".repeat(600)}`, isError: true },
      { name: "edit", input: { path: `src/stage${round}.ts`, oldText: "a", newText: "b" }, output: "ok" },
    ],
  });
}
const session = buildSession(turns);

let server: FakeAnthropicServer;
beforeEach(async () => {
  server = await startFakeAnthropicServer();
});
afterEach(async () => {
  await server.close();
});

describe("evidence with the Anthropic summarizer (fake server)", () => {
  it("the ledger is in the final context verbatim and only the narrative came from the model", async () => {
    const summarizer = createAnthropicSummarizer({ model: "lab-test-model", apiKey: "test-key", baseURL: server.url, maxRetries: 0 });
    const result = await replaySession({ session, strategy: evidenceStrategy, window: 24_000, summarizer });
    const ends = result.events.filter((event): event is CompactionEndEvent => event.type === "compaction-end");
    expect(ends.length).toBeGreaterThan(1);
    expect(result.events.some((event) => event.type === "fallback")).toBe(false);
    // one model call per compaction, each with the evidence narrative prompt
    expect(server.requests).toHaveLength(ends.length);
    for (const request of server.requests) expect((request.body as { system?: string }).system).toBe(EVIDENCE_NARRATIVE_SYSTEM_PROMPT.trim());

    const texts = finalContext(session, result).messages.map(({ message }) => ({
      synthetic: message.synthetic === true,
      text: message.parts.map((part) => (part.type === "text" ? part.text : "")).join(""),
    }));
    const narrative = texts.find((entry) => entry.synthetic && entry.text.includes(FAKE_SUMMARY_MARKER))!;
    const last = ends[ends.length - 1];
    expect(narrative.text).toBe(EVIDENCE_NARRATIVE_TEXT.replace("{{summary}}", last.summary!));
    const ledger = texts.find((entry) => entry.synthetic && entry.text.startsWith("[Evidence ledger"))!;
    // nothing the model wrote is in the ledger
    expect(ledger.text).not.toContain(FAKE_SUMMARY_MARKER);
    // the rules (never evicted) and the newer facts are there verbatim
    expect(ledger.text).toContain("Never touch the generated/ folder.");
    expect(ledger.text).toContain("Keep the CLI output stable.");
    expect(ledger.text).toMatch(/I'll use the stageRunner\d+ helper instead of inline loops\./);
    expect(ledger.text).toMatch(/Error: stage\d+ returned undefined/);
    // the ledger shown is the one the last compaction carried (its structured details, not a model's text)
    const carried = last.details!.evidence!;
    expect(ledger.text.startsWith(`[Evidence ledger: exact facts from the ${carried.messagesRead.toLocaleString("en-US")} earlier messages`)).toBe(true);
    expect(carried.entries.some((entry) => entry.text.includes(FAKE_SUMMARY_MARKER))).toBe(false);
  });
});
