import type { SummaryFill } from "./summarizer";

const RULES: [RegExp, SummaryFill[]][] = [
  [/dynamics|tone|rapport/i, ["dynamics"]],
  [/constraint|preference/i, ["constraints"]],
  [/immediate next|next step/i, ["next-steps", "last-request"]],
  [/active work|last action|in progress/i, ["active-work"]],
  [/unresolved|pending|issue|error|failure/i, ["errors", "pending"]],
  [/file|code change/i, ["files"]],
  [/decision/i, ["decisions"]],
  [/technical/i, ["technical", "commands"]],
  [/timeline/i, ["timeline"]],
  [/progress|done|status/i, ["progress"]],
  [/goal|intent|request|objective|task/i, ["goal"]],
  [/critical|context|identifier|reference/i, ["critical-context"]],
];

/** What an extractive summary puts under a heading when the strategy does not say (by keywords). */
export function inferSectionFill(heading: string): readonly SummaryFill[] {
  return RULES.find(([pattern]) => pattern.test(heading))?.[1] ?? ["critical-context"];
}
