import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { replaySession } from "@/lib/engine/simulate/replay-session";
import { DEFAULT_GEMINI_CLI_SETTINGS, geminiCliStrategy } from "@/lib/engine/strategies/gemini-cli";
import type { ContextView, StrategyDecision } from "@/lib/engine/strategies/strategy";
import { GEMINI_FUNCTION_RESPONSE_TOKEN_BUDGET, GEMINI_TRUNCATE_TOOL_OUTPUT_CHARS } from "@/lib/engine/prune/truncate-tool-output-to-budget";
import { capturing, emptyTally, reportOracle, type CapturedDecision, type Tally } from "./capture";

import { loadOracle, ORACLES_DIR } from "./oracles";
import { conformanceSessions, WINDOWS } from "./sessions";

/**
 * gemini-cli (`@google/gemini-cli-core` 0.61.0, `chatCompressionService`) against the lab's `gemini-cli` strategy on
 * every shared transcript and generated sessions of 2,000 and 10,000 messages at 32K, 64K, 128K and 200K:
 * - the defaults: the package's `DEFAULT_COMPRESSION_TOKEN_THRESHOLD` and `COMPRESSION_PRESERVE_THRESHOLD` (module
 *   constants, read from its file) against the strategy's;
 * - the trigger at every call, decided by the package: `ChatCompressionService.compress` itself is called with the
 *   call's prompt size, the window expressed through its `getCompressionThreshold` config knob (see
 *   {@link geminiCompressDecision}) and, where the lab compacted or was over the threshold, the context; it answers
 *   NOOP (under its threshold, or its split leaves nothing to compress), CONTENT_TRUNCATED (0.61's path after a
 *   failed compression: truncate old tool output, no summary) or reaches for its LLM client (it would summarize).
 *   The lab must compact exactly when it would summarize, and not where it would truncate after a failure;
 * - after a failure, at up to {@link TRUNCATION_CALLS} snapshotted calls over the threshold per session and window
 *   (every {@link TRUNCATION_EVERY}th): the tool results gemini's `truncateHistoryToBudget`
 *   (inside `compress`) shortens, against the lab's truncation marks — tool outputs sized to the lab's tokens; where
 *   gemini shortens the lab's own note once more (the lab does not) it is documented;
 * - at every compaction: the split point against `findCompressSplitPoint(contents, 1 − preserve)`, given the lab's
 *   context as gemini `Content`s (user text, model text + functionCall, user functionResponse) whose serialized size
 *   is proportional to the lab's token size of each message — the lab measures the split in estimator tokens, not
 *   serialized characters (a documented deviation), so sizes are equalized to compare the split logic itself.
 */
interface GeminiCompression {
  findCompressSplitPoint(contents: unknown[], fraction: number): number;
  ChatCompressionService: new () => {
    compress(chat: unknown, promptId: string, force: boolean, model: string, config: unknown, hasFailedCompressionAttempt: boolean): Promise<{ newHistory: unknown[] | null; info: { compressionStatus: number } }>;
  };
}
interface GeminiTokenLimits {
  tokenLimit(model: string): number;
}
interface GeminiTurn {
  CompressionStatus: Record<string, number>;
}
const MODULE = "@google/gemini-cli-core/dist/src/context/chatCompressionService.js";
const TOKEN_LIMITS_MODULE = "@google/gemini-cli-core/dist/src/core/tokenLimits.js";
const TURN_MODULE = "@google/gemini-cli-core/dist/src/core/turn.js";
const CONFIG_MODULE = "@google/gemini-cli-core/dist/src/config/config.js";
/** A model name the package does not know: its token limit is the package's DEFAULT_TOKEN_LIMIT. */
const ORACLE_MODEL = "lab-conformance-model";
/** Thrown by the stand-in config when the service reaches for its LLM client: it decided to summarize. */
const WOULD_SUMMARIZE = new Error("gemini-cli would summarize here");
let truncationId = 0;

type GeminiDecision = "summarize" | "truncate" | "noop";

/**
 * What gemini-cli-core's own `ChatCompressionService.compress` (force off) decides for one call. The package compares
 * the prompt with threshold × tokenLimit(model), and tokenLimit is a fixed table; the lab's window enters through the
 * service's configurable threshold (`getCompressionThreshold`): threshold × window ÷ tokenLimit, exact in binary
 * floating point because the default limit is 2^20 (checked). `contents` null: a call the suite did not snapshot — the
 * history is one placeholder whose parts, read only after the threshold check passed, say that it passed.
 */
