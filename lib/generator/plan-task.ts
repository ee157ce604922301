import type { Project } from "./create-project";
import { finalSummary, followUpSummary, pickFollowUp, pickStandingInstruction, reasoning, stepNote, type Task } from "./prose";
import { toolCalls, type ToolCallSpec, type ToolContext } from "./tool-calls";

/**
 * One step of a session's script. An action becomes an assistant message (optional reasoning and text,
 * then its tool calls) followed by one tool message per result; a final is an assistant message with no
 * calls; a user beat is a user message.
 */
export type Beat =
  | { kind: "user"; text: string; standingInstruction?: string }
  | { kind: "action"; reasoning?: string; text?: string; calls: ToolCallSpec[] }
  | { kind: "final"; text: string };

/**
 * The beats of one task, in the order a careful agent works: explore, explain the decision, edit, run the
 * tests (the first run fails with a stack trace), fix, re-run until green, commit, summarise. Some tasks hit
 * a tool error first (a wrong path, an edit that does not match) and retry. A follow-up task is a shorter
 * read → edit → test → summary loop. The user message opening the task is the first beat.
 */
export function planTask(options: { context: ToolContext; task: Task; followUp: boolean }): Beat[] {
  const { context, task } = options;
  const { random, project } = context;
  const beats: Beat[] = [];
  const action = (calls: ToolCallSpec[], words: { reasoning?: string; text?: string } = {}): void => {
    beats.push({ kind: "action", calls, ...words });
  };
  const maybeReasoning = (subject: string): string | undefined =>
    random.chance(0.45) ? reasoning(random, project, subject) : undefined;

  if (options.followUp) {
    const standingInstruction = random.chance(0.15) ? pickStandingInstruction(random) : undefined;
    const followUp = pickFollowUp(random);
    const file = followUp.file(project);
    beats.push({ kind: "user", text: followUp.text, standingInstruction });
    action([toolCalls.readFile(context, file)], { reasoning: maybeReasoning(file) });
    action([toolCalls.edit(context, file)], { text: "Making that change." });
    action([toolCalls.tests(context, { failing: false })], { text: stepNote(random, "the full test suite") });
    beats.push({ kind: "final", text: followUpSummary(random, project, followUp) });
    return beats;
  }

  const standingInstruction = random.chance(0.6) ? pickStandingInstruction(random) : undefined;
  beats.push({ kind: "user", text: task.ask, standingInstruction });

  action([toolCalls.listDir(context, random.pick([".", "src", "tests"]))], {
    reasoning: maybeReasoning("the project layout"),
    text: "I'll start by getting oriented in the repository.",
  });
  action([toolCalls.grep(context, random.pick([project.entity, project.errorCode, `total${project.entity}`, "MAX_PAGE_SIZE"]))]);
  if (random.chance(0.2)) {
    const wrongPath = project.mainFile.replace(/(\.\w+)$/, "s$1");
    action([toolCalls.readFile(context, wrongPath, { missing: true })], { text: stepNote(random, wrongPath) });
  }
  action(
    random.chance(0.5)
      ? [toolCalls.readFile(context, project.mainFile), toolCalls.readFile(context, project.serviceFile)]
      : [toolCalls.readFile(context, project.mainFile)],
    { text: stepNote(random, `${project.mainFile} and the service behind it`) },
  );
  if (random.chance(0.35)) action([toolCalls.serverLog(context)], { text: "Let me see what the server log says around the failures." });
  if (random.chance(0.3)) action([toolCalls.apiRequest(context)], { text: `Checking what the API on port ${project.port} actually returns.` });
  if (random.chance(0.25)) action([toolCalls.webFetch(context)], { reasoning: maybeReasoning("the library's documented behaviour") });
  if (random.chance(0.12)) action([toolCalls.install(context)], { text: "Dependencies look out of date; reinstalling from the lockfile." });

  if (random.chance(0.25)) {
    action([toolCalls.edit(context, project.serviceFile, { fails: true })], { text: task.decision });
    action([toolCalls.readFile(context, project.serviceFile, { partial: true })], { text: "The edit did not match; re-reading that part of the file." });
    action([toolCalls.edit(context, project.serviceFile)]);
  } else {
    action([toolCalls.edit(context, project.serviceFile)], { reasoning: maybeReasoning("the change itself"), text: task.decision });
  }
  if (random.chance(0.3)) action([toolCalls.writeFile(context, project.testFiles[1])], { text: "Adding a regression test." });
  else action([toolCalls.edit(context, project.failingTestFile)], { text: "Adding a regression test." });

  action([toolCalls.tests(context, { failing: true })], { text: stepNote(random, "the tests") });
  action([toolCalls.readFile(context, project.serviceFile, { partial: true })], {
    reasoning: maybeReasoning("the failing assertion"),
    text: `The test fails in ${project.serviceFile}; reading the code around the stack frame.`,
  });
  action([toolCalls.edit(context, project.serviceFile)], { text: "Found it — fixing the rounding order." });
  action([toolCalls.tests(context, { failing: false, focused: true })], { text: "Re-running just the failing file." });
  action([toolCalls.tests(context, { failing: false })], { text: "Green. Running the whole suite before committing." });
  if (random.chance(0.6)) {
    action([toolCalls.gitStatus(context)]);
    action([toolCalls.gitCommit(context, `${task.title} (#${project.issueNumber})`)], { text: "Committing on the branch." });
  }
  beats.push({ kind: "final", text: finalSummary(random, project, task) });
  return beats;
}
