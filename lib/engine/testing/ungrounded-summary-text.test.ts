import { describe, expect, it } from "vitest";
import { buildSession } from "./build-session";
import { GroundingSources, ungroundedSummaryText, type SummaryScaffolding } from "./ungrounded-summary-text";

const session = buildSession([
  { user: "Fix the flaky   test in src/queue/retry.ts.\nNever change the public API." },
  {
    assistant: "I'll read the retry module first.",
    tools: [{ name: "bash", input: { command: "npx vitest run" }, output: "FAIL retry.test.ts\nAssertionError: expected 3 to be 4", isError: true }],
  },
]);
const scaffolding: SummaryScaffolding = {
  fixedLines: ["## Goal", "## Progress", "- (none recorded)"],
  labels: ["[x] ", "$ ", /^Last tool call: (?<tool>\S+) /, /^(?<tool>\S+?)(?: failed)?: /],
};
const sources = () => new GroundingSources().addMessages(session.messages);
const check = (summary: string, from = sources()) => ungroundedSummaryText(summary, { sources: from, scaffolding });

describe("ungroundedSummaryText", () => {
  it("passes headings, labels, clipped items, whitespace-normalized quotes and error lines", () => {
    const summary = [
      "## Goal",
      "- Fix the flaky test in src/queue/retry.ts.",
      "Never change the public…",
      "## Progress",
      "- [x] I'll read the retry module first.",
      "- $ npx vitest run",
      "- bash failed: FAIL retry.test.ts / AssertionError: expected 3 to be 4",
      '- Last tool call: bash {"command":"npx vitest run"}',
      "- (none recorded)",
    ].join("\n");
    expect(check(summary)).toEqual([]);
  });

  it.each([
    ["invented text", "## Goal\n- Deploy to production", ["Deploy to production"]],
    ["two quotes stitched together", "- Fix the flaky test in src/queue/retry.ts. I'll read the retry module", ["Fix the flaky test in src/queue/retry.ts. I'll read the retry module"]],
    ["a heading re-parsed into an item", "## Goal\n- ## Progress", ["## Progress"]],
    ["a label with a tool the sources never named", "- grep failed: FAIL retry.test.ts", ["grep failed: FAIL retry.test.ts"]],
    ["an invented error line among real ones", "- bash failed: FAIL retry.test.ts / Segmentation fault", ["Segmentation fault"]],
  ])("flags %s", (_, summary, expected) => {
    expect(check(summary)).toEqual(expected);
  });

  it("quotes a previous summary's content, never its headings", () => {
    const withPrevious = sources().addSummary("## Goal\n- Ship v2 of the queue", scaffolding);
    expect(check("## Goal\n- Ship v2 of the queue", withPrevious)).toEqual([]);
    expect(check("- ## Goal", withPrevious)).toEqual(["## Goal"]);
  });
});