async function geminiCompressDecision(options: {
  gemini: GeminiCompression;
  limit: number;
  status: Record<string, number>;
  contents: unknown[] | null;
  promptTokens: number;
  window: number;
  failedBefore: boolean;
  /** the characters a truncated output shows (gemini's Config.getTruncateToolOutputThreshold) */
  shown?: number;
}): Promise<{ decision: GeminiDecision | "over the threshold, not snapshotted"; newHistory: unknown[] | null }> {
  const { limit, window } = options;
  const threshold = (DEFAULT_GEMINI_CLI_SETTINGS.compressionThreshold * window) / limit;
  if (threshold * limit !== DEFAULT_GEMINI_CLI_SETTINGS.compressionThreshold * window) throw new Error(`threshold × ${limit} is not exactly ${DEFAULT_GEMINI_CLI_SETTINGS.compressionThreshold} × ${window}`);
  let passedThreshold = false;
  const placeholder = {
    role: "user",
    get parts() {
      passedThreshold = true;
      return [{ text: "" }];
    },
  };
  const chat = { getHistory: () => options.contents ?? [placeholder], getLastPromptTokenCount: () => options.promptTokens };
  const config = {
    getCompressionThreshold: async () => threshold,
    getHookSystem: () => undefined,
    getBaseLlmClient: () => {
      throw WOULD_SUMMARIZE;
    },
    getTruncateToolOutputThreshold: () => options.shown ?? GEMINI_TRUNCATE_TOOL_OUTPUT_CHARS,
    getNextCompressionTruncationId: () => ++truncationId,
    storage: { getProjectTempDir: () => scratch },
  };
  const answer = (decision: GeminiDecision | "over the threshold, not snapshotted", newHistory: unknown[] | null = null) => ({ decision, newHistory });
  try {
    const { info, newHistory } = await new options.gemini.ChatCompressionService().compress(chat, "conformance", false, ORACLE_MODEL, config, options.failedBefore);
    if (options.contents === null && passedThreshold) return answer("over the threshold, not snapshotted");
    if (info.compressionStatus === options.status.NOOP) return answer("noop");
    if (info.compressionStatus === options.status.CONTENT_TRUNCATED) return answer("truncate", newHistory);
    throw new Error(`unexpected compression status ${info.compressionStatus}`);
  } catch (error) {
    if (error !== WOULD_SUMMARIZE) throw error;
    if (options.contents === null) return answer("over the threshold, not snapshotted");
    return answer("summarize");
  }
}
/** Over-threshold calls where the lab plans nothing are checked at the first after each change and then every Nth. */
const SAMPLE_EVERY = 20;

const tallies = {
  defaults: emptyTally(),
  trigger: emptyTally(),
  split: emptyTally(),
  "split on gemini's own measure": emptyTally(),
  "truncation after a failure": emptyTally(),
};
/** where gemini truncates a tool result the lab's own truncation already shortened (documented), listed in the report */
const reTruncations: string[] = [];
/** where the notes' different sizes leave a different budget for older results (documented), listed in the report */
const noteSizeDifferences: string[] = [];
/** Calls after a failure whose truncation is compared, per session and window (each is a walk over every tool result): every Nth snapshotted one. */
const TRUNCATION_CALLS = 10;
const TRUNCATION_EVERY = 5;
/** gemini saves each truncated output to a file: a scratch directory, removed at the end */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "lab-gemini-conformance-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
/** where gemini's serialized-character measure of the real messages moves the split (documented), listed in the report */
const ownMeasureDifferences: string[] = [];
afterAll(() => {
  reportOracle({ oracle: "gemini-cli", pkg: "@google/gemini-cli-core 0.61.0", tallies, documented: { "splits moved by gemini's own character measure": ownMeasureDifferences, "gemini truncates its own note again": reTruncations, "older results kept whole by the notes' different sizes": noteSizeDifferences } });
});

/**
 * A gemini Content of the same role and shape (what findCompressSplitPoint reads: `role`, `parts` with
 * `functionCall` / `functionResponse`) whose serialized length is 4 × the lab's tokens: `toJSON` stands in for the
 * text, so the split logic is compared with the lab's sizes (the lab measures estimator tokens, gemini characters).
 */
