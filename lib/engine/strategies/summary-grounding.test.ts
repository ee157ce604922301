import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { importTranscript } from "../../transcripts";
import type { Session } from "../model";
import { checkInvariants } from "../simulate/check-invariants";
import { contextAt } from "../simulate/context-at";
import type { CompactionEndEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import { extractiveSummarizer } from "../summarize/extractive-summarizer";
import type { SummarizeRequest, Summarizer } from "../summarize/summarizer";
import { GroundingSources, ungroundedSummaryText, type SummaryScaffolding } from "../testing/ungrounded-summary-text";
import { strategiesById } from "./index";
import { FALLBACK_SUMMARY } from "./openclaw";
import { PI_NO_PRIOR_HISTORY, PI_SUMMARY_FORMAT, PI_SUMMARY_PREFIX, PI_SUMMARY_SUFFIX, PI_TURN_CONTEXT_HEADING, PI_TURN_PREFIX_FORMAT } from "./pi";

const PI_LARGE = path.resolve(import.meta.dirname, "../../../../shared/transcripts/pi/pi-mono__large-session.jsonl");
const WINDOW = 64_000;

/**
 * Everything in a pi / openclaw summary message that the strategy or the extractive summarizer writes itself:
 * the section headings of both summary layouts, the wrapper, the split-turn rule, the file-list and tool-failure
 * blocks' tags and headings, the fallback text — and the summarizer's item labels. Anything else must be quoted.
 */
const SCAFFOLDING: SummaryScaffolding = {
  fixedLines: [
    ...PI_SUMMARY_FORMAT.style === "sections" ? PI_SUMMARY_FORMAT.sections.map((section) => section.heading) : [],
    ...PI_TURN_PREFIX_FORMAT.style === "sections" ? PI_TURN_PREFIX_FORMAT.sections.map((section) => section.heading) : [],
    ...`${PI_SUMMARY_PREFIX}${PI_TURN_CONTEXT_HEADING}${PI_SUMMARY_SUFFIX}`.split("\n"),
    PI_NO_PRIOR_HISTORY,
    FALLBACK_SUMMARY,
    "- (none recorded)",
    "<read-files>",
    "</read-files>",
    "<modified-files>",
    "</modified-files>",
    "## Tool Failures",
  ],
  labels: [
    "[x] ",
    "Later request: ",
    /^Last tool call: (?<tool>\S+) /,
    "modified: ",
    "read: ",
    "$ ",
    "Unanswered request: ",
    "Answer the user's last request: ",
    "Last request from user was: ",
    /^Request \d+: /,
    // an error item (extractFacts) or a tool failure (openclaw's notes): the tool's name, then its verbatim lines
    /^(?<tool>\S+?)(?: failed)?: /,
    /^…and \d+ earlier failure\(s\)$/,
    /^\[Large (user|assistant|tool|system) \(~\d+K tokens\) omitted from summary\]$/,
  ],
};

const sessions: [string, () => Session | null][] = [
  ["a generated 2,000-message session", () => generateSession({ seed: 1, messages: 2_000 })],
  ["the shared pi large session", () => (fs.existsSync(PI_LARGE) ? importTranscript(fs.readFileSync(PI_LARGE, "utf8"), {}).session : null)],
];

/** pi's and OpenClaw's summary output cap: 0.8 × reserve for the history, plus 0.5 × reserve for a split turn's prefix. */
function outputCapTokens(id: "pi" | "openclaw", end: CompactionEndEvent): number {
  const reserve = id === "pi" ? 16_384 : 20_000;
  return Math.floor(0.8 * reserve) + (end.splitTurn ? Math.floor(0.5 * reserve) : 0);
}

describe(`pi and openclaw summaries quote only what they summarized (${WINDOW / 1000}K window, extractive summarizer)`, () => {
  for (const [name, load] of sessions) {
    for (const id of ["openclaw", "pi"] as const) {
      it(`${id} on ${name}: ends within budget, largest summary within the output cap, every summary line grounded`, async (context) => {
        const session = load();
        if (!session) return context.skip(`../shared/transcripts is absent (${PI_LARGE})`);
        // every summarizer call, with what it was handed: each output is checked against its own request too
        const calls: { request: SummarizeRequest; text: string }[] = [];
        const summarizer: Summarizer = async (request) => {
          const result = await extractiveSummarizer(request);
          calls.push({ request, text: result.text });
          return result;
        };
        const result = await replaySession({ session, strategy: strategiesById[id], window: WINDOW, summarizer });
        const report = checkInvariants(session, result);
        expect(report.budgetReasons).toEqual([]);
        expect(report.fitsBudget).toBe(true);

        const ends = result.events.filter((event): event is CompactionEndEvent => event.type === "compaction-end");
        expect(ends.length).toBeGreaterThan(1);
        const largest = ends.reduce((max, end) => (end.summaryTokens > max.summaryTokens ? end : max));
        expect(largest.summaryTokens, `largest summary (step ${largest.step})`).toBeLessThanOrEqual(outputCapTokens(id, largest));

        const indexById = new Map(session.messages.map((message, index) => [message.id, index]));
        let from = 0;
        let previousSummary: string | null = null;
        let checkedLines = 0;
        for (const end of ends) {
          const firstKept = end.firstKeptMessageId === null ? session.messages.length : indexById.get(end.firstKeptMessageId)!;
          // what this compaction summarized: the session messages between the previous compaction's first kept
          // message and this one's, the previous summary it updates, and its structured file lists
          const sources = new GroundingSources().addMessages(session.messages.slice(from, firstKept)).addSummary(previousSummary, SCAFFOLDING);
          for (const file of [...(end.details?.readFiles ?? []), ...(end.details?.modifiedFiles ?? [])]) sources.addText(file);

          const summaryMessage = contextAt(session, result, end.step).messages.find((entry) => entry.purpose === "summary");
          const texts = [end.summary ?? "", ...(summaryMessage?.message.parts ?? []).flatMap((part) => (part.type === "text" ? [part.text] : []))];
          for (const text of texts) {
            expect(ungroundedSummaryText(text, { sources, scaffolding: SCAFFOLDING }), `step ${end.step}: text not in the summarized messages`).toEqual([]);
            checkedLines += text.split("\n").length;
          }
          from = firstKept;
          previousSummary = end.summary ?? previousSummary;
        }
        expect(checkedLines).toBeGreaterThan(ends.length * 10);

        // each call: within the output cap it was given (4 chars a token), and quoting only its own input — the
        // messages it was handed (for a merge, the partial summaries) and the previous summary it updates
        expect(calls.length).toBeGreaterThanOrEqual(ends.length);
        for (const [index, { request, text }] of calls.entries()) {
          expect(Math.ceil(text.length / 4), `call ${index}: output tokens`).toBeLessThanOrEqual(request.maxOutputTokens!);
          const own = new GroundingSources().addMessages(request.messages.filter((message) => !message.summary)).addSummary(request.previousSummary, SCAFFOLDING);
          for (const message of request.messages) if (message.summary) own.addSummary(message.parts.map((part) => (part.type === "text" ? part.text : "")).join("\n"), SCAFFOLDING);
          expect(ungroundedSummaryText(text, { sources: own, scaffolding: SCAFFOLDING }), `call ${index}: text not in its input`).toEqual([]);
        }
      });
    }
  }
});
