import { describe, expect, it } from "vitest";
import { buildSession } from "../testing/build-session";
import { extractiveSummary } from "./extractive-summarizer";
import {
  CHECKPOINT_SUMMARY_FORMAT,
  CONTINUATION_SUMMARY_FORMAT,
  NARRATIVE_SUMMARY_FORMAT,
  VIBE_SUMMARY_FORMAT,
} from "./summary-formats";
import { DEFAULT_SUMMARY_OUTPUT_TOKENS, type SummaryFormat } from "./summarizer";

const session = buildSession([
  { user: "Fix the flaky test in src/queue/retry.ts. Never change the public API. Please keep commits small!" },
  {
    assistant: "I'll read the retry module first.",
    tools: [{ name: "read_file", input: { path: "src/queue/retry.ts" }, output: "export function retry() {}" }],
  },
  {
    assistant: "Running the suite.",
    tools: [
      {
        name: "bash",
        input: { command: "npx vitest run src/queue" },
        output: "FAIL src/queue/retry.test.ts > backs off\nAssertionError: expected 3 to be 4",
        isError: true,
      },
    ],
  },
  {
    assistant: "The backoff is off by one; I decided to use attempt + 1 instead. Next I will rerun the tests.",
    tools: [{ name: "edit_file", input: { path: "src/queue/retry.ts", old: "attempt", new: "attempt + 1" }, output: "ok" }],
  },
  { user: "Also update CHANGELOG.md when done." },
]);
const request = (format: SummaryFormat, previousSummary?: string) => ({
  system: "",
  instructions: "",
  format,
  messages: session.messages,
  previousSummary,
});

