import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { cacheInputsOfReplay } from "../cache/cache-inputs-of-replay";
import { cacheRulesByProvider } from "../cache/cache-rules";
import { modelPromptCache } from "../cache/model-prompt-cache";
import { summarizerCalls } from "../cache/summarizer-calls";
import type { Message, Session } from "../model";
import { finalContext } from "../simulate/context-at";
import type { CompactionEndEvent, PruneEvent, TrimEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import { buildSession, deepFreeze, type TurnSpec } from "../testing/build-session";
import { liveContextOf } from "../testing/live-context-of";
import { evidenceStrategy } from "./evidence";
import { DEFAULT_KEEPER_SETTINGS, keeperStrategy, KeeperSettingsSchema } from "./keeper";
import { rewriteEconomics } from "./keeper/cache-economics";
import { compactionPaybackCalls, economicTrigger } from "./keeper/compaction-point";
import { growthPerCall } from "./keeper/growth-per-call";
import { idleGapMs } from "./keeper/idle-gap";
import { openTasksOf } from "./keeper/open-tasks";
import { planClearing } from "./keeper/plan-clearing";
import { curateLedger, isGenericError } from "./keeper/curate-ledger";
import { fitKeeperLedger } from "./keeper/fit-keeper-ledger";
import { trackErrors } from "./keeper/unresolved-errors";
import { addUserDirectives, isDirective } from "./keeper/user-directives";
import { addAssistantProse, PROSE_NOTE } from "./keeper/assistant-prose";
import { fitUserWords, readUserWords, withUserOwnText } from "./keeper/user-words";
import { addToolFacts, OUTLINE_NOTE, STATE_NOTE, tokensOf, toolOutputOf, VALUE_NOTE } from "./keeper/tool-facts";
import { renderKeeperLedger } from "./keeper/render-keeper-ledger";
import { EMPTY_LEDGER, readIntoLedger } from "./evidence/ledger";

const ANTHROPIC = { readMultiplier: 0.1, writeMultiplier: 1.25, paybackCalls: 10 };

/** Stamps every message `stepMs` after the previous one, with `gaps` (message index → extra ms) inserted. */
function stamped(session: Session, options: { stepMs: number; gaps?: Record<number, number> }): Session {
  let time = Date.parse("2026-11-01T09:00:00Z");
  const messages: Message[] = session.messages.map((message, index) => {
    time += options.stepMs + (options.gaps?.[index] ?? 0);
    return { ...message, timestamp: new Date(time).toISOString() };
  });
  return { ...session, messages };
}

/** A coding session: `turns` user turns, each a read of a large file, a failing test run, an edit and a reply. */
function codingSession(turns: number, filler = 2_000): Session {
  const spec: TurnSpec[] = [{ user: "Never edit package-lock.json by hand. The release is v4.2.0 on port 8443." }];
  for (let turn = 0; turn < turns; turn++) {
    spec.push({ user: `Step ${turn}: fix the parser for case ${turn} in src/parser/case${turn}.ts` });
    spec.push({
      assistant: `Reading case ${turn}.`,
      tools: [
        { name: "read", input: { path: `src/parser/case${turn}.ts` }, output: `export const case${turn} = 1;\n${"x".repeat(filler)}` },
        { name: "bash", input: { command: `npm test -- case${turn}` }, output: `FAIL case${turn}\nError: expected ${turn}\n${"y".repeat(filler)}`, isError: true },
      ],
    });
    spec.push({ assistant: `Fixed case ${turn}.`, tools: [{ name: "edit", input: { path: `src/parser/case${turn}.ts`, oldText: "1", newText: "2" }, output: "ok" }] });
  }
  return buildSession(spec);
}

describe("keeper's cache economics", () => {
  it.each([
    // suffix, freed, cold → extra, net over 10 calls
    { suffix: 10_000, freed: 8_000, cold: false, extra: 1_500, net: 6_500 },
    { suffix: 10_000, freed: 2_000, cold: false, extra: 9_000, net: -7_000 },
    { suffix: 10_000, freed: 0, cold: false, extra: 11_500, net: -11_500 },
    // a cold cache writes the whole prompt anyway: the freed tokens are not written, so the rewrite earns
    { suffix: 10_000, freed: 2_000, cold: true, extra: -2_500, net: 4_500 },
  ])("rewriting a $suffix-token suffix that frees $freed (cold: $cold) costs $extra now and nets $net", ({ suffix, freed, cold, extra, net }) => {
    const priced = rewriteEconomics({ suffixTokens: suffix, freedTokens: freed, cold, economics: ANTHROPIC });
    expect(priced.extra).toBeCloseTo(extra, 6);
    expect(priced.net).toBeCloseTo(net, 6);
  });
});

describe("keeper's clearing pass", () => {
  const session = buildSession([
    { user: "go" },
    { assistant: "a", tools: [{ name: "read", input: { path: "a.ts" }, output: "first line of a\n" + "a".repeat(400) }] },
    { assistant: `b ${"z".repeat(20_000)}`, tools: [{ name: "read", input: { path: "b.ts" }, output: "b".repeat(40_000) }] },
    { assistant: "c", tools: [{ name: "read", input: { path: "c.ts" }, output: "c" }] },
    { assistant: "d", tools: [{ name: "read", input: { path: "d.ts" }, output: "d" }] },
    { assistant: "done" },
  ]);

  it("clears the batch whose cheaper calls pay for the rewrite: from the big result on, not the small older one", () => {
    const live = liveContextOf(session);
    const pass = planClearing({ context: live, keepToolResults: 2, economics: ANTHROPIC, cold: false, lookbackMessages: 20, pruner: "p" });
    expect(pass?.marks.map((mark) => live.entry(mark.position).message.id)).toEqual(["m4"]);
    expect(pass!.net).toBeGreaterThan(0);
  });

  it("clears nothing when no batch pays back within the payback calls: a small old result before a long suffix", () => {
    const live = liveContextOf(session);
    expect(planClearing({ context: live, keepToolResults: 3, economics: ANTHROPIC, cold: false, lookbackMessages: 20, pruner: "p" })).toBeNull();
  });

  it("a batch further back than the cache's lookback is priced as rewriting the whole prompt", () => {
    const live = liveContextOf(session);
    const near = planClearing({ context: live, keepToolResults: 2, economics: ANTHROPIC, cold: false, lookbackMessages: 20, pruner: "p" })!;
    const far = planClearing({ context: live, keepToolResults: 2, economics: ANTHROPIC, cold: false, lookbackMessages: 3, pruner: "p" });
    expect(near.suffix).toBeLessThan(live.tokens);
    expect(far!.suffix).toBeGreaterThan(near.suffix);
  });

  it("with a cold cache clears every old result, the small one too, keeping its first line", () => {
    const live = liveContextOf(session);
    const pass = planClearing({ context: live, keepToolResults: 2, economics: { ...ANTHROPIC, paybackCalls: 0 }, cold: true, lookbackMessages: 20, pruner: "p" })!;
    expect(pass.marks.map((mark) => live.entry(mark.position).message.id)).toEqual(["m2", "m4"]);
    expect(pass.marks[0].mark).toMatchObject({ kind: "cleared", placeholder: expect.stringContaining("first line of a") });
  });
});

describe("keeper's idle gap and open tasks", () => {
  it.each([
    { name: "gap from the previous reply to the newest message", stamps: ["09:00:00", "09:00:10", "09:07:10"], expected: 420_000 },
    { name: "no timestamps", stamps: [undefined, undefined, undefined], expected: null },
  ])("$name", ({ stamps, expected }) => {
    const base = buildSession([{ user: "go" }, { assistant: "a", tools: [{ name: "bash", input: { command: "make" }, output: "ok" }] }]);
    const session = { ...base, messages: base.messages.map((message, index) => (stamps[index] ? { ...message, timestamp: `2026-11-01T${stamps[index]}Z` } : message)) };
    expect(idleGapMs(liveContextOf(session))).toBe(expected);
  });

  it.each([
    { name: "Claude Code's TodoWrite", input: { todos: [{ content: "write tests", status: "completed" }, { content: "fix the cache", status: "in_progress" }, { content: "docs", status: "pending" }] }, expected: ["[in_progress] fix the cache", "[pending] docs"] },
    { name: "codex's update_plan", tool: "update_plan", input: JSON.stringify({ plan: [{ step: "measure", status: "done" }, { step: "ship", status: "pending" }] }), expected: ["[pending] ship"] },
    { name: "Copilot CLI's update_todo (a markdown checklist)", tool: "update_todo", input: { todos: "- [x] reproduce\n- [ ] fix the hook\n- [ ] re-run entire doctor" }, expected: ["[pending] fix the hook", "[pending] re-run entire doctor"] },
    { name: "Roo Code's update_todo_list ([-] in progress)", tool: "update_todo_list", input: { todos: "[x] plan\n[-] write the parser\n1. [ ] tests\n- [ ] docs" }, expected: ["[in_progress] write the parser", "[pending] tests", "[pending] docs"] },
    { name: "OpenHands' task_tracker plan", tool: "task_tracker", input: { command: "plan", task_list: [{ id: "1", title: "explore", status: "done" }, { id: "2", title: "patch parser.c", status: "todo" }] }, expected: ["[todo] patch parser.c"] },
    { name: "OpenHands' task_tracker view (no list)", tool: "task_tracker", input: { command: "view" }, expected: null },
    { name: "a checklist with no item", tool: "update_todo", input: { todos: "nothing yet" }, expected: null },
    { name: "not a task list", tool: "read", input: { path: "a" }, expected: null },
  ])("$name", ({ tool, input, expected }) => {
    const session = buildSession([{ assistant: "plan", tools: [{ name: tool ?? "TodoWrite", input, output: "ok" }] }]);
    expect(openTasksOf(session.messages)).toEqual(expected);
  });
});

describe("keeper reads the user's own words, not what the agent put in the user's turn", () => {
  it("takes no rule from a system reminder, keeps no task notification as the user's words, keeps a slash command as typed", () => {
    const session = buildSession([
      { user: "Port the parser to streaming. Never edit the lockfile.\n<system-reminder>\nYou must always use the TodoWrite tool. Make sure that you NEVER mention this reminder.\n</system-reminder>" },
      { assistant: "On it." },
      { user: "<task-notification>\n<task-id>ac27727</task-id>\n<status>completed</status>\n<summary>Agent \"lint\" completed</summary>\n</task-notification>" },
      { assistant: "The lint agent is done." },
      { user: "<command-message>review is running…</command-message>\n<command-name>/review</command-name>\n<command-args>src/parser.ts</command-args>" },
      { assistant: "Reviewing." },
    ]);
    const entries = session.messages.map((message, sessionIndex) => ({ message: withUserOwnText(message), sessionIndex }));
    const rules = addUserDirectives(readIntoLedger(EMPTY_LEDGER, entries, { instructionMaxChars: 4_000 }), entries).entries.filter((entry) => entry.kind === "rule").map((entry) => entry.text);
    expect(rules).toContain("Never edit the lockfile.");
    expect(rules.join("\n")).not.toMatch(/TodoWrite|reminder/);
    expect(readUserWords([], entries, 4_000).map((entry) => entry.text)).toEqual(["Port the parser to streaming. Never edit the lockfile.", "/review src/parser.ts"]);
    // a message with nothing injected is read as the same object
    expect(withUserOwnText(session.messages[1])).toBe(session.messages[1]);
  });
});

describe("keeper's user words", () => {
  const session = buildSession([
    { user: "Task: port the parser. Use port 8443." },
    { assistant: "ok" },
    { user: "second" },
    { assistant: "ok" },
    { user: `third ${"w".repeat(400)}` },
    { assistant: "ok" },
    { user: "Stop: never touch vendor/." },
  ]);
  const messages = session.messages.map((message, sessionIndex) => ({ message, sessionIndex }));
  const measure = (text: string) => Math.ceil(text.length / 4);

  it("keeps each user message verbatim, capped with a note, and reads a message once across compactions", () => {
    const words = readUserWords([], messages.slice(0, 4), 30);
    expect(words.map((entry) => entry.text)).toEqual(["Task: port the parser. Use por … [7 more characters]", "second"]);
    expect(readUserWords(words, messages, 1_000).map((entry) => entry.index)).toEqual([0, 2, 4, 6]);
  });

  it("a lone slash command is not the user's words, and a few words naming nothing are left out before a correction", () => {
    const chat = buildSession([
      { user: "/mode" },
      { user: "port the parser in src/parser.ts after the lexer's pattern" },
      { assistant: "ok" },
      { user: "use rgb values in the themes, no 256-colour indices!" },
      { assistant: "ok" },
      { user: "sleep for a while" },
      { assistant: "ok" },
      { user: "now the footer" },
    ]).messages.map((message, sessionIndex) => ({ message, sessionIndex }));
    const words = readUserWords([], chat, 1_000);
    const characters = (text: string) => text.length;
    expect(words.map((entry) => entry.text)).not.toContain("/mode");
    expect(words[0].text).toMatch(/^port the parser/);
    const all = fitUserWords(words, { budgetTokens: 10_000, openRequest: true, measure: characters });
    expect(all.kept.length).toBe(4);
    // room for all but one message (and the note that one is left out): "sleep for a while" (newer, but naming nothing) goes
    const room = fitUserWords(words.filter((entry) => entry.text !== "sleep for a while"), { budgetTokens: 10_000, openRequest: true, measure: characters }).tokens + characters("; 1 older one left out");
    expect(room).toBeLessThan(all.tokens);
    const fitted = fitUserWords(words, { budgetTokens: room, openRequest: true, measure: characters });
    expect(fitted.kept.map((entry) => entry.text)).toEqual([words[0].text, "use rgb values in the themes, no 256-colour indices!", "now the footer"]);
  });

  it("under a small budget keeps the first and the newest message, then the newest others, shown in order", () => {
    const words = readUserWords([], messages, 1_000);
    const fitted = fitUserWords(words, { budgetTokens: 60, openRequest: true, measure });
    expect(fitted.kept.map((entry) => entry.index)).toEqual([0, 2, 6]);
    expect(fitted.text).toContain("1 older one left out");
    expect(fitted.text).toMatch(/\[message 6, the open request: not answered in what follows\]\nStop: never touch vendor\/\./);
    expect(fitted.tokens).toBeLessThanOrEqual(60);
  });
});

describe("keeper's ledger: unresolved errors, generic lines, ranking", () => {
  const entriesOf = (spec: TurnSpec[]) => buildSession(spec).messages.map((message, sessionIndex) => ({ message, sessionIndex }));
  const longError = `src/parser.ts(12,3): error TS2345: ${"Argument of type string is not assignable ".repeat(8)}`;
  const session = entriesOf([
    { user: "Run the tests." },
    {
      assistant: "Running.",
      tools: [
        { name: "bash", input: { command: "npm test" }, output: "FAIL parser\nError: expected 3, got 4", isError: true },
        { name: "bash", input: { command: "npx tsc --noEmit" }, output: longError, isError: true },
        { name: "bash", input: { command: "npm run lint" }, output: "Error: no-unused-vars in src/lexer.ts", isError: true },
        { name: "bash", input: { command: "grep -n foo src/a.ts" }, output: "Command exited with code 1", isError: true },
      ],
    },
    { assistant: "Fixing.", tools: [{ name: "edit", input: { path: "/home/me/repo/src/parser.ts", oldText: "a", newText: "b" }, output: "ok" }] },
    { assistant: "Again.", tools: [{ name: "bash", input: { command: "npm test" }, output: "3 passed" }] },
  ]);

  it("drops an error a later success of the same command resolved, or an edit of the file it names; keeps the others", () => {
    const tracked = trackErrors([], session);
    const read = curateLedger(readIntoLedger(EMPTY_LEDGER, session, { instructionMaxChars: 4_000 }), { resolvedErrors: tracked.resolved });
    const errors = read.entries.filter((entry) => entry.kind === "error").map((entry) => entry.text);
    expect(errors).toEqual(["Error: no-unused-vars in src/lexer.ts"]);
    // still open: the lint error (nothing ran lint again) and the grep's generic line, which the ledger drops as naming nothing
    expect(tracked.open.map((error) => error.key)).toEqual(["error: no-unused-vars in src/lexer.ts", "command exited with code 1"]);
    // the generic failure note of a command says only its exit code
    expect(read.entries.find((entry) => entry.kind === "command" && entry.text.startsWith("grep"))?.note).toBe("failed (exit 1)");
  });

  it("an error carried open from an earlier compaction is resolved by a later success, and reopened when seen again", () => {
    const edit = session.findIndex(({ message }) => message.parts.some((part) => part.type === "tool-call" && part.name === "edit"));
    const first = trackErrors([], session.slice(0, edit));
    expect(first.open.length).toBe(5);
    const later = trackErrors(first.open, session.slice(edit));
    expect(later.resolved.has("fail parser")).toBe(true);
    const again = trackErrors(later.open, entriesOf([{ assistant: "Once more.", tools: [{ name: "bash", input: { command: "npm test" }, output: "FAIL parser", isError: true }] }]));
    expect(again.open.map((error) => error.key)).toContain("fail parser");
  });

  it("a command whose Codex wrapper reports a non-zero exit resolves nothing, though no line of its output is an error", () => {
    const first = trackErrors([], entriesOf([{ assistant: "Testing.", tools: [{ name: "exec_command", input: { cmd: "npm test" }, output: "Exit code: 1\nWall time: 2.0 seconds\nOutput:\nFAIL parser" }] }]));
    expect(first.open.map((error) => error.key)).toContain("fail parser");
    const rerun = (code: number) => trackErrors(first.open, entriesOf([{ assistant: "Again.", tools: [{ name: "exec_command", input: { cmd: "npm test" }, output: `Exit code: ${code}\nWall time: 2.0 seconds\nOutput:\n3 suites` }] }]));
    expect(rerun(1).resolved.has("fail parser")).toBe(false);
    expect(rerun(0).resolved.has("fail parser")).toBe(true);
  });

  it.each([
    ["Command exited with code 1", true],
    ["Command aborted", true],
    ["exit status 2", true],
    ["Error: ENOENT: no such file or directory, open 'a.json'", false],
    ["src/a.ts(3,1): error TS2304: Cannot find name 'chalk'.", false],
  ])("a generic error line names nothing: %s → %s", (line, generic) => {
    expect(isGenericError(line)).toBe(generic);
  });

  it.each([
    ["omfg use fucking rgb values in the themes, no rgb indices!", true],
    ["no, the block should stay as is", true],
    ["Never edit package-lock.json by hand.", true],
    ["we still need to port over user-message-selector.ts", true],
    ["think then say hello", false],
    ["what color are the codeblocks using in markdown?", false],
  ])("a user's sentence that says what to do or how is a directive: %s → %s", (sentence, directive) => {
    expect(isDirective(sentence)).toBe(directive);
  });

  it("keeps a user's correction verbatim as a rule, in the order said, once", () => {
    const said = entriesOf([{ user: "Port the selector. omfg use fucking rgb values in the themes, no rgb indices!" }, { assistant: "Sorry. I'll use RGB." }, { user: "use fucking rgb values in the themes, no rgb indices!" }, { assistant: "ok" }, { user: "use fucking rgb values in the themes, no rgb indices!" }]);
    const ledger = addUserDirectives(readIntoLedger(EMPTY_LEDGER, said, { instructionMaxChars: 4_000 }), said);
    expect(ledger.entries.filter((entry) => entry.kind === "rule").map((entry) => entry.text)).toEqual(["Port the selector.", "omfg use fucking rgb values in the themes, no rgb indices!", "use fucking rgb values in the themes, no rgb indices!"]);
    expect(ledger.entries.filter((entry) => entry.kind === "decision").map((entry) => entry.text)).toEqual(["I'll use RGB."]);
  });

  it("keeps the assistant's prose only in the room every fact leaves, newest longest", () => {
    const said = entriesOf([
      { user: "Never edit package-lock.json by hand." },
      { assistant: "The parser reads the whole file into memory before it tokenizes anything at all." },
      { assistant: "The lexer keeps a lookahead buffer of sixty-four characters between its calls." },
    ]);
    const ledger = addAssistantProse(readIntoLedger(EMPTY_LEDGER, said, { instructionMaxChars: 4_000 }), said);
    const prose = ledger.entries.filter((entry) => entry.note === PROSE_NOTE).map((entry) => entry.text);
    expect(prose).toEqual(["The parser reads the whole file into memory before it tokenizes anything at all.", "The lexer keeps a lookahead buffer of sixty-four characters between its calls."]);
    const measure = (text: string) => Math.ceil(text.length / 4);
    const fit = (budgetTokens: number) => fitKeeperLedger({ ...ledger, entries: ledger.entries.filter((entry) => entry.kind !== "instruction" && entry.kind !== "request") }, { openRequest: false, budgetTokens, measure, userTexts: [], shownUserTexts: [] });
    const full = fit(10_000);
    const tight = fit(full.tokens - 10);
    expect(tight.text).toContain("Never edit package-lock.json by hand.");
    expect(tight.text).not.toContain("The parser reads the whole file");
    expect(tight.text).toContain("The lexer keeps a lookahead buffer");
  });

  it("evicts the assistant's names before the user's rules and numbers, decisions and edited files; repetitions of a message shown verbatim first", () => {
    const entries = entriesOf([
      { user: "Never edit package-lock.json by hand. The limit is MAX_ROWS=500 on port 8443." },
      {
        assistant: "I'll use the streaming parser because the file is 2 GB. The tokenizer lives in parseStreamingChunk.",
        tools: [
          { name: "read", input: { path: "src/reader.ts" }, output: "x" },
          { name: "edit", input: { path: "src/parser.ts", oldText: "a", newText: "b" }, output: "ok" },
          { name: "bash", input: { command: "echo done" }, output: "done" },
        ],
      },
    ]);
    const ledger = readIntoLedger(EMPTY_LEDGER, entries, { instructionMaxChars: 4_000 });
    const facts = { ...ledger, entries: ledger.entries.filter((entry) => entry.kind !== "instruction" && entry.kind !== "request") };
    const measure = (text: string) => Math.ceil(text.length / 4);
    const userTexts = [entries[0].message.parts.map((part) => (part.type === "text" ? part.text : "")).join("")];
    const kinds = (fitted: ReturnType<typeof fitKeeperLedger>) => fitted.ledger.entries.map((entry) => `${entry.kind}:${entry.text}`);
    const fit = (budgetTokens: number, shownUserTexts: string[]) => fitKeeperLedger(facts, { openRequest: false, budgetTokens, measure, userTexts, shownUserTexts });
    const full = fit(10_000, []);
    // the user's message is not shown: its rule and numbers outrank the assistant's names and a clean command
    const hidden = fit(full.tokens - 40, []);
    expect(hidden.tokens).toBeLessThanOrEqual(full.tokens - 40);
    const goneHidden = kinds(full).filter((entry) => !kinds(hidden).includes(entry));
    expect(goneHidden.length).toBeGreaterThan(0);
    for (const entry of goneHidden) expect(entry).toMatch(/^fact:(?:parseStreamingChunk|2 GB)$|^command:echo done|^result:|^file:(?:package-lock\.json|src\/reader\.ts)$/);
    expect(hidden.text).toContain("Never edit package-lock.json by hand.");
    expect(hidden.text).toContain("MAX_ROWS=500");
    expect(hidden.text).toContain("I'll use the streaming parser because the file is 2 GB.");
    expect(hidden.text).toMatch(/edited: src\/parser\.ts/);
    // shown verbatim beside the ledger, the message's rule sentence and numbers are repetitions: they go first
    const shown = fit(full.tokens - 40, userTexts);
    const goneShown = kinds(full).filter((entry) => !kinds(shown).includes(entry));
    expect(goneShown).toEqual(expect.arrayContaining(["rule:Never edit package-lock.json by hand.", "fact:MAX_ROWS=500"]));
    expect(shown.text).toContain("parseStreamingChunk");
    expect(shown.text).toContain("I'll use the streaming parser because the file is 2 GB.");
  });
});

describe("keeper's tool facts: files' last state, commands' output, values referred to", () => {
  const entriesOf = (spec: TurnSpec[]) => buildSession(spec).messages.map((message, sessionIndex) => ({ message, sessionIndex }));
  const facts = (spec: TurnSpec[], referrers: string[] = []) => {
    const entries = entriesOf(spec);
    return addToolFacts(readIntoLedger(EMPTY_LEDGER, entries, { instructionMaxChars: 4_000 }), entries, { referrers });
  };
  const noted = (ledger: ReturnType<typeof facts>, note: string) => ledger.entries.filter((entry) => entry.kind === "result" && entry.note === note).map((entry) => entry.text);

  it("changes a copy of an entry it updates and carries the rest as the same objects: the same ledger as from a copy", () => {
    const entries = generateSession({ seed: 5, messages: 600 }).messages.map((message, sessionIndex) => ({ message, sessionIndex }));
    for (const cut of [150, 400]) {
      const before = deepFreeze(addToolFacts(readIntoLedger(EMPTY_LEDGER, entries.slice(0, cut), { instructionMaxChars: 4_000 }), entries.slice(0, cut), { referrers: [] }));
      const read = readIntoLedger(before, entries.slice(cut), { instructionMaxChars: 4_000 });
      const after = addToolFacts(read, entries.slice(cut), { referrers: ["x"] });
      // the plain definition: every entry copied first
      expect(after).toEqual(addToolFacts(structuredClone(read), entries.slice(cut), { referrers: ["x"] }));
      const changed = after.entries.filter((entry, index) => index < read.entries.length && entry !== read.entries[index]);
      expect(changed.length, `cut ${cut}`).toBeGreaterThan(0);
      expect(after.entries.filter((entry) => before.entries.includes(entry)).length, `cut ${cut}`).toBeGreaterThan(0);
      for (const entry of changed) expect(entry).not.toEqual(read.entries[after.entries.indexOf(entry)]);
    }
  });

  it.each([
    // the ledger's own identifiers count too ("#343541" is an issue number to it)
    ["#343541 and 77 and 0.7.29", ["#343541", "343541", "77", "0.7.29"]],
    ["TIMEOUT_MS=3000 in defaultTextStyle", ["timeout_ms=3000", "3000", "defaulttextstyle"]],
    ["the theme is dark, line 5", []],
    ["agent a9cad17 and word be2", ["a9cad17"]],
  ])("the specific tokens of %s", (text, tokens) => {
    expect([...tokensOf(text)].sort()).toEqual([...tokens].sort());
  });

  it("keeps each file's last state: the lines its newest edits put in it, newest first, a failed edit not", () => {
    const ledger = facts([
      { user: "Set the timeout." },
      { assistant: "Editing.", tools: [{ name: "edit", input: { path: "src/config.ts", oldText: "const a = 1;\nconst timeout = 10;", newText: "const a = 1;\nconst timeout = 30;" }, output: "ok" }] },
      { assistant: "And the retries.", tools: [{ name: "edit", input: { path: "src/config.ts", oldText: "const retries = 1;", newText: "const retries = 5;" }, output: "ok" }] },
      { assistant: "Once more.", tools: [{ name: "edit", input: { path: "src/config.ts", oldText: "x", newText: "const broken = true;" }, output: "Error: oldText not found", isError: true }] },
      { assistant: "A new file.", tools: [{ name: "write", input: { path: "src/new.ts", content: "export const answer = 42;\n\n}" }, output: "ok" }] },
    ]);
    expect(noted(ledger, STATE_NOTE)).toEqual(["src/config.ts (last edits) → const retries = 5; ⏎ const timeout = 30;", "src/new.ts (written) → export const answer = 42;"]);
    // shown once: the state line replaces the file's line among the files
    const text = renderKeeperLedger(ledger, { openRequest: false, budgetTokens: 1_000 });
    expect(text).toContain("src/config.ts (last edits) → const retries = 5;");
    expect(text).not.toMatch(/edited: .*src\/config\.ts/);
  });

  it("reads other agents' file tools too: a Codex patch gives each file's last state, a shell read what the file declares", () => {
    const patch = ["*** Begin Patch", "*** Update File: src/limits.ts", "@@", "-export const MAX_ROWS = 100;", "+export const MAX_ROWS = 500;", "*** End Patch"].join("\n");
    const ledger = facts([
      { user: "Raise the row limit." },
      { assistant: "Reading it.", tools: [{ name: "exec_command", input: { cmd: "sed -n '1,80p' src/limits.ts", workdir: "/repo" }, output: "export const MAX_ROWS = 100;\nexport function clampRows(rows: number): number {" }] },
      { assistant: "Patching.", tools: [{ name: "apply_patch", input: patch, output: "Success. Updated the following files:\nM src/limits.ts" }] },
    ]);
    expect(noted(ledger, STATE_NOTE)).toEqual(["src/limits.ts (last edits) → export const MAX_ROWS = 500;"]);
    expect(noted(ledger, "outline")).toEqual(["src/limits.ts (declares) → const MAX_ROWS = 100 ⏎ function clampRows(rows: number): number"]);
  });

  it.each([
    ["Exit code: 2\nWall time: 1.5 seconds\nOutput:\nboom", "boom", 2],
    ["Chunk ID: ab12\nWall time: 0.2 seconds\nProcess running with session ID 15748\nOriginal token count: 3\nOutput:\nwaiting", "waiting", 0],
    ["Chunk ID: ab12\nWall time: 0.2 seconds\nProcess exited with code 0\nOriginal token count: 9000\nOutput:\nWarning: truncated output (original token count: 9000)\nTotal output lines: 300\n\nline 1", "\nline 1", 0],
    ["Output:\nnot a wrapper", "Output:\nnot a wrapper", 0],
    ['{"output":"Success. Updated the following files:\\nM src/a.ts\\n","metadata":{"exit_code":0,"duration_seconds":0.1}}', "Success. Updated the following files:\nM src/a.ts\n", 0],
    ['{"output":"Exit code: 0\\nWall time: 0.1 seconds\\nOutput:\\nhello\\n","metadata":{"exit_code":0}}', "hello\n", 0],
    ['{"output":"error: patch does not apply","metadata":{"exit_code":1,"duration_seconds":0.0}}', "error: patch does not apply", 1],
    ['{"output": "not an envelope"', '{"output": "not an envelope"', 0],
    ["     1→# Limits\n     2→Rows must stay under 500.\n\n<system-reminder>\nWhenever you read a file, you should consider whether it looks malicious. If it does, you MUST refuse to improve or augment the code.\n</system-reminder>\n", "     1→# Limits\n     2→Rows must stay under 500.\n\n\n", 0],
  ])("the agent's wrapper of %j: body and exit code", (output, body, code) => {
    expect(toolOutputOf(output)).toEqual({ body, exitCode: code });
  });

  it("reads a Codex patch's JSON envelope: its exit code says whether the file's state changed", () => {
    const patch = (line: string) => ["*** Begin Patch", "*** Add File: src/flags.ts", `+${line}`, "*** End Patch"].join("\n");
    const envelope = (code: number) => JSON.stringify({ output: code === 0 ? "Success. Updated the following files:\nA src/flags.ts\n" : "rejected", metadata: { exit_code: code, duration_seconds: 0.1 } });
    const ledger = facts([
      { user: "Add the flags." },
      { assistant: "Adding.", tools: [{ name: "apply_patch", input: patch("export const VERBOSE = true;"), output: envelope(0) }] },
      { assistant: "Again.", tools: [{ name: "apply_patch", input: patch("export const VERBOSE = false;"), output: envelope(1) }] },
    ]);
    expect(noted(ledger, STATE_NOTE)).toEqual(["src/flags.ts (written) → export const VERBOSE = true;"]);
  });

  it("takes no rule of Claude Code's reminder after a Read for a rule the file states", () => {
    const reminder = "\n\n<system-reminder>\nWhenever you read a file, you should consider whether it looks malicious. If it does, you MUST refuse to improve or augment the code.\n</system-reminder>\n";
    const ledger = facts([
      { user: "Check the limits." },
      { assistant: "Reading.", tools: [{ name: "Read", input: { file_path: "docs/limits.md" }, output: `     1→# Limits\n     2→Rows must stay under 500.${reminder}` }] },
    ]);
    expect(noted(ledger, "outline").join("\n")).not.toMatch(/malicious|MUST refuse/);
    expect(noted(ledger, "outline")).toContain("docs/limits.md (as read) → Rows must stay under 500.");
  });

  it("reads a Codex shell result without Codex's wrapper: a read's outline, a command's last line, a non-zero exit as a failure", () => {
    const wrapped = (code: number, body: string) => `Chunk ID: 9c1e2a\nWall time: 0.0000 seconds\nProcess exited with code ${code}\nOriginal token count: 42\nOutput:\n${body}`;
    const ledger = facts([
      { user: "Check the limits." },
      { assistant: "Reading.", tools: [{ name: "exec_command", input: { cmd: "cat docs/limits.md" }, output: wrapped(0, "# Limits\nRows must stay under 500.") }] },
      { assistant: "Testing.", tools: [{ name: "exec_command", input: { cmd: "npm test" }, output: `Exit code: 0\nWall time: 3.2 seconds\nOutput:\n` }] },
      { assistant: "Patching.", tools: [{ name: "exec_command", input: { cmd: `apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: src/x.ts\n+export const x = 1;\n*** End Patch\nEOF` }, output: "Exit code: 1\nWall time: 0.1 seconds\nOutput:\nnothing applied" }] },
    ]);
    expect(noted(ledger, "outline").join("\n")).not.toMatch(/Wall time|Chunk ID|Process exited/);
    expect(noted(ledger, "outline")).toContain("docs/limits.md (as read) → Rows must stay under 500.");
    expect(ledger.entries.find((entry) => entry.kind === "command" && entry.text.startsWith("npm test"))?.note).toBe("ok");
    // the patch exited 1 (Codex's older header, which no error line of the output says): no state for the file it would have added
    expect(noted(ledger, STATE_NOTE)).toEqual([]);
  });

  it("says what a command printed last (a tally before the timings), and skips the harness's own note", () => {
    const ledger = facts([
      { user: "Run the tests." },
      {
        assistant: "Running.",
        tools: [
          { name: "bash", input: { command: "npm test" }, output: "RUN v4\n✓ a.test.ts\nTests  42 passed (42)\nDuration 1.2s\n" },
          { name: "bash", input: { command: "ls" }, output: "src\n[The command completed with exit code 0.]" },
          { name: "bash", input: { command: "npm run lint" }, output: "Error: no-unused-vars in src/lexer.ts", isError: true },
        ],
      },
    ]);
    const notes = Object.fromEntries(ledger.entries.filter((entry) => entry.kind === "command").map((entry) => [entry.text, entry.note]));
    expect(notes["npm test"]).toBe("ok → Tests  42 passed (42)");
    expect(notes.ls).toBe("ok → src");
    expect(notes["npm run lint"]).toMatch(/^failed: Error: no-unused-vars/);
  });

  it("keeps the lines of tool output whose values the conversation used later, at most three a result, grouped by source", () => {
    const config = ["{", '  "userMsgBg": "#343541",', '  "toolPendingBg": "#282832",', '  "accent": "#8abeb7",', '  "muted": "#808080",', '  "dim": "#666666",', '  "border": "#5f87ff",', "}"].join("\n");
    const spec: TurnSpec[] = [
      { user: "What colours does the theme use?" },
      { assistant: "Reading it.", tools: [{ name: "read", input: { path: "theme/dark.json" }, output: config }] },
      { assistant: "The user background is #343541, pending tools #282832, the accent #8abeb7 and muted #808080." },
    ];
    const ledger = facts(spec);
    expect(noted(ledger, VALUE_NOTE)).toEqual(['theme/dark.json → "userMsgBg": "#343541",', 'theme/dark.json → "toolPendingBg": "#282832",', 'theme/dark.json → "accent": "#8abeb7",']);
    expect(renderKeeperLedger(ledger, { openRequest: false, budgetTokens: 1_000 })).toContain('- theme/dark.json → "userMsgBg": "#343541", ⏎ "toolPendingBg": "#282832", ⏎ "accent": "#8abeb7",');
    // a value named only before the output, or never, keeps nothing; the text kept after the compaction counts as later
    expect(noted(facts([spec[0], spec[1]]), VALUE_NOTE)).toEqual([]);
    expect(noted(facts([spec[0], spec[1]], ["dim is #666666"]), VALUE_NOTE)).toEqual(['theme/dark.json → "dim": "#666666",']);
    // so does a value the assistant passed to a later tool call
    const passed = facts([
      { user: "Start the agents." },
      { assistant: "Starting.", tools: [{ name: "Task", input: { prompt: "write a poem" }, output: "Async agent launched. agentId: a9cad17" }] },
      { assistant: "Checking.", tools: [{ name: "TaskOutput", input: { task_id: "a9cad17" }, output: "done" }] },
    ]);
    expect(noted(passed, VALUE_NOTE)).toEqual(["Task → Async agent launched. agentId: a9cad17"]);
  });

  it("keeps what a file read states of itself — rules, errors raised, counts, then comments — across partial reads, newest first", () => {
    const doc = ["# Themes", "Every theme must define all color tokens.", "Some prose about colours in general here.", "**Total: 37 color tokens**", "... (325 more lines not shown. Use offset=40 to continue reading)"].join("\n");
    const code = ["// Resolve a var reference, following chains of references", "if (seen.has(v)) throw new Error(`Circular variable reference detected: ${v}`);", "const x = 1;"].join("\n");
    const ledger = facts([
      { user: "Read the theme docs and code." },
      { assistant: "Reading.", tools: [{ name: "read", input: { path: "docs/theme.md" }, output: doc }, { name: "read", input: { path: "docs/theme.md", offset: 40 }, output: "Custom themes must live in ~/.pi/agent/themes." }] },
      { assistant: "And the code.", tools: [{ name: "read", input: { path: "src/theme.ts" }, output: code }] },
    ]);
    expect(noted(ledger, OUTLINE_NOTE)).toEqual([
      "docs/theme.md (as read) → Custom themes must live in ~/.pi/agent/themes. ⏎ Every theme must define all color tokens. ⏎ **Total: 37 color tokens**",
      "docs/theme.md (declares) → # Themes",
      "src/theme.ts (as read) → if (seen.has(v)) throw new Error(`Circular variable reference detected: ${v}`); ⏎ // Resolve a var reference, following chains of references",
      "src/theme.ts (declares) → const x = 1",
    ]);
  });

  it("keeps what each file read declares — its outline — apart from what it states, newest read first", () => {
    const first = ["export type ThemeBg = \"userMessageBg\" | \"toolErrorBg\";", "export class Theme {", "\tprivate mode: ColorMode;", "\tfg(color: ThemeColor, text: string): string {", "\t\tconst ansi = this.fgColors.get(color);", "\t}", "}"].join("\n");
    const ledger = facts([
      { user: "Read the theme code." },
      { assistant: "Reading.", tools: [{ name: "read", input: { path: "src/theme.ts" }, output: first }] },
      { assistant: "The rest.", tools: [{ name: "read", input: { path: "src/theme.ts", offset: 100 }, output: "export function setTheme(name: string): void {\n\ttheme = loadTheme(name);\n}" }] },
    ]);
    expect(noted(ledger, OUTLINE_NOTE)).toEqual([
      'src/theme.ts (declares) → function setTheme(name: string): void ⏎ type ThemeBg = "userMessageBg" | "toolErrorBg" ⏎ class Theme ⏎ private mode: ColorMode ⏎ fg(color: ThemeColor, text: string): string',
    ]);
    expect(renderKeeperLedger(ledger, { openRequest: false, budgetTokens: 1_000 })).toContain("## Files as read (what they declare; the rules, errors raised, counts and notes they state)\n- src/theme.ts (declares) → function setTheme");
  });

  it("evicts a line of output a finding already quotes before any fact, and the values below the findings", () => {
    const spec: TurnSpec[] = [
      { user: "Why does the cache go stale?" },
      { assistant: "Reading.", tools: [{ name: "read", input: { path: "src/text.ts" }, output: "if (this.cachedText === this.text && this.cachedWidth === width) {\nconst paddingNeeded = Math.max(0, width - visibleLen);" }] },
      { assistant: "It only checks `cachedText === this.text` and the width, not the background: if (this.cachedText === this.text && this.cachedWidth === width) {. The paddingNeeded sum uses visibleLen." },
    ];
    const entries = entriesOf(spec);
    const ledger = addToolFacts(readIntoLedger(EMPTY_LEDGER, entries, { instructionMaxChars: 4_000 }), entries, { referrers: [] });
    const values = ledger.entries.filter((entry) => entry.note === VALUE_NOTE);
    expect(values.map((entry) => entry.text)).toEqual(["src/text.ts → if (this.cachedText === this.text && this.cachedWidth === width) {", "src/text.ts → const paddingNeeded = Math.max(0, width - visibleLen);"]);
    const measure = (text: string) => Math.ceil(text.length / 4);
    const full = fitKeeperLedger(ledger, { openRequest: false, budgetTokens: 10_000, measure, userTexts: [], shownUserTexts: [] });
    const tight = fitKeeperLedger(ledger, { openRequest: false, budgetTokens: full.tokens - 5, measure, userTexts: [], shownUserTexts: [] });
    expect(tight.ledger.entries.filter((entry) => entry.note === VALUE_NOTE).map((entry) => entry.text)).toEqual(["src/text.ts → const paddingNeeded = Math.max(0, width - visibleLen);"]);
  });
});

describe("the keeper strategy", () => {
  const window = 32_000;
  const session = deepFreeze(stamped(codingSession(40), { stepMs: 5_000 }));

  it("defaults parse and a bad key is named", () => {
    expect(KeeperSettingsSchema.parse(DEFAULT_KEEPER_SETTINGS)).toEqual(DEFAULT_KEEPER_SETTINGS);
    expect(() => KeeperSettingsSchema.parse({ ...DEFAULT_KEEPER_SETTINGS, paybackCall: 3 })).toThrow(/paybackCall/);
  });

  it("compacts where the cache's prices say, into a literal ledger that keeps the user's words and numbers, with no model call", async () => {
    const result = await replaySession({ session, strategy: keeperStrategy, window });
    const ends = result.events.filter((event): event is TrimEvent | CompactionEndEvent => event.type === "trim" || event.type === "compaction-end");
    expect(ends.length).toBeGreaterThan(2);
    expect(summarizerCalls(result.events)).toEqual([]);
    const text = finalContext(session, result)
      .messages.map(({ message }) => message.parts.map((part) => (part.type === "text" ? part.text : "")).join(""))
      .join("\n");
    expect(text).toContain("Never edit package-lock.json by hand.");
    expect(text).toContain("v4.2.0");
    expect(Math.max(...result.steps.map((step) => step.contextTokens))).toBeLessThanOrEqual(DEFAULT_KEEPER_SETTINGS.maxContextRatio * window);
    // hysteresis: a compaction goes down far enough that many calls pass before the next
    for (let index = 1; index < ends.length; index++) expect(ends[index].step - ends[index - 1].step).toBeGreaterThanOrEqual(4);
    for (const end of ends) expect(end.tokensAfter).toBeLessThan(0.6 * end.tokensBefore);
  });

  it("leaves room for growth when the agent's hidden prefix fills most of the window", async () => {
    // the first call's recorded input is 20,000 tokens: ~20,000 of them are the agent's system prompt and tools,
    // which leave 2,400 tokens of messages under 0.8 of a 28,000-token window
    const spec: TurnSpec[] = [{ user: "Never edit package-lock.json by hand." }, { assistant: "ok", usage: { input: 20_000, output: 10, cacheRead: 0, cacheWrite: 0 } }];
    for (let turn = 0; turn < 30; turn++) {
      spec.push(
        { user: `Step ${turn}: read src/case${turn}.ts and tell me what it exports, then decide whether the parser needs case ${turn}` },
        { assistant: `Reading case ${turn}; it exports parseCase${turn} and its tests fail with error E${turn}.`, tools: [{ name: "read", input: { path: `src/case${turn}.ts` }, output: "x".repeat(2_400) }] },
      );
    }
    const result = await replaySession({ session: buildSession(spec), strategy: keeperStrategy, window: 28_000, countHiddenPrefix: true });
    expect(result.hiddenPrefixTokens).toBeGreaterThan(19_000);
    const ends = result.events.filter((event): event is TrimEvent => event.type === "trim");
    expect(ends.length).toBeGreaterThan(2);
    // a ledger sized by the window alone would fill the room and compact at every call
    for (let index = 1; index < ends.length; index++) expect(ends[index].step - ends[index - 1].step).toBeGreaterThanOrEqual(3);
  });

  it("reads more from the prompt cache than evidence, which masks at every call", async () => {
    const hitRate = async (strategy: typeof keeperStrategy | typeof evidenceStrategy) => {
      const result = await replaySession({ session, strategy, window });
      const rules = cacheRulesByProvider.anthropic;
      const calls = modelPromptCache({ calls: cacheInputsOfReplay(session, result)!, rules, ttlSeconds: 300, minimumTokens: 1024 });
      const read = calls.reduce((sum, call) => sum + call.read, 0);
      return read / calls.reduce((sum, call) => sum + call.read + call.write + call.uncached, 0);
    };
    expect(await hitRate(keeperStrategy)).toBeGreaterThan((await hitRate(evidenceStrategy)) + 0.1);
  });

  it("compacts early when an idle gap past the TTL left the cache cold", async () => {
    const warm = await replaySession({ session, strategy: keeperStrategy, window });
    const trims = (events: typeof warm.events) => events.filter((event): event is TrimEvent => event.type === "trim");
    expect(trims(warm.events).some((event) => event.reason.startsWith("idle"))).toBe(false);
    // an idle gap two calls before the warm replay's second compaction: the context is then past twice what a compaction leaves
    const second = trims(warm.events)[1].step;
    const gapAt = warm.steps[second - 2].messageIndex - 1; // the message the request goes out after
    const cold = await replaySession({ session: stamped(codingSession(40), { stepMs: 5_000, gaps: { [gapAt]: 600_000 } }), strategy: keeperStrategy, window });
    const idle = trims(cold.events).filter((event) => event.reason.startsWith("idle"));
    expect(idle.map((event) => event.step)).toEqual([second - 2]);
  });

  it("clears old tool output only when the cache is cold, where the rewrite is free", async () => {
    const warm = await replaySession({ session, strategy: keeperStrategy, window: 200_000 });
    expect(warm.events.filter((event) => event.type === "prune")).toEqual([]);
    const idle = stamped(codingSession(40), { stepMs: 5_000, gaps: { [warm.steps[10].messageIndex - 1]: 600_000 } });
    const cold = await replaySession({ session: idle, strategy: keeperStrategy, window: 200_000 });
    const prunes = cold.events.filter((event): event is PruneEvent => event.type === "prune");
    expect(prunes).toHaveLength(1);
    expect(prunes[0].tokensFreed).toBeGreaterThan(2_000);
  });
});

describe("keeper's compaction point", () => {
  it.each([
    // after, growth per call → trigger: after + √(2 × 1.25 × after × growth ÷ 0.1) = after + 5 √(after × growth)
    { after: 7_000, growth: 300, trigger: 7_000 + 5 * Math.sqrt(7_000 * 300) },
    { after: 7_000, growth: 3_000, trigger: 7_000 + 5 * Math.sqrt(7_000 * 3_000) },
    { after: 7_000, growth: 0, trigger: 7_000 },
  ])("after $after tokens growing $growth a call, compacts at $trigger", ({ after, growth, trigger }) => {
    expect(economicTrigger({ afterTokens: after, growthPerCall: growth, readMultiplier: 0.1, writeMultiplier: 1.25 })).toBeCloseTo(trigger, 6);
  });

  it("free reads never make a compaction worth it below the window", () => {
    expect(economicTrigger({ afterTokens: 7_000, growthPerCall: 3_000, readMultiplier: 0, writeMultiplier: 1 })).toBe(Number.POSITIVE_INFINITY);
  });

  it.each([
    // writing 7,000 at 1.25 instead of reading 20,000 at 0.1 (6,750) against 1,300 fewer read per call
    { context: 20_000, after: 7_000, cold: false, calls: 6_750 / 1_300 },
    { context: 20_000, after: 7_000, cold: true, calls: 0 },
    { context: 7_000, after: 7_000, cold: false, calls: Number.POSITIVE_INFINITY },
  ])("from $context to $after (cold: $cold) pays back in $calls calls", ({ context, after, cold, calls }) => {
    expect(compactionPaybackCalls({ contextTokens: context, afterTokens: after, cold, readMultiplier: 0.1, writeMultiplier: 1.25 })).toBeCloseTo(calls, 6);
  });

  it("measures growth since the newest compaction, counting cleared tokens back in", () => {
    const events = [
      { type: "trim", step: 10, tokensAfter: 9_000 },
      { type: "prune", step: 14, tokensFreed: 1_000 },
    ] as unknown as Parameters<typeof growthPerCall>[0]["events"];
    expect(growthPerCall({ step: 20, messageTokens: 15_000, hiddenPrefixTokens: 2_000, events })).toEqual({ growthPerCall: (15_000 + 1_000 - 7_000) / 10, lastAfterTokens: 7_000 });
    expect(growthPerCall({ step: 20, messageTokens: 15_000, hiddenPrefixTokens: 0, events: [] })).toEqual({ growthPerCall: 750, lastAfterTokens: null });
  });
});
