import type { Message } from "../../model";
import { filePathsIn, findIdentifiers } from "../evidence/evidence-recognizers";

/** One user message kept verbatim: its session index and its text (capped). */
export interface UserWords {
  index: number;
  text: string;
}

/** The text a person typed in a user message (text parts of a non-synthetic, non-summary user message), or null. */
function typedText(message: Message): string | null {
  if (message.role !== "user" || message.synthetic || message.summary) return null;
  const text = message.parts
    .filter((part) => part.type === "text" && !part.synthetic)
    .map((part) => (part.type === "text" ? part.text : ""))
    .join("\n")
    .trim();
  // a lone slash command ("/mode", "/") is typed to the agent's program, not to the agent: it asks nothing of the next steps
  return text.length > 0 && !SLASH_COMMAND.test(text) ? text : null;
}

const SLASH_COMMAND = /^\/[\w:-]*$/;
const SMALL_TALK_MAX_WORDS = 4;

/** A few words naming nothing ("sleep", "think then say hello"): no digit, path or identifier. Left out first. */
function isSmallTalk(text: string): boolean {
  return text.split(/\s+/).length <= SMALL_TALK_MAX_WORDS && !/\d/.test(text) && filePathsIn(text).length === 0 && findIdentifiers(text).length === 0;
}

/**
 * The user's messages among `messages`, appended to what earlier compactions kept: each whole up to `maxChars`
 * (a longer one keeps its beginning and says how much is left out). The user's words are what the next steps answer
 * to — requests, rules, corrections, the names and numbers they gave — so they are kept as typed, never digested.
 */
export function readUserWords(previous: readonly UserWords[], messages: readonly { message: Message; sessionIndex: number }[], maxChars: number): UserWords[] {
  const words = [...previous];
  for (const { message, sessionIndex } of messages) {
    const text = typedText(message);
    if (text === null || words.some((entry) => entry.index === sessionIndex)) continue;
    words.push({ index: sessionIndex, text: text.length > maxChars ? `${text.slice(0, maxChars)} … [${(text.length - maxChars).toLocaleString("en-US")} more characters]` : text });
  }
  return words;
}

/**
 * The user's messages that fit `budgetTokens` (as `measure` counts the rendered section), and the section. The first
 * message (the task as first stated) and the newest (the request being worked on) are kept first; then the others,
 * newest first, a few words that name nothing ("sleep", "wtf") last. Shown in session order. `openRequest`: no user message follows in the context, so the newest is the
 * open request.
 */
export function fitUserWords(
  words: readonly UserWords[],
  options: { budgetTokens: number; openRequest: boolean; measure: (text: string) => number },
): { kept: UserWords[]; text: string; tokens: number } {
  if (words.length === 0) return { kept: [], text: "", tokens: 0 };
  const others = Array.from({ length: Math.max(0, words.length - 2) }, (_, offset) => words.length - 2 - offset);
  const order = [0, words.length - 1, ...others.filter((index) => !isSmallTalk(words[index].text)), ...others.filter((index) => isSmallTalk(words[index].text))];
  const chosen = new Set<number>();
  let text = "";
  let tokens = 0;
  for (const position of order) {
    if (chosen.has(position)) continue;
    const next = new Set(chosen).add(position);
    const candidate = renderUserWords(words.filter((_, index) => next.has(index)), words[words.length - 1].index, options.openRequest, words.length - next.size);
    const size = options.measure(candidate);
    if (size > options.budgetTokens && chosen.size > 0) continue;
    chosen.add(position);
    text = candidate;
    tokens = size;
  }
  return { kept: words.filter((_, index) => chosen.has(index)), text, tokens };
}

function renderUserWords(shown: readonly UserWords[], newest: number, openRequest: boolean, left: number): string {
  const lines = shown.map((entry) => `[message ${entry.index}${entry.index === newest ? (openRequest ? ", the open request: not answered in what follows" : ", the newest") : ""}]\n${entry.text}`);
  return `## The user's messages (verbatim, in order${left > 0 ? `; ${left} older ${left === 1 ? "one" : "ones"} left out` : ""})\n${lines.join("\n\n")}`;
}
