import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { replaySession } from "@/lib/engine/simulate/replay-session";
import { DEFAULT_GEMINI_CLI_SETTINGS, geminiCliStrategy } from "@/lib/engine/strategies/gemini-cli";
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
 *   The lab must compact exactly when it would summarize; where it would truncate after a failure the lab keeps
 *   auto-compression off instead (documented);
 * - at every compaction: the split point against `findCompressSplitPoint(contents, 1 − preserve)`, given the lab's
 *   context as gemini `Content`s (user text, model text + functionCall, user functionResponse) whose serialized size
 *   is proportional to the lab's token size of each message — the lab measures the split in estimator tokens, not
 *   serialized characters (a documented deviation), so sizes are equalized to compare the split logic itself.
 */
interface GeminiCompression {
  findCompressSplitPoint(contents: unknown[], fraction: number): number;
  ChatCompressionService: new () => {
    compress(chat: unknown, promptId: string, force: boolean, model: string, config: unknown, hasFailedCompressionAttempt: boolean): Promise<{ info: { compressionStatus: number } }>;
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
/** A model name the package does not know: its token limit is the package's DEFAULT_TOKEN_LIMIT. */
const ORACLE_MODEL = "lab-conformance-model";
/** Thrown by the stand-in config when the service reaches for its LLM client: it decided to summarize. */
const WOULD_SUMMARIZE = new Error("gemini-cli would summarize here");

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
}): Promise<GeminiDecision | "over the threshold, not snapshotted"> {
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
  };
  try {
    const { info } = await new options.gemini.ChatCompressionService().compress(chat, "conformance", false, ORACLE_MODEL, config, options.failedBefore);
    if (options.contents === null && passedThreshold) return "over the threshold, not snapshotted";
    if (info.compressionStatus === options.status.NOOP) return "noop";
    if (info.compressionStatus === options.status.CONTENT_TRUNCATED) return "truncate";
    throw new Error(`unexpected compression status ${info.compressionStatus}`);
  } catch (error) {
    if (error !== WOULD_SUMMARIZE) throw error;
    if (options.contents === null) return "over the threshold, not snapshotted";
    return "summarize";
  }
}
/** Over-threshold calls where the lab plans nothing are checked at the first after each change and then every Nth. */
const SAMPLE_EVERY = 20;

const tallies = { defaults: emptyTally(), trigger: emptyTally(), split: emptyTally(), "split on gemini's own measure": emptyTally() };
/** where gemini's serialized-character measure of the real messages moves the split (documented), listed in the report */
const ownMeasureDifferences: string[] = [];
afterAll(() => {
  reportOracle({ oracle: "gemini-cli", pkg: "@google/gemini-cli-core 0.61.0", tallies, documented: { "splits moved by gemini's own character measure": ownMeasureDifferences } });
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

function constantOf(source: string, name: string): number {
  const match = new RegExp(`const ${name} = ([0-9.]+);`).exec(source);
  if (!match) throw new Error(`${name} not found in ${MODULE}`);
  return Number(match[1]);
}

describe("gemini-cli: the lab's replay against gemini-cli-core's chat compression", () => {
  it("has the package's thresholds", () => {
    const source = fs.readFileSync(path.join(ORACLES_DIR, MODULE), "utf8");
    tallies.defaults.compared += 2;
    expect(constantOf(source, "DEFAULT_COMPRESSION_TOKEN_THRESHOLD")).toBe(DEFAULT_GEMINI_CLI_SETTINGS.compressionThreshold);
    expect(constantOf(source, "COMPRESSION_PRESERVE_THRESHOLD")).toBe(DEFAULT_GEMINI_CLI_SETTINGS.compressionPreserveThreshold);
    tallies.defaults.equal += 2;
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
        const run = capturing(geminiCliStrategy, (decision, input) => {
          if (input.force || input.context.tokens < compressionThreshold * window) return false;
          if (decision.compaction) {
            quiet = 0;
            return true;
          }
          if (quiet++ % SAMPLE_EVERY === 0) return true;
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
          const oracle = await geminiCompressDecision({
            gemini,
            limit,
            status,
            contents: decision ? decision.entries.slice(head).map(sizedContent) : null,
            promptTokens: call.contextTokens,
            window,
            failedBefore,
          });
          tallies.trigger.compared++;
          if (oracle === "over the threshold, not snapshotted") {
            // a call the lab also found over the threshold, sampled out: counted apart, neither equal nor different
            if (sampledOut.has(call.step)) tallies.trigger.compared--;
            else tallies.trigger.unexplained.push({ where, lab: "under the threshold", oracle: "over its threshold" });
            continue;
          }
          // after a failed snapshot gemini-cli 0.61 truncates old tool output instead; the lab keeps auto-compression off
          if (oracle === "truncate") {
            if (failedBefore && !call.compacted) tallies.trigger.documented++;
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
