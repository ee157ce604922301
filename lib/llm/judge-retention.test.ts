import { afterEach, describe, expect, it } from "vitest";
import { extractProbes } from "../engine/evaluate/extract-probes";
import { normalizeProbeText } from "../engine/evaluate/normalize-probe-text";
import type { Probe } from "../engine/evaluate/probe";
import { scoreRetention } from "../engine/evaluate/score-retention";
import { contextAt, finalContext, type ContextSnapshot } from "../engine/simulate/context-at";
import { replaySession } from "../engine/simulate/replay-session";
import { findStrategy } from "../engine/strategies";
import { buildSession, type TurnSpec } from "../engine/testing/build-session";
import { startFakeAnthropicServer, type FakeAnthropicServer, type FakeAnthropicServerOptions } from "../testing/fake-llm/fake-anthropic-server";
import { judgeRetention, type JudgeRetentionOptions } from "./judge-retention";
import { JudgeRetentionError, type JudgeRetentionErrorCode } from "./judge-retention-error";
import { JUDGE_SYSTEM_PROMPT } from "./judge-retention-prompt";

const MODEL = "lab-test-model";
const KEY = "sk-lab-judge-test-key-9f8e7d6c5b4a";

let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function probe(kind: Probe["kind"], text: string, index: number, firstStep = 0): Probe {
  return { id: `${kind}-${index}`, kind, text, normalized: normalizeProbeText(text), firstStep, messageId: `m${index}` };
}

/** A compacted context of one summary message, as a strategy would leave it. */
function snapshotOf(text: string, step: ContextSnapshot["step"] = "final"): ContextSnapshot {
  return {
    step,
    messages: [{ message: { id: "s0", role: "user", parts: [{ type: "text", text }] }, sessionIndex: null, purpose: "summary", marks: {} }],
    contextTokens: Math.ceil(text.length / 4),
  };
}

const summary = 'Summary: we edited "src/lib/Dates.ts" and ran `npm test -- dates`; the suite passes now.';
const threeProbes = [
  probe("file-path", "src/lib/dates.ts", 0),
  probe("command", "npm test -- dates", 1),
  probe("error", "TypeError: cannot read properties of undefined (reading 'day')", 2),
];

async function setup(serverOptions: FakeAnthropicServerOptions = {}) {
  server = await startFakeAnthropicServer(serverOptions);
  const judge = (options: Partial<JudgeRetentionOptions> = {}) =>
    judgeRetention({ context: snapshotOf(summary), probes: threeProbes, apiKey: KEY, model: MODEL, baseURL: server!.url, maxRetries: 0, timeoutMs: 5_000, ...options });
  return { server, judge };
}

async function failureOf(promise: Promise<unknown>): Promise<JudgeRetentionError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(JudgeRetentionError);
  return error as JudgeRetentionError;
}

function sentUser(fake: FakeAnthropicServer, index = 0): string {
  const body = fake.requests[index].body as { messages: { role: string; content: string }[] };
  return body.messages[0].content;
}

