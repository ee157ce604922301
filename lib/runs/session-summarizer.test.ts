import { describe, expect, it } from "vitest";
import type { SummarizeRequest, Summarizer } from "../engine/summarize/summarizer";
import { sessionSummarizer } from "./session-summarizer";

const request: SummarizeRequest = { system: "s", instructions: "i", format: "markdown", messages: [] } as unknown as SummarizeRequest;

/** A summarizer whose first call waits until the test opens it; records when each call starts. */
function heldSummarizer() {
  const started: number[] = [];
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let calls = 0;
  const summarizer: Summarizer = async () => {
    const call = ++calls;
    started.push(call);
    if (call === 1) await opened;
    return { text: `summary ${call}` } as Awaited<ReturnType<Summarizer>>;
  };
  return { summarizer, started, open };
}

const turns = async (count: number) => {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
};

describe("sessionSummarizer: the per-session lock is taken for model calls only", () => {
  it.each([
    { callsModel: true, startedWhileFirstHeld: [1], why: "a model's summaries of one session are made one at a time" },
    { callsModel: false, startedWhileFirstHeld: [1, 2], why: "the extractive summarizer guards nothing: both run at once" },
  ])("callsModel $callsModel: $why", async ({ callsModel, startedWhileFirstHeld }) => {
    const held = heldSummarizer();
    const sessionId = `session-summarizer-test-${callsModel}`;
    const summarize = sessionSummarizer({ sessionId, summarizer: held.summarizer, callsModel });
    const first = summarize(request);
    const second = summarize(request);
    await turns(10);
    expect(held.started).toEqual(startedWhileFirstHeld);
    held.open();
    await Promise.all([first, second]);
    expect(held.started).toEqual([1, 2]);
  });

  it("a cancelled run stops before summarizing, locked or not", async () => {
    for (const callsModel of [true, false]) {
      const held = heldSummarizer();
      const controller = new AbortController();
      controller.abort(new Error("cancelled"));
      const summarize = sessionSummarizer({ sessionId: "cancelled-session", summarizer: held.summarizer, callsModel });
      await expect(summarize({ ...request, signal: controller.signal })).rejects.toThrow("cancelled");
      expect(held.started).toEqual([]);
    }
  });
});
