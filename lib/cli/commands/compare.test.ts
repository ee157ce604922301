import { execFile, spawnSync } from "node:child_process";
import { providerOfStrategy } from "../../engine/strategies/provider-of-strategy";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompareRow } from "../../api/contracts/compare-schemas";
import { messageText } from "../../engine/evaluate/context-text";
import { extractProbes } from "../../engine/evaluate/extract-probes";
import { PROBE_KINDS, PROBE_WEIGHTS } from "../../engine/evaluate/probe";
import { estimateMessageTokens } from "../../engine/tokens/chars4";
import { strategies } from "../../engine/strategies";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "../../testing/fake-llm/fake-anthropic-server";
import { DEFAULT_SUMMARY_MAX_RETRIES } from "../../llm/anthropic-summarizer";
import { estimateCost } from "../../llm/model-prices";
import { describeWithShared } from "../../testing/describe-with-shared";
import { sharedTranscript } from "../../testing/shared-transcripts";
import { importTranscript } from "../../transcripts";
import { runCli } from "../run-cli";

const REPO = path.resolve(import.meta.dirname, "../../..");
const MAIN = path.join(REPO, "lib/cli/main.ts");
/** the environment without any Anthropic variable of the machine, so a test says which ones it sets */
const BASE_ENV = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("ANTHROPIC_"))) as NodeJS.ProcessEnv;