describe("judgeRetention against the fake server (real SDK, real HTTP)", () => {
  it("scores a context that holds 2 of 3 probes: weighted overall and per kind", async () => {
    const { server, judge } = await setup();
    const result = await judge();
    // file path (2) and command (1) kept, error (2) lost → 3 / 5
    expect(result.overall).toBe(3 / 5);
    expect(result.byKind["file-path"]).toEqual({ counted: 1, retained: 1, score: 1 });
    expect(result.byKind.command).toEqual({ counted: 1, retained: 1, score: 1 });
    expect(result.byKind.error).toEqual({ counted: 1, retained: 0, score: 0 });
    expect(result.byKind.rule).toEqual({ counted: 0, retained: 0, score: null });
    expect(result).toMatchObject({ asked: 3, model: MODEL });

    expect(server.requests).toHaveLength(1);
    const body = server.requests[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ model: MODEL, temperature: 0, system: JUDGE_SYSTEM_PROMPT });
    expect(body).not.toHaveProperty("tools");
    const user = sentUser(server);
    // only the compacted context's text, normalised as the deterministic score reads it
    expect(user.startsWith("<context>\nsummary: we edited src/lib/dates.ts and ran npm test -- dates;")).toBe(true);
    expect(user).toContain('1. (file-path) Does the context name this file path: "src/lib/dates.ts"');
    expect(user).toContain(`3. (error) Does the context record this error message: ${JSON.stringify(threeProbes[2].text)}`);
    expect(user).toContain("exactly 3 strings");
  });

  it("matches the deterministic score on a real replay (the fake judge is honest), at the end and after a trim", async () => {
    const turns: TurnSpec[] = [{ user: "Always run the linter. Start with src/app/main.ts please." }];
    for (let index = 0; index < 10; index++) {
      turns.push({
        assistant: `Step ${index}: I'll use parserVersion${index} instead of the old one.`,
        tools: [{ name: "bash", input: { command: `cat src/module_${index}/index.ts` }, output: `Error: missing export_${index}_value`, isError: true }],
      });
    }
    turns.push({ user: "Now write the release notes for v1.2.3." }, { assistant: "Writing them." });
    const session = buildSession(turns);
    const probes = extractProbes(session);
    const result = await replaySession({ session, strategy: findStrategy("trim-messages")!, settings: { maxConversationMessages: 6 }, window: 1_000_000 });
    const report = scoreRetention({ session, result, probes });
    expect(report.final.overall).toBeGreaterThan(0);
    expect(report.final.overall).toBeLessThan(1);

    const { judge } = await setup();
    const judged = await judge({ context: finalContext(session, result), probes, maxProbes: 500 });
    expect(judged.asked).toBe(probes.length);
    expect(judged.overall).toBe(report.final.overall);
    for (const [kind, score] of Object.entries(report.final.byKind)) expect(judged.byKind[kind]).toEqual(score);

    const trim = report.compactions[0];
    const atTrim = await judge({ context: contextAt(session, result, trim.eventStep), probes, maxProbes: 500 });
    expect(atTrim.asked).toBe(trim.counted);
    expect(atTrim.overall).toBe(trim.overall);
  });

  it("asks at most maxProbes, stratified by kind, and weighs each kind by all its counted probes", async () => {
    // 8 identifiers kept, 2 rules lost; a cap of 4 asks 2 of each kind
    const probes = [
      ...Array.from({ length: 8 }, (_, index) => probe("identifier", `kept_identifier_${index}`, index)),
      probe("rule", "never push to main", 8),
      probe("rule", "always write tests first", 9),
    ];
    const text = probes.slice(0, 8).map((item) => item.text).join(" ");
    const { server, judge } = await setup();
    const result = await judge({ context: snapshotOf(text), probes, maxProbes: 4 });
    expect(result.asked).toBe(4);
    expect(result.byKind.identifier).toEqual({ counted: 2, retained: 2, score: 1 });
    expect(result.byKind.rule).toEqual({ counted: 2, retained: 0, score: 0 });
    // identifiers stand for 8 × weight 1, rules for 2 × weight 3: 8 / 14
    expect(result.overall).toBe(8 / 14);
    expect(sentUser(server).match(/^\d+\. /gm)).toHaveLength(4);
  });

  it("asks only probes that had appeared by the context's step, and sends nothing when none had", async () => {
    const probes = [probe("file-path", "src/lib/dates.ts", 0, 0), probe("command", "npm test -- dates", 1, 5)];
    const { server, judge } = await setup();
    const early = await judge({ context: snapshotOf(summary, 2), probes });
    expect(early.asked).toBe(1);
    expect(early.byKind.command.counted).toBe(0);
    const none = await judge({ context: snapshotOf(summary, 2), probes: [probes[1]] });
    expect(none).toMatchObject({ overall: null, asked: 0 });
    expect(server.requests).toHaveLength(1);
  });

  it("splits more than 60 questions into several requests", async () => {
    const probes = Array.from({ length: 130 }, (_, index) => probe("identifier", `name_number_${index}`, index));
    const { server, judge } = await setup();
    const result = await judge({ context: snapshotOf(probes.slice(0, 65).map((item) => item.text).join(" ")), probes, maxProbes: 200 });
    expect(server.requests.map((request) => sentUser(server, server.requests.indexOf(request)).match(/^\d+\. /gm)?.length)).toEqual([60, 60, 10]);
    expect(result.byKind.identifier).toEqual({ counted: 130, retained: 65, score: 0.5 });
  });

  it.each<[string, FakeAnthropicServerOptions, JudgeRetentionErrorCode, RegExp]>([
    ["a reply in words, not JSON", { behaviour: "garbled" }, "malformed_answer", /not JSON/],
    ["an empty reply", { behaviour: "empty" }, "malformed_answer", /not JSON/],
    ["a body that is not a message", { behaviour: "malformed" }, "malformed_response", /not a message/],
    ["a 500", { behaviour: "server-error" }, "server_error", /500/],
    ["a wrong key", { expectedApiKey: "sk-the-right-one" }, "auth", /401/],
  ])("%s → a specific error that never shows the key", async (_name, serverOptions, code, pattern) => {
    const { server, judge } = await setup(serverOptions);
    const error = await failureOf(judge());
    expect(error.code).toBe(code);
    expect(error.message).toMatch(pattern);
    expect(`${error.message} ${error.stack} ${JSON.stringify(error)}`).not.toContain(KEY);
    expect(JSON.stringify(server.requests)).not.toContain(KEY);
  });

  it("fails with auth before any request when there is no key", async () => {
    const saved = process.env.ANTHROPIC_API_KEY;
    delete process.env.ANTHROPIC_API_KEY;
    try {
      const { server, judge } = await setup();
      const error = await failureOf(judge({ apiKey: undefined }));
      expect(error.code).toBe("auth");
      expect(server.requests).toHaveLength(0);
    } finally {
      if (saved !== undefined) process.env.ANTHROPIC_API_KEY = saved;
    }
  });

  it("stops with aborted when the caller's signal fires", async () => {
    const { judge } = await setup({ behaviour: "slow", slowMs: 2_000 });
    const controller = new AbortController();
    const pending = judge({ signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await failureOf(pending)).code).toBe("aborted");
  });
});
