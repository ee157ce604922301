import { describe, expect, it } from "vitest";
import type { SummarizeRequest, Summarizer } from "../engine/summarize/summarizer";
import { breakerOutcome, circuitBreakerSummarizer, CIRCUIT_BREAKER_THRESHOLD, SummarizerCircuitOpenError } from "./summarizer-circuit-breaker";

const request = (signal?: AbortSignal): SummarizeRequest => ({ system: "", instructions: "summarize", format: { style: "narrative" }, messages: [], signal });

/** A summarizer answering from a script: "ok" resolves, anything else rejects with that message (status 500). */
function scripted(script: string[]): { summarizer: Summarizer; calls: () => number } {
  let calls = 0;
  const summarizer: Summarizer = async () => {
    const answer = script[calls++] ?? "ok";
    if (answer === "ok") return { text: "a summary", usage: { input: 10, output: 2 } };
    throw Object.assign(new Error(answer), { status: 500 });
  };
  return { summarizer, calls: () => calls };
}

async function settle(summarizer: Summarizer, times: number, signal?: AbortSignal): Promise<string[]> {
  const outcomes: string[] = [];
  for (let index = 0; index < times; index++) {
    outcomes.push(await summarizer(request(signal)).then(() => "ok", (error: Error) => (error instanceof SummarizerCircuitOpenError ? "skipped" : "failed")));
  }
  return outcomes;
}

describe("circuitBreakerSummarizer", () => {
  it("opens after 3 consecutive failures and never calls again; every later request is skipped", async () => {
    const inner = scripted(["boom 1", "boom 2", "boom 3"]);
    const breaker = circuitBreakerSummarizer({ summarizer: inner.summarizer });
    expect(await settle(breaker.summarizer, 10)).toEqual(["failed", "failed", "failed", ...Array(7).fill("skipped")]);
    expect(inner.calls()).toBe(CIRCUIT_BREAKER_THRESHOLD);
    expect(breaker.state()).toEqual({ failures: 3, successes: 0, skipped: 7, open: true, lastError: { message: "boom 3", status: 500 } });
  });

  it("a success resets the consecutive count: failures apart never open it", async () => {
    const inner = scripted(["a", "b", "ok", "c", "d", "ok", "e"]);
    const breaker = circuitBreakerSummarizer({ summarizer: inner.summarizer });
    expect(await settle(breaker.summarizer, 8)).toEqual(["failed", "failed", "ok", "failed", "failed", "ok", "failed", "ok"]);
    expect(breaker.state()).toMatchObject({ failures: 5, successes: 3, skipped: 0, open: false });
  });

  it("a call cancelled by the run's signal is not a failure", async () => {
    const controller = new AbortController();
    controller.abort();
    const breaker = circuitBreakerSummarizer({ summarizer: scripted(["x", "x", "x", "x"]).summarizer });
    await settle(breaker.summarizer, 4, controller.signal);
    expect(breaker.state()).toMatchObject({ failures: 0, open: false });
  });

  it("each breaker is its own: one run's failures do not open another's", async () => {
    const failing = circuitBreakerSummarizer({ summarizer: scripted(["x", "x", "x"]).summarizer });
    await settle(failing.summarizer, 3);
    const other = circuitBreakerSummarizer({ summarizer: scripted([]).summarizer });
    expect(await settle(other.summarizer, 2)).toEqual(["ok", "ok"]);
  });
});

describe("breakerOutcome", () => {
  const state = { failures: 3, successes: 1, skipped: 4, open: true, lastError: { message: "anthropic summarizer: server_error: server error 500 after retries: boom", status: 500 } };
  it.each([
    [{ ...state, failures: 0, open: false, skipped: 0, lastError: null }, 0, "done", null],
    [state, 0, "degraded", "The summarizer failed 3 times (last: HTTP 500: anthropic summarizer: server_error: server error 500 after retries: boom). The breaker opened after 3 consecutive failures: 4 later compactions did not call it. Those compactions used the strategy's fallback."],
    [state, 2, "failed", /The strategy has no fallback/],
    [{ ...state, failures: 1, open: false, skipped: 0, lastError: { message: "empty", status: null } }, 0, "degraded", "The summarizer failed 1 time (last: empty). Those compactions used the strategy's fallback."],
  ] as const)("%#: %o with %i unchanged fallbacks → %s", (given, unchangedFallbacks, status, error) => {
    const outcome = breakerOutcome(given, { unchangedFallbacks });
    expect(outcome.status).toBe(status);
    if (error === null) expect(outcome.error).toBeNull();
    else expect(outcome.error).toMatch(error);
  });
});