/** Runs the CLI as a user would, in a child process. */
function lab(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ["--import", "tsx", MAIN, ...args], { cwd: REPO, encoding: "utf8", env: { ...BASE_ENV, ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The same, without blocking the event loop: for a child that talks to a server in this process. */
async function labAsync(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", MAIN, ...args], { cwd: REPO, encoding: "utf8", env: { ...BASE_ENV, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The CLI in this process (fast): for refusals that happen before anything runs. */
async function labHere(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

const rowsOf = (stdout: string): CompareRow[] => stdout.trim().split("\n").map((line) => JSON.parse(line));
const ROW_KEYS = [
  "config", "strategy", "settings", "window", "estimator", "summarizer", "peakContextTokens", "meanContextTokens", "compactions", "prunes",
  "totalTokensSent", "finalContextTokens", "tokensSavedVsNone", "summarizerTokens", "estimatedCostUsd", "cost", "fallbacks", "summarizerFailures", "guardTrips", "overflows", "retention", "continuationRecall", "judged", "pareto", "rank",
].sort();

let directory: string;
let file: string;
let probesFile: string;
beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-compare-"));
  file = path.join(directory, "generated.jsonl");
  expect(lab(["generate", "--seed", "3", "--messages", "240", "--out", file]).code).toBe(0);
  probesFile = path.join(directory, "probes.json");
  fs.writeFileSync(probesFile, JSON.stringify([{ kind: "text", pattern: "SRC/billing_api/api.py", label: "the API module" }, { id: "ghost", kind: "regex", pattern: "never-\\d+-seen" }]));
});
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describe("lab probes and lab compare in a child process", () => {
  it("probes --json lists probes with their kinds, steps and weights", () => {
    const { code, stdout, stderr } = lab(["probes", file, "--json"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect(output.probes.length).toBeGreaterThan(10);
    for (const probe of output.probes) {
      expect(Object.keys(probe).sort()).toEqual(["firstStep", "id", "kind", "messageId", "normalized", "text"]);
      expect(PROBE_KINDS).toContain(probe.kind);
    }
    expect(output.countsByKind["last-request"]).toBe(1);
    expect(output.weights).toEqual(PROBE_WEIGHTS);
  });

  it("probes --probes adds the user's probes last, saying where each first occurs or that it never does", async () => {
    const { code, stdout, stderr } = await labHere(["probes", file, "--probes", probesFile, "--json"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect(output.countsByKind.user).toBe(2);
    const [api, ghost] = output.probes.slice(-2);
    expect(api).toMatchObject({ id: "user-1", kind: "user", text: "SRC/billing_api/api.py", normalized: "src/billing_api/api.py", label: "the API module", inSession: true });
    expect(api.firstStep).toBeGreaterThanOrEqual(0);
    expect(typeof api.messageId).toBe("string");
    expect(ghost).toEqual({ id: "user-ghost", kind: "user", text: "never-\\d+-seen", normalized: "never-/d+-seen", regex: "never-\\d+-seen", firstStep: 0, messageId: null, inSession: false });
  });

  it("compare --json prints one CompareRow per configuration: none keeps everything, a tight trim loses some", () => {
    const { code, stdout, stderr } = lab(["compare", file, "--strategies", "none,trim-messages:maxConversationMessages=6,pi", "--window", "20000", "--json", "--probes", probesFile]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const rows = rowsOf(stdout);
    expect(rows.map((row) => row.config)).toEqual(["none", "trim-messages maxConversationMessages=6", "pi"]);
    const [none, trim, pi] = rows;
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(ROW_KEYS);
    expect(none).toMatchObject({ strategy: "none", window: 20_000, estimator: "chars4", summarizer: "extractive", compactions: 0, tokensSavedVsNone: 0, estimatedCostUsd: null, judged: null });
    // the user's probes: the API module is in the session and kept by none; the ghost never occurs, so nothing keeps it
    expect(none.retention.byKind.user).toEqual({ counted: 2, retained: 1, score: 0.5 });
    expect(trim.settings).toEqual({ maxConversationMessages: 6 });
    expect(trim.compactions).toBeGreaterThan(0);
    expect(trim.tokensSavedVsNone).toBe(none.totalTokensSent - trim.totalTokensSent);
    expect(trim.retention.overall).toBeLessThan(1);
    expect(trim.retention.perCompaction).toHaveLength(trim.compactions);
    // one exam: the same checkpoints and facts for every row, each figure with its interval
    for (const row of rows) {
      expect(row.continuationRecall!.counted).toBe(none.continuationRecall!.counted);
      expect(row.continuationRecall!.exam).toEqual(none.continuationRecall!.exam);
      expect(row.continuationRecall!.low!).toBeLessThanOrEqual(row.continuationRecall!.overall!);
      expect(row.continuationRecall!.high!).toBeGreaterThanOrEqual(row.continuationRecall!.overall!);
    }
    expect(none.continuationRecall!.counted).toBeGreaterThan(0);
    // none never cuts, but its calls past the 20K window would be refused: those checkpoints are lost
    expect(none.continuationRecall).toMatchObject({ points: [], events: 0, uncompacted: 1 });
    expect(none.continuationRecall!.refused).toBe(none.continuationRecall!.checkpoints!.filter((point) => point.refused).length);
    expect(none.continuationRecall!.refused).toBeGreaterThan(0);
    expect(none.continuationRecall!.overall).toBeLessThan(1);
    expect(trim.continuationRecall!.overall).toBeLessThan(1);
    expect(trim.continuationRecall!.points.length).toBeGreaterThan(0);
    expect(Object.keys(trim.retention.byKind).sort()).toEqual([...PROBE_KINDS].sort());
    expect(pi.settings).toEqual(strategies.find((strategy) => strategy.id === "pi")!.defaults);
  });

  it.each([
    [["compare", "x.jsonl", "--strategies", "nope"], /unknown strategy "nope"/],
    [["compare", "x.jsonl", "--strategies", "trim-messages:bogus=1"], /bogus/],
    [["compare", "x.jsonl"], /--strategies or --all is required/],
    [["compare", "x.jsonl", "--all", "--strategies", "pi"], /not both/],
    [["compare", "x.jsonl", "--all", "--estimator", "words"], /--estimator takes one of chars4, calibrated, bpe, count-tokens, got "words"/],
    [["compare", "x.jsonl", "--all", "--summarizer", "gpt"], /--summarizer takes one of extractive, anthropic/],
    [["compare", "x.jsonl", "--all", "--model", "claude-haiku-4-5"], /--model needs --summarizer anthropic/],
    [["compare", "x.jsonl", "--all", "--probes", "/nonexistent/probes.json"], /cannot read probes file \/nonexistent\/probes.json: ENOENT/],
  ])("compare %j exits 2 with a message", async (args, message) => {
    const { code, stderr } = await labHere(args);
    expect(stderr).toMatch(message);
    expect(code).toBe(2);
  });

  it("--summarizer anthropic without ANTHROPIC_API_KEY exits 2 before reading the file", () => {
    const { code, stderr } = lab(["compare", "x.jsonl", "--all", "--summarizer", "anthropic"]);
    expect(stderr).toMatch(/needs an API key: set ANTHROPIC_API_KEY/);
    expect(code).toBe(2);
  });

  it.each([
    ["{", /is not JSON/],
    ['[{"kind":"glob","pattern":"x"}]', /\[0\]\.kind|kind/],
    ['[{"kind":"regex","pattern":"a("}]', /entry 0: regex probe "a\(" does not compile/],
    ['[{"id":"a","kind":"text","pattern":"x"},{"id":"a","kind":"text","pattern":"y"}]', /entry 1 repeats id "a"/],
  ])("a probes file %s is refused before anything runs", async (content, message) => {
    const bad = path.join(directory, "bad-probes.json");
    fs.writeFileSync(bad, content);
    const { code, stdout, stderr } = await labHere(["compare", file, "--strategies", "none", "--probes", bad]);
    expect(stderr).toMatch(message);
    expect(stdout).toBe("");
    expect(code).toBe(2);
  });
});

describe("lab compare --summarizer anthropic against the fake server", () => {
  const KEY = "sk-ant-cli-compare-test-4f1e";
  let server: FakeAnthropicServer;
  beforeAll(async () => {
    server = await startFakeAnthropicServer({ expectedApiKey: KEY });
  });
  afterAll(() => server.close());

  it("summarizes through the SDK, counts and prices the usage, and never prints the key", async () => {
    const { code, stdout, stderr } = await labAsync(
      ["compare", file, "--strategies", "none,pi", "--window", "20000", "--summarizer", "anthropic", "--model", "claude-haiku-4-5", "--json"],
      { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url },
    );
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const [none, pi] = rowsOf(stdout);
    const calls = server.requests.filter((request) => request.path === "/v1/messages");
    // pi may summarize twice in one compaction (the history and a split turn's prefix)
    expect(pi.compactions).toBeGreaterThan(0);
    expect(calls.length).toBeGreaterThanOrEqual(pi.compactions);
    expect(calls.every((request) => request.status === 200 && (request.body as { model: string }).model === "claude-haiku-4-5")).toBe(true);
    expect(pi).toMatchObject({ summarizer: "anthropic", fallbacks: 0 });
    expect(pi.summarizerTokens.input).toBeGreaterThan(0);
    expect(pi.estimatedCostUsd).toBeCloseTo(estimateCost({ model: "claude-haiku-4-5", inputTokens: pi.summarizerTokens.input, outputTokens: pi.summarizerTokens.output })!, 12);
    expect(none).toMatchObject({ summarizer: "anthropic", summarizerTokens: { input: 0, output: 0 }, estimatedCostUsd: 0 });
    expect(stdout).not.toContain(KEY);
  });

  it("summary calls that fail: each configuration's breaker stops after 3 failures; degraded (fallback) and failed (none) are named on stderr and in the exit code", async () => {
    const before = server.requests.length;
    const { code, stdout, stderr } = await labAsync(["compare", file, "--strategies", "pi,openclaw", "--window", "20000", "--summarizer", "anthropic", "--model", "fake-server-error", "--json"], {
      ANTHROPIC_API_KEY: KEY,
      ANTHROPIC_BASE_URL: server.url,
    });
    const [piLine, openclawLine] = stderr.trim().split("\n");
    // pi has no fallback layout: its failed compactions left the context as it was
    expect(piLine).toMatch(/^pi: failed: The summarizer failed 3 times \(last: HTTP 500: anthropic summarizer: server_error.*The strategy has no fallback/);
    expect(openclawLine).toMatch(/^openclaw: degraded: The summarizer failed 3 times \(last: HTTP 500: .*used the strategy's fallback\.$/);
    expect(code).toBe(1);
    const rows = rowsOf(stdout);
    // two breakers, 3 failed summaries each, every one retried by the SDK
    expect(server.requests.length - before).toBe(2 * 3 * (1 + DEFAULT_SUMMARY_MAX_RETRIES));
    for (const row of rows) {
      expect(row).toMatchObject({ summarizerFailures: 3, compactions: 0, summarizerTokens: { input: 0, output: 0 } });
      expect(row.fallbacks).toBeGreaterThan(3);
      expect(row.estimatedCostUsd).toBeNull(); // no price for a model the table does not know
    }
  });
});

describeWithShared("lab compare --all on pi-mono's large session", () => {
  const file = sharedTranscript("pi/pi-mono__large-session.jsonl");

  it("compares every registered strategy; none and trim-messages match figures rebuilt from the session itself", () => {
    const { code, stdout, stderr } = lab(["compare", file, "--all", "--json"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const rows = rowsOf(stdout);
    // the providers' own compaction is left out offline: it runs only with its provider's summarizer
    expect(rows.map((row) => row.config)).toEqual(strategies.filter((strategy) => !providerOfStrategy(strategy.id)).map((strategy) => strategy.id));
    expect(rows.every((row) => row.window === 200_000)).toBe(true); // the session records no window
    const byId = Object.fromEntries(rows.map((row) => [row.config, row]));

    // Rebuilt without the replay: the session has 900 messages and no recorded compaction; a model call is an
    // assistant message not directly after another (an assistant message right after one continues its call)
    const { session } = importTranscript(fs.readFileSync(file, "utf8"));
    const tokens = session.messages.map(estimateMessageTokens);
    const calls = session.messages.flatMap((message, index) => (message.role === "assistant" && session.messages[index - 1]?.role !== "assistant" ? [index] : []));
    expect([session.messages.length, calls.length]).toEqual([900, 438]);
    const contextOf = (index: number) => tokens.slice(0, index).reduce((sum, value) => sum + value, 0);
    const sent = calls.map(contextOf);
    // none sends everything before each call; its peak is the whole session, after the last message
    // (peakContextTokens: the calls and the final context)
    expect(byId.none).toMatchObject({
      peakContextTokens: Math.max(...sent, contextOf(session.messages.length)),
      totalTokensSent: sent.reduce((sum, value) => sum + value, 0),
      meanContextTokens: Math.round(sent.reduce((sum, value) => sum + value, 0) / sent.length),
      compactions: 0,
      overflows: 0,
      retention: { overall: 1, afterCompactions: null },
    });
    expect([byId.none.peakContextTokens, byId.none.totalTokensSent]).toEqual([128_336, 35_063_730]);
    expect(Math.max(...sent)).toBe(128_278);

    // trim-messages, simulated by its rule: before each call, when more than 50 messages are in the context keep
    // the newest 50, the cut moved forward past tool results; the final context is the last call's plus what follows
    expect(session.messages[0].role).not.toBe("system"); // no leading system messages to keep aside
    let start = 0;
    let trims = 0;
    for (const call of calls) {
      if (call - start <= 50) continue;
      start = call - 50;
      while (session.messages[start].role === "tool") start++;
      trims++;
    }
    const finalText = session.messages.slice(start).map(messageText).join(" ");
    const probes = extractProbes(session);
    const expected = Object.fromEntries(
      PROBE_KINDS.map((kind) => {
        const ofKind = probes.filter((probe) => probe.kind === kind);
        const retained = ofKind.filter((probe) => finalText.includes(probe.normalized)).length;
        return [kind, { counted: ofKind.length, retained, score: ofKind.length ? retained / ofKind.length : null }];
      }),
    );
    const trim = byId["trim-messages"];
    expect(trim.retention.byKind).toEqual(expected);
    expect(trim.retention.byKind.rule).toEqual({ counted: 7, retained: 0, score: 0 }); // the last rule is message 778
    expect(trim.retention.byKind["last-request"]).toEqual({ counted: 1, retained: 1, score: 1 });
    expect(trim.tokensSavedVsNone).toBe(byId.none.totalTokensSent - trim.totalTokensSent);
    expect(trim.compactions).toBe(trims);
    expect(trim.compactions).toBe(413);
  }, 120_000);

  it("at 64K marks the Pareto frontier of continuation recall against tokens sent and against the final context", () => {
    type Row = CompareRow & { pareto: { tokensSent: boolean; finalContext: boolean } };
    const { code, stdout } = lab(["compare", file, "--all", "--window", "64000", "--json"]);
    expect(code).toBe(0);
    const rows = rowsOf(stdout) as Row[];
    const byId = Object.fromEntries(rows.map((row) => [row.config, row]));
    // one exam for all: the same facts counted in every row; none loses the checkpoints past the window
    expect(new Set(rows.map((row) => row.continuationRecall?.counted)).size).toBe(1);
    expect(byId.none.continuationRecall!.refused).toBeGreaterThan(0);
    expect(byId.pi.continuationRecall!.overall).toBeGreaterThan(byId.none.continuationRecall!.overall!);
    // ranks: a setting is tied with the best of its group when their intervals overlap
    const best = rows.filter((row) => (row as Row & { rank: { place: number } }).rank?.place === 1);
    expect(best.length).toBeGreaterThan(0);
    for (const row of best) expect(row.continuationRecall!.high!).toBeGreaterThanOrEqual(Math.min(...best.map((other) => other.continuationRecall!.low!)));
    // a row is on the frontier exactly when no other row is at least as good on both axes and better on one
    for (const axis of [["tokensSent", "totalTokensSent"], ["finalContext", "finalContextTokens"]] as const) {
      for (const row of rows) {
        const dominated = rows.some((other) => {
          const [a, b] = [other.continuationRecall?.overall ?? 0, row.continuationRecall?.overall ?? 0];
          return a >= b && other[axis[1]] <= row[axis[1]] && (a > b || other[axis[1]] < row[axis[1]]);
        });
        expect(row.pareto[axis[0]], `${row.config} ${axis[0]}`).toBe(!dominated);
      }
    }
    const text = lab(["compare", file, "--strategies", "none,pi,evidence", "--window", "64000"]).stdout;
    // the frontier among these three: the rows marked ◆ are the ones the closing line names, pi among them
    const marked = ["none", "pi", "evidence"].filter((id) => new RegExp(`^◆ (tied )?\\d+\\w\\w +${id} .* continuation recall \\d+\\.\\d% \\[\\d+\\.\\d–\\d+\\.\\d%`, "m").test(text));
    for (const id of ["none", "pi", "evidence"]) expect(text).toMatch(new RegExp(`^[◆ ] (tied )?\\d+\\w\\w +${id} .* continuation recall \\d+\\.\\d%`, "m"));
    expect(marked).toContain("pi");
    const frontier = ["none", "pi", "evidence"].filter((id) => marked.includes(id)).sort((a, b) => byId[a].totalTokensSent - byId[b].totalTokensSent);
    expect(text).toContain(`◆ Pareto frontier, continuation recall against tokens sent: ${frontier.join(", ")}\n`);
  }, 120_000);
});