function sizedContent(entry: CapturedDecision["entries"][number]): unknown {
  const hasCall = entry.message.parts.some((part) => part.type === "tool-call");
  const role = entry.role === "assistant" ? "model" : "user";
  const parts = entry.role === "assistant" ? [{ text: "" }, ...(hasCall ? [{ functionCall: { name: "t", args: {} } }] : [])] : entry.role === "tool" ? [{ functionResponse: { name: "t", response: {} } }] : [{ text: "" }];
  const serialized = "x".repeat(Math.max(0, entry.tokens * 4 - 2));
  return { role, parts, toJSON: () => serialized };
}

/**
 * The real message as gemini-cli Content: replies `model` (text, functionCall), tool results user-role
 * `functionResponse` parts; a system message inside the history is not a user turn for either side (`model`).
 */
function realContent(entry: CapturedDecision["entries"][number]): unknown {
  const parts: Record<string, unknown>[] = [];
  for (const part of entry.message.parts) {
    if (part.type === "text" || part.type === "reasoning") parts.push({ text: part.text });
    else if (part.type === "tool-call") parts.push({ functionCall: { id: part.id, name: part.name, args: part.input } });
    else if (part.type === "tool-result") parts.push({ functionResponse: { id: part.callId, name: part.name ?? "", response: { output: part.output } } });
  }
  return { role: entry.role === "assistant" || entry.role === "system" ? "model" : "user", parts };
}

/** What the truncation comparison needs of one call after a failure, frozen when the lab decided. */
interface TruncationSnapshot {
  head: number;
  /** the context from `head` as gemini Contents: one part per lab part, tool results as functionResponses */
  contents: { role: string; parts: Record<string, unknown>[] }[];
  /** "position:part" of the tool results the lab truncated at this call */
  lab: Set<string>;
  /** tool results already shortened by the lab's truncation at an earlier call */
  alreadyTruncated: Set<string>;
  shown: number;
}

/**
 * The context as gemini would hold it, with each tool result's output sized to the lab's tokens of it as now sent
 * (4 characters a token: gemini-cli-core estimates ASCII text at 4 characters a token too), other parts empty —
 * truncateHistoryToBudget reads only function responses. The shown size is the lab's min(4 × (window − context),
 * 40,000): gemini's Config computes it from its own token limit, which the suite cannot set to the window.
 */
function truncationSnapshot(context: ContextView, decision: StrategyDecision, window: number): TruncationSnapshot {
  let head = 0;
  while (head < context.length && context.entry(head).message.role === "system" && context.entry(head).purpose === null) head++;
  const alreadyTruncated = new Set<string>();
  const contents: TruncationSnapshot["contents"] = [];
  for (let position = head; position < context.length; position++) {
    const { message } = context.entry(position);
    const parts = message.parts.map((part, partIndex) => {
      if (part.type !== "tool-result") return { text: "" };
      if (context.markOf(position, partIndex)) alreadyTruncated.add(`${position}:${partIndex}`);
      return { functionResponse: { name: part.name ?? "tool", response: { output: "x".repeat(4 * context.partTokens(position, partIndex)) } } };
    });
    contents.push({ role: message.role === "assistant" || message.role === "system" ? "model" : "user", parts });
  }
  const lab = new Set((decision.marks ?? []).filter((mark) => mark.pruner === "truncate-to-budget").map((mark) => `${mark.position}:${mark.partIndex}`));
  const shown = Math.max(0, Math.min(4 * (window - context.tokens), GEMINI_TRUNCATE_TOOL_OUTPUT_CHARS));
  return { head, contents, lab, alreadyTruncated, shown };
}

/** "position:part" of every function response gemini's truncated history changed. */
function truncatedBy(snapshot: TruncationSnapshot, newHistory: unknown[] | null): Set<string> {
  const changed = new Set<string>();
  (newHistory ?? []).forEach((content, index) => {
    ((content as { parts?: Record<string, { response?: { output?: string } }>[] }).parts ?? []).forEach((part, partIndex) => {
      const before = snapshot.contents[index].parts[partIndex] as { functionResponse?: { response: { output: string } } };
      if (part.functionResponse && before.functionResponse && part.functionResponse.response?.output !== before.functionResponse.response.output) {
        changed.add(`${snapshot.head + index}:${partIndex}`);
      }
    });
  });
  return changed;
}

