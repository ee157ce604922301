import { capitalize, type Project } from "./create-project";
import type { Random } from "./create-random";

/**
 * The words of a generated session: what the user asks, the standing rules they set, and how the
 * assistant reasons and explains itself. Kept apart from the tool outputs so the two can vary separately.
 */

export interface Task {
  /** short, for the session title */
  title: string;
  ask: string;
  /** the decision the assistant explains: "I'll use X because Y" */
  decision: string;
}

const TASKS: readonly ((project: Project) => Task)[] = [
  (project) => ({
    title: `add rate limiting to /${project.entity}s`,
    ask: `Can you add rate limiting to the /${project.entity}s endpoints? We got hammered last night and the server on port ${project.port} fell over. 100 requests per minute per API key is fine for now.`,
    decision: `I'll use a fixed-window limiter in memory because there's a single instance today and it avoids a new dependency; the window size goes in config so ops can tune it.`,
  }),
  (project) => ({
    title: `fix ${project.entity} totals with discounts (#${project.issueNumber})`,
    ask: `Issue #${project.issueNumber}: ${project.entity} totals are wrong when a percent discount is applied — customers see the undiscounted price. Please find the cause and fix it.`,
    decision: `I'll round once at the end of total${capitalize(project.entity)} because rounding each line item is what drifts the total by a cent or more.`,
  }),
  (project) => ({
    title: `cursor pagination for GET /${project.entity}s`,
    ask: `GET /${project.entity}s returns everything at once and it's getting slow. Add cursor-based pagination (limit + cursor), default page size 50.`,
    decision: `I'll use keyset pagination on the id because offset pagination scans every skipped row and the table is already large.`,
  }),
  (project) => ({
    title: `track down ${project.errorCode} errors`,
    ask: `We're seeing ${project.errorCode} errors in the production logs since v${project.version}. Can you track down where they come from and fix it?`,
    decision: `I'll make the create path idempotent with an upsert because the errors are duplicate-key conflicts from client retries, not real failures.`,
  }),
  (project) => ({
    title: `validate ${project.entity} payloads`,
    ask: `Add proper validation for ${project.entity} payloads before they hit the database — right now bad input surfaces as a 500.`,
    decision: `I'll validate at the route with a schema because the service is also called from the importer, which already validates its own input.`,
  }),
];

const STANDING_INSTRUCTIONS = [
  "Always run the tests before committing.",
  "Never touch the migrations folder — those are applied by the DBA.",
  "Don't use any new dependencies without asking me first.",
  "You must keep the public API stable; other teams call these endpoints.",
  "Keep commits small, one change per commit, with a message that says why.",
  "Don't push to main; work on a branch.",
];

/** A small request after a task, and which of the project's files it touches. */
export interface FollowUp {
  text: string;
  file: (project: Project) => string;
  /** what the wrap-up says was done */
  done: string;
}

const FOLLOW_UPS: readonly FollowUp[] = [
  {
    text: "Nice. Can you also add a test for the edge case where the list is empty?",
    file: (project) => project.failingTestFile,
    done: "Added the empty-list test",
  },
  {
    text: "Looks good. One more thing: log a warning when that path is hit so we can see it in production.",
    file: (project) => project.serviceFile,
    done: "Added a warning log on that path",
  },
  {
    text: "Thanks. Can you double-check the error message is readable for API clients?",
    file: (project) => project.mainFile,
    done: "Reworded the error response",
  },
  { text: "Great — now update the README section on this.", file: () => "README.md", done: "Updated the README section" },
  {
    text: "Hmm, I'd rather keep the old behaviour behind a flag for one release. Can you do that?",
    file: (project) => project.serviceFile,
    done: "Put the old behaviour behind a flag (off by default)",
  },
];

export function pickTask(random: Random, project: Project): Task {
  return random.pick(TASKS)(project);
}

export function pickStandingInstruction(random: Random): string {
  return random.pick(STANDING_INSTRUCTIONS);
}

export function pickFollowUp(random: Random): FollowUp {
  return random.pick(FOLLOW_UPS);
}

export function systemPrompt(project: Project): string {
  return [
    "You are a coding agent working in the user's repository. Use the tools to read, search, edit and run code.",
    "Prefer small, verifiable steps: read before you edit, run the tests after you change code, and explain decisions briefly.",
    `Environment: working directory ${project.root}, platform linux, shell bash, git branch ${project.branch}.`,
    `Tools: read_file(path, offset?, limit?), write_file(path, content), edit(path, old_string, new_string), bash(command), grep(pattern, path?), list_dir(path), web_fetch(url).`,
  ].join("\n");
}

const REASONING_OPENERS = [
  "Let me think about where this lives.",
  "The failure points at the service, not the route.",
  "Before editing I want to see how the tests construct the fixture.",
  "The user asked me not to add dependencies, so the standard library it is.",
  "This could also be a caching issue, but the numbers are off by exactly the discount.",
  "I should check whether anything else imports this function before changing its signature.",
];

/** A few sentences of the assistant's private reasoning about `subject`. */
export function reasoning(random: Random, project: Project, subject: string): string {
  const sentences = [random.pick(REASONING_OPENERS), `Looking at ${subject} next.`];
  if (random.chance(0.5)) sentences.push(`${project.serviceFile} is the likely place; ${project.mainFile} only wires it up.`);
  if (random.chance(0.3)) sentences.push(`Remember: the server runs on port ${project.port} and the failing case is in ${project.failingTestFile}.`);
  return sentences.join(" ");
}

const STEP_NOTES = [
  "Let me look at {subject} first.",
  "Checking {subject}.",
  "Now {subject}.",
  "I'll read {subject} to see how it is structured.",
  "Next: {subject}.",
];

/** The short text an assistant says before a tool call. */
export function stepNote(random: Random, subject: string): string {
  return random.pick(STEP_NOTES).replace("{subject}", subject);
}

/** The wrap-up that ends a follow-up. */
export function followUpSummary(random: Random, project: Project, followUp: FollowUp): string {
  return `${followUp.done} in \`${followUp.file(project)}\`; \`${project.testCommand}\` still passes (${random.int(20, 140)} tests).`;
}

/** The wrap-up that ends a task. */
export function finalSummary(random: Random, project: Project, task: Task): string {
  return [
    `Done — ${task.title}.`,
    "",
    `- Changed \`${project.serviceFile}\` and \`${project.mainFile}\`.`,
    `- Added a regression test in \`${project.failingTestFile}\`; \`${project.testCommand}\` passes (${random.int(20, 140)} tests).`,
    random.chance(0.5) ? `- Left \`migrations/\` untouched and added no dependencies.` : `- The public API is unchanged.`,
    "",
    random.chance(0.5) ? "Anything else you want me to look at?" : "Want me to commit this on the branch?",
  ].join("\n");
}

/** The summary a recorded compaction leaves behind: what a real agent's summarizer would keep. */
export function compactionSummary(project: Project, task: Task, instructions: readonly string[]): string {
  return [
    "This session is being continued from a previous conversation that ran out of context. Summary:",
    `1. Task: ${task.title} in ${project.name} (${project.root}), branch ${project.branch}.`,
    `2. Key files: ${project.mainFile}, ${project.serviceFile}, ${project.failingTestFile}.`,
    `3. Server port ${project.port}, version ${project.version}, issue #${project.issueNumber}, error code ${project.errorCode}.`,
    `4. User instructions: ${instructions.length > 0 ? instructions.join(" ") : "none recorded."}`,
    `5. Next: re-run \`${project.testCommand}\` and finish the change.`,
  ].join("\n");
}
