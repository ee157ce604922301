import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { describeWithShared } from "../../testing/describe-with-shared";
import { listSharedTranscripts, sharedTranscript } from "../../testing/shared-transcripts";
import { importTranscript } from "../../transcripts";
import type { Message, Session } from "../model";
import { contextAt } from "../simulate/context-at";
import { replaySession } from "../simulate/replay-session";
import { findStrategy } from "../strategies";
import { buildSession } from "../testing/build-session";
import { partText } from "./context-text";
import { wordSet, wordsOf } from "./continuation-recognizers";
import { extractContinuationFacts, type ContinuationFacts } from "./extract-continuation-facts";
import { factMatcher } from "./fact-matcher";
import { normalizeProbeText } from "./normalize-probe-text";

/**
 * The reference the matcher must agree with, fact by fact: the scorer's earlier lookup (one search per fact). A
 * word fact is held when the message's word set has its key; a file or command when the message has the key's last
 * word and its normalised text contains the key. Kept here only, as the oracle of the one-pass matcher.
 */
function naiveHeld(message: Message, facts: ContinuationFacts): number[] {
  const raw = message.parts.map(partText).join("\n");
  const words = wordSet(raw);
  const normalized = normalizeProbeText(raw);
  return facts.facts.flatMap((fact, index) => {
    if (fact.kind !== "file" && fact.kind !== "command") return words.has(fact.key) ? [index] : [];
    const keyWords = wordsOf(fact.key);
    const anchor = (keyWords[keyWords.length - 1] ?? fact.key).toLowerCase();
    return words.has(anchor) && normalized.includes(fact.key) ? [index] : [];
  });
}

/** The session's own messages (what extraction stored in `heldFacts`) and the marked and synthetic ones of a few replays. */
async function expectMatcherAgrees(session: Session) {
  const facts = extractContinuationFacts(session);
  const match = factMatcher(facts.facts);
  session.messages.forEach((message, index) => {
    const expected = naiveHeld(message, facts);
    expect([...match(message)], `message ${index}`).toEqual(expected);
    expect(facts.heldFacts.slice(facts.heldStart[index], facts.heldStart[index + 1]), `stored, message ${index}`).toEqual(expected);
  });
  let checked = 0;
  for (const id of ["observation-masking", "pi", "evidence"]) {
    const result = await replaySession({ session, strategy: findStrategy(id)!, window: 24_000 });
    for (let step = 0; step < result.steps.length; step += Math.max(1, Math.floor(result.steps.length / 6))) {
      for (const entry of contextAt(session, result, step).messages) {
        if (entry.sessionIndex !== null && entry.message === session.messages[entry.sessionIndex]) continue;
        expect([...match(entry.message)], `${id} step ${step}`).toEqual(naiveHeld(entry.message, facts));
        checked++;
      }
    }
  }
  return { facts: facts.facts.length, checked };
}

describe("factMatcher agrees with one search per fact", () => {
  it.each([1, 2, 3])("on a generated session (seed %i), its own messages and its replays' summaries and masked messages", async (seed) => {
    const { facts, checked } = await expectMatcherAgrees(generateSession({ seed, messages: 400 }));
    expect(facts).toBeGreaterThan(20);
    expect(checked).toBeGreaterThan(0);
  });

  it("where the key's last word decides: a longer extension, overlapping keys, a key spanning two parts, two facts of one key", () => {
    const session = buildSession([
      { user: "Edit src/auth/login.ts and run `npm run test -- --watch` please." },
      { assistant: "Reading.", tools: [{ name: "read", input: { path: "/repo/src/auth/login.ts" }, output: "export const loginUser = 1" }] },
      { assistant: "Running.", tools: [{ name: "bash", input: { command: "npm run test -- --watch" }, output: "ok" }] },
      { assistant: "Also src/auth/login.tsx, then npm run test -- --watch again; loginUser done." },
      { assistant: "src/auth/login.ts" },
    ]);
    const facts = extractContinuationFacts(session);
    expect(facts.facts.map((fact) => `${fact.kind}:${fact.key}`)).toEqual(expect.arrayContaining(["file:auth/login.ts", "command:npm run test -- --watch"]));
    const match = factMatcher(facts.facts);
    const login = facts.facts.findIndex((fact) => fact.key === "auth/login.ts");
    // `login.tsx` contains the key, but `ts` is not a word of that message: not held (as with one search per fact)
    expect([...match(session.messages[session.messages.length - 2])]).not.toContain(login);
    expect([...match(session.messages[session.messages.length - 1])]).toContain(login);
    session.messages.forEach((message) => expect([...match(message)]).toEqual(naiveHeld(message, facts)));
  });

  it("answers by text: two message objects with one text hold the same facts, short or long", () => {
    const session = buildSession([
      { user: "Edit src/auth/login.ts; loginUser stays." },
      { assistant: "Reading.", tools: [{ name: "read", input: { path: "/repo/src/auth/login.ts" }, output: "export const loginUser = 1" }] },
      { assistant: "src/auth/login.ts and loginUser, done." },
    ]);
    const facts = extractContinuationFacts(session);
    const match = factMatcher(facts.facts);
    for (const text of ["src/auth/login.ts and loginUser", `${"filler words here ".repeat(150)} src/auth/login.ts and loginUser`]) {
      const one: Message = { id: "a", role: "tool", parts: [{ type: "text", text }] };
      const other: Message = { ...one, id: "b", parts: [{ type: "text", text }] };
      const first = [...match(one)];
      expect(first.length).toBeGreaterThan(1);
      expect([...match(other)]).toEqual(first);
      expect(first).toEqual(naiveHeld(other, facts));
    }
  });

  it("no facts: nothing is held, and no automaton is needed", () => {
    const session = buildSession([{ user: "hello" }, { assistant: "hi" }]);
    const facts = extractContinuationFacts(session);
    expect(facts.facts).toEqual([]);
    expect([...factMatcher(facts.facts)(session.messages[0])]).toEqual([]);
    expect(facts.heldStart).toEqual([0, 0, 0]);
  });
});

describeWithShared("factMatcher agrees with one search per fact on the shared transcripts", () => {
  // the smaller half keeps this quick; the larger ones were compared whole-report against the earlier scorer (see the commit)
  const files = listSharedTranscripts()
    .filter((file) => /\.jsonl?$/.test(file))
    .map((file) => ({ file, bytes: fs.statSync(sharedTranscript(file)).size }))
    .sort((a, b) => a.bytes - b.bytes);
  it.each(files.slice(0, Math.ceil(files.length / 2)).map(({ file }) => file))("%s", async (file) => {
    const outcome = importTranscript(fs.readFileSync(sharedTranscript(file), "utf8"));
    await expectMatcherAgrees(outcome.session);
  });
});