describe("extractiveSummary", () => {
  it.each([
    ["vibe sections", VIBE_SUMMARY_FORMAT, "7. Immediate Next Step"],
    ["checkpoint", CHECKPOINT_SUMMARY_FORMAT, "## Conversation Dynamics"],
    ["narrative", NARRATIVE_SUMMARY_FORMAT, "The user asked:"],
    ["continuation", CONTINUATION_SUMMARY_FORMAT, "What we're going to do next:"],
  ])("fills the %s layout and keeps identifiers verbatim", (_, format, marker) => {
    const { text } = extractiveSummary(request(format));
    expect(text).toContain(marker);
    for (const exact of [
      "src/queue/retry.ts",
      "npx vitest run src/queue",
      "AssertionError: expected 3 to be 4",
      "Also update CHANGELOG.md when done.",
    ]) {
      expect(text).toContain(exact);
    }
  });

  it("puts the goal, constraints and decisions under the checkpoint headings", () => {
    const { text } = extractiveSummary(request(CHECKPOINT_SUMMARY_FORMAT));
    const section = (heading: string) => text.split(heading)[1].split("\n## ")[0];
    expect(section("## Goal")).toContain("Fix the flaky test");
    expect(section("## Constraints & Preferences")).toContain("Never change the public API.");
    expect(section("## Key Decisions")).toContain("I decided to use attempt + 1 instead.");
    expect(section("## Next Steps")).toContain("Answer the user's last request: Also update CHANGELOG.md");
  });

  it("updates a previous summary: keeps its items, adds new ones, respects maxChars", () => {
    const previous = "## Goal\n- Ship v2 of the queue\n\n## Critical Context\n- config/queue.yml";
    const { text } = extractiveSummary(request(CHECKPOINT_SUMMARY_FORMAT, previous));
    expect(text).toContain("- Ship v2 of the queue");
    expect(text).toContain("- config/queue.yml");
    expect(text).toContain("Fix the flaky test");
    const capped = extractiveSummary({ ...request(CHECKPOINT_SUMMARY_FORMAT, previous), maxChars: 900 }).text;
    expect(capped.length).toBeLessThanOrEqual(900);
    expect(capped).toContain("## Critical Context");
  });

  it("an update never brings back another layout's headings or rules as items: their lines go to the section of the same kind", () => {
    // pi's reported summary after a split turn: the history checkpoint, then the turn prefix's own sections
    const previous = [
      "## Goal\n- Ship v2 of the queue",
      "---",
      "**Turn Context (split turn):**",
      "## Original Request\n- Last request from user was: rename the retry helper",
      "## Early Progress\n- [x] Renamed retryOnce",
      "## Unheard-of Heading\n- zzz",
    ].join("\n\n");
    const { text } = extractiveSummary(request(CHECKPOINT_SUMMARY_FORMAT, previous));
    for (const layout of ["---", "**Turn Context (split turn):**", "## Original Request", "## Early Progress", "## Unheard-of Heading"]) {
      expect(text).not.toContain(`- ${layout}`);
    }
    const section = (heading: string) => text.split(heading)[1].split("\n## ")[0];
    expect(section("## Goal")).toContain("- Last request from user was: rename the retry helper");
    expect(section("## Progress")).toContain("- [x] Renamed retryOnce");
    expect(text).toContain("- zzz"); // an unknown heading's lines land where inferSectionFill sends them (critical context)
  });

  it("is deterministic and reports usage", () => {
    const first = extractiveSummary(request(VIBE_SUMMARY_FORMAT));
    expect(extractiveSummary(request(VIBE_SUMMARY_FORMAT))).toEqual(first);
    expect(first.usage.input).toBeGreaterThan(0);
    expect(first.usage.output).toBe(Math.ceil(first.text.length / 4));
  });

  it.each([
    ["checkpoint", CHECKPOINT_SUMMARY_FORMAT],
    ["narrative", NARRATIVE_SUMMARY_FORMAT],
  ])("caps the %s text like a model's output: 4 chars per maxOutputTokens, default DEFAULT_SUMMARY_OUTPUT_TOKENS", (_, format) => {
    // a previous summary far longer than any output cap: an update must not snowball past it
    const items = Array.from({ length: 4_000 }, (_, index) => `- src/module-${index}/file-${index}.ts was read and left unchanged`);
    const previous = `## Goal\n- Ship v2\n\n## Critical Context\n${items.join("\n")}`;
    expect(previous.length).toBeGreaterThan(4 * DEFAULT_SUMMARY_OUTPUT_TOKENS * 10);
    const uncapped = extractiveSummary(request(format, previous)).text;
    expect(uncapped.length).toBeLessThanOrEqual(4 * DEFAULT_SUMMARY_OUTPUT_TOKENS);
    // headed sections fill the cap with the newest items; prose keeps at most a body's worth of the earlier text
    if (format === CHECKPOINT_SUMMARY_FORMAT) expect(uncapped.length).toBeGreaterThan(4 * DEFAULT_SUMMARY_OUTPUT_TOKENS * 0.9);
    // …cut at a line or sentence start, never mid-sentence
    else expect(uncapped).toMatch(/^Earlier context \(from the previous summary\):\n\[…\] - src\/module-\d+\/file-\d+\.ts was read/);
    const small = extractiveSummary({ ...request(format, previous), maxOutputTokens: 300 }).text;
    expect(small.length).toBeLessThanOrEqual(1_200);
    // the tighter of maxChars and the output cap wins
    expect(extractiveSummary({ ...request(format, previous), maxOutputTokens: 300, maxChars: 500 }).text.length).toBeLessThanOrEqual(500);
  });

  it("an update in prose keeps the newest part of the earlier text, at most as long as the new body, and never nests headers", () => {
    const first = extractiveSummary(request(NARRATIVE_SUMMARY_FORMAT)).text;
    let summary = first;
    const lengths: number[] = [];
    for (let round = 0; round < 6; round++) {
      summary = extractiveSummary(request(NARRATIVE_SUMMARY_FORMAT, summary)).text;
      lengths.push(summary.length);
      expect(summary.match(/Earlier context \(from the previous summary\)/g)).toHaveLength(1);
    }
    // bounded: the sixth update is no longer than the second (no snowball), and ends with the new body whole
    expect(lengths[5]).toBeLessThanOrEqual(lengths[1]);
    expect(summary.endsWith(first)).toBe(true);
  });

  it("drops the oldest items of the fullest section first, keeping the newest", () => {
    const items = Array.from({ length: 2_000 }, (_, index) => `- file-${index}.ts`);
    const previous = `## Goal\n- Ship v2\n\n## Critical Context\n${items.join("\n")}`;
    const { text } = extractiveSummary({ ...request(CHECKPOINT_SUMMARY_FORMAT, previous), maxChars: 3_000 });
    expect(text.length).toBeLessThanOrEqual(3_000);
    expect(text).toContain("- Ship v2");
    expect(text).toContain("- file-1999.ts");
    expect(text).not.toContain("- file-0.ts\n");
  });
});
