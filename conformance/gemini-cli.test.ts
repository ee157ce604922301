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
 * - the trigger at every call: gemini compresses when the prompt is not under threshold × window (the service's
 *   check) and the split leaves something to compress; the lab must compact exactly then (after a failed snapshot the
 *   lab keeps auto-compression off, gemini-cli 0.61 truncates instead: documented);
 * - at every compaction: the split point against `findCompressSplitPoint(contents, 1 − preserve)`, given the lab's
 *   context as gemini `Content`s (user text, model text + functionCall, user functionResponse) whose serialized size
 *   is proportional to the lab's token size of each message — the lab measures the split in estimator tokens, not
 *   serialized characters (a documented deviation), so sizes are equalized to compare the split logic itself.
 */
interface GeminiCompression {
  findCompressSplitPoint(contents: unknown[], fraction: number): number;
}
const MODULE = "@google/gemini-cli-core/dist/src/context/chatCompressionService.js";
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
      const session = source.load();
      const { compressionThreshold, compressionPreserveThreshold } = DEFAULT_GEMINI_CLI_SETTINGS;
      for (const window of WINDOWS) {
        // snapshots only where the oracle is asked: every compaction, and over-threshold calls without one, sampled
        let quiet = 0;
        const run = capturing(geminiCliStrategy, (decision, input) => {
          if (input.force || input.context.tokens < compressionThreshold * window) return false;
          if (decision.compaction) {
            quiet = 0;
            return true;
          }
          return quiet++ % SAMPLE_EVERY === 0;
        });
        await replaySession({ session, strategy: run.strategy, window });
        const captured = new Map(run.decisions.map((decision) => [decision.step, decision]));
        for (const call of run.calls) {
          if (call.force) continue;
          const where = `${source.name} @${window / 1000}K step ${call.step}`;
          tallies.trigger.compared++;
          const over = !(call.contextTokens < compressionThreshold * window);
          if (!over) {
            if (!call.compacted) tallies.trigger.equal++;
            else tallies.trigger.unexplained.push({ where, lab: "compacted", oracle: "under the threshold" });
            continue;
          }
          const decision = captured.get(call.step);
          if (!decision) {
            // a sampled-out call: counted apart, neither equal nor different
            tallies.trigger.compared--;
            continue;
          }
          let head = 0;
          while (head < decision.entries.length && decision.entries[head].role === "system" && decision.entries[head].purpose === null) head++;
          const split = gemini.findCompressSplitPoint(decision.entries.slice(head).map(sizedContent), 1 - compressionPreserveThreshold) + head;
          // over the threshold, gemini compresses unless the split leaves nothing to compress
          const oracle = split > head;
          const failedBefore = decision.input.events.some((event) => event.type === "fallback");
          if (oracle === call.compacted) tallies.trigger.equal++;
          // after a failed snapshot the lab keeps auto-compression off (gemini-cli ≥ 0.61 truncates instead): documented
          else if (oracle && failedBefore) tallies.trigger.documented++;
          else tallies.trigger.unexplained.push({ where, lab: `compacted ${call.compacted}`, oracle: `compress ${oracle} (split ${split})` });
          if (!call.compacted) continue;
          const lab = decision.decision.compaction!.summaries[0].ranges[0].to;
          tallies.split.compared++;
          if (split === lab) tallies.split.equal++;
          else tallies.split.unexplained.push({ where, lab: `split ${lab}`, oracle: `split ${split}` });
          // the same split on the real messages, measured as gemini-cli measures them (serialized characters)
          const own = gemini.findCompressSplitPoint(decision.entries.slice(head).map(realContent), 1 - compressionPreserveThreshold) + head;
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