function constantOf(source: string, name: string): number {
  const match = new RegExp(`const ${name} = ([0-9._]+);`).exec(source);
  if (!match) throw new Error(`${name} not found in ${MODULE}`);
  return Number(match[1].replaceAll("_", ""));
}

describe("gemini-cli: the lab's replay against gemini-cli-core's chat compression", () => {
  it("has the package's thresholds", () => {
    const source = fs.readFileSync(path.join(ORACLES_DIR, MODULE), "utf8");
    const config = fs.readFileSync(path.join(ORACLES_DIR, CONFIG_MODULE), "utf8");
    tallies.defaults.compared += 4;
    expect(constantOf(source, "DEFAULT_COMPRESSION_TOKEN_THRESHOLD")).toBe(DEFAULT_GEMINI_CLI_SETTINGS.compressionThreshold);
    expect(constantOf(source, "COMPRESSION_PRESERVE_THRESHOLD")).toBe(DEFAULT_GEMINI_CLI_SETTINGS.compressionPreserveThreshold);
    expect(constantOf(source, "COMPRESSION_FUNCTION_RESPONSE_TOKEN_BUDGET")).toBe(GEMINI_FUNCTION_RESPONSE_TOKEN_BUDGET);
    expect(constantOf(config, "DEFAULT_TRUNCATE_TOOL_OUTPUT_THRESHOLD")).toBe(GEMINI_TRUNCATE_TOOL_OUTPUT_CHARS);
    tallies.defaults.equal += 4;
  });

  for (const source of conformanceSessions()) {
    it(`${source.name} at ${WINDOWS.map((window) => `${window / 1000}K`).join(", ")}`, async () => {
      const gemini = await loadOracle<GeminiCompression>(MODULE);
      const limit = (await loadOracle<GeminiTokenLimits>(TOKEN_LIMITS_MODULE)).tokenLimit(ORACLE_MODEL);
      const { CompressionStatus: status } = await loadOracle<GeminiTurn>(TURN_MODULE);
      const session = source.load();
      const { compressionThreshold, compressionPreserveThreshold } = DEFAULT_GEMINI_CLI_SETTINGS;
      for (const window of WINDOWS) {
        // snapshots only where the oracle needs the context: every compaction, and over-threshold calls without one, sampled
        let quiet = 0;
        const sampledOut = new Set<number>();
        const truncations = new Map<number, TruncationSnapshot>();
        let afterFailure = 0;
        const run = capturing(geminiCliStrategy, (decision, input) => {
          if (input.force || input.context.tokens < compressionThreshold * window) return false;
          if (decision.compaction) {
            quiet = 0;
            return true;
          }
          if (quiet++ % SAMPLE_EVERY === 0) {
            if (input.events.some((event) => event.type === "fallback") && truncations.size < TRUNCATION_CALLS && afterFailure++ % TRUNCATION_EVERY === 0) {
              truncations.set(input.step, truncationSnapshot(input.context, decision, window));
            }
            return true;
          }
          sampledOut.add(input.step);
          return false;
        });
        const result = await replaySession({ session, strategy: run.strategy, window });
        const captured = new Map(run.decisions.map((decision) => [decision.step, decision]));
        const fallbackSteps = result.events.filter((event) => event.type === "fallback").map((event) => event.step);
        for (const call of run.calls) {
          if (call.force) continue;
          const where = `${source.name} @${window / 1000}K step ${call.step}`;
          const decision = captured.get(call.step);
          let head = 0;
          while (decision && head < decision.entries.length && decision.entries[head].role === "system" && decision.entries[head].purpose === null) head++;
          const failedBefore = fallbackSteps.some((step) => step < call.step);
          const truncation = truncations.get(call.step);
          const { decision: oracle, newHistory } = await geminiCompressDecision({
            gemini,
            limit,
            status,
            contents: truncation ? truncation.contents : decision ? decision.entries.slice(head).map(sizedContent) : null,
            promptTokens: call.contextTokens,
            window,
            failedBefore,
            ...(truncation ? { shown: truncation.shown } : {}),
          });
          if (truncation && oracle === "truncate") {
            // which tool results gemini's truncateHistoryToBudget shortens, against the lab's marks at this call
            const theirs = truncatedBy(truncation, newHistory);
            const again = [...theirs].filter((key) => truncation.alreadyTruncated.has(key) && !truncation.lab.has(key));
            const missing = [...truncation.lab].filter((key) => !theirs.has(key));
            const extra = [...theirs].filter((key) => !truncation.lab.has(key) && !truncation.alreadyTruncated.has(key));
            const tally = tallies["truncation after a failure"];
            tally.compared++;
            const list = (keys: string[]) => (keys.length > 8 ? `${keys.slice(0, 8).join(", ")}, … (${keys.length})` : keys.join(", ") || "none");
            // once the budget is crossed, what is left of it depends on the size of each note: gemini's names the
            // saved file's absolute path, the lab's a relative one in its own words — so an older result one side
            // still keeps whole is a documented note-size difference, a difference at or before the crossing is not
            const order = (key: string) => key.split(":").map(Number) as [number, number];
            const newer = (a: string, b: string) => order(a)[0] > order(b)[0] || (order(a)[0] === order(b)[0] && order(a)[1] > order(b)[1]);
            const crossing = [...truncation.lab].filter((key) => theirs.has(key)).reduce<string | null>((best, key) => (best === null || newer(key, best) ? key : best), null);
            const differing = [...missing, ...extra];
            if (differing.length > 0 && crossing !== null && differing.every((key) => newer(crossing, key))) {
              tally.documented++;
              noteSizeDifferences.push(`${where}: after the crossing at ${crossing}, lab also truncated ${list(missing)} · gemini also truncated ${list(extra)}`);
            } else if (differing.length > 0) tally.unexplained.push({ where, lab: `also truncated ${list(missing)} (shown ${truncation.shown} chars)`, oracle: `also truncated ${list(extra)}` });
            else if (again.length > 0) {
              tally.documented++;
              reTruncations.push(`${where}: gemini truncates again ${again.length} result(s) the lab truncated before (${again.slice(0, 5).join(", ")}${again.length > 5 ? ", …" : ""})`);
            } else tally.equal++;
          }
          tallies.trigger.compared++;
          if (oracle === "over the threshold, not snapshotted") {
            // a call the lab also found over the threshold, sampled out: counted apart, neither equal nor different
            if (sampledOut.has(call.step)) tallies.trigger.compared--;
            else tallies.trigger.unexplained.push({ where, lab: "under the threshold", oracle: "over its threshold" });
            continue;
          }
          // after a failed snapshot gemini-cli 0.61 truncates old tool output instead of summarizing, as the lab does
          if (oracle === "truncate") {
            if (failedBefore && !call.compacted) tallies.trigger.equal++;
            else tallies.trigger.unexplained.push({ where, lab: `compacted ${call.compacted}`, oracle });
          } else if ((oracle === "summarize") === call.compacted) tallies.trigger.equal++;
          else tallies.trigger.unexplained.push({ where, lab: `compacted ${call.compacted}`, oracle });
          if (!call.compacted) continue;
          const lab = decision!.decision.compaction!.summaries[0].ranges[0].to;
          const split = gemini.findCompressSplitPoint(decision!.entries.slice(head).map(sizedContent), 1 - compressionPreserveThreshold) + head;
          tallies.split.compared++;
          if (split === lab) tallies.split.equal++;
          else tallies.split.unexplained.push({ where, lab: `split ${lab}`, oracle: `split ${split}` });
          // the same split on the real messages, measured as gemini-cli measures them (serialized characters)
          const own = gemini.findCompressSplitPoint(decision!.entries.slice(head).map(realContent), 1 - compressionPreserveThreshold) + head;
          tallies["split on gemini's own measure"].compared++;
          if (own === lab) tallies["split on gemini's own measure"].equal++;
          else {
            tallies["split on gemini's own measure"].documented++;
            ownMeasureDifferences.push(`${where}: lab split ${lab} · gemini-cli on serialized characters split ${own}`);
          }
        }
      }
    });
  }

  afterAll(() => {
    for (const [name, tally] of Object.entries(tallies)) expect(tally.unexplained, `${name}: unexplained differences`).toEqual([]);
  });
});
