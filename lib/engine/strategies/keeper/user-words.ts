import type { Message } from "../../model";
import { echoedCommand, userOwnLines } from "../../user-own-text";
import { filePathsIn, findIdentifiers } from "../evidence/evidence-recognizers";
import type { TextWeights } from "./text-weights";

/** One user message kept verbatim: its session index and its text (capped). */
export interface UserWords {
  index: number;
  text: string;
}

/**
 * The text a person typed in a user message (text parts of a non-synthetic, non-summary user message), or null. The
 * messages come through {@link withUserOwnText}, so what the agent injected into the user's turn is already out.
 */
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

/**
 * The message as the ledger reads it: a user message's text parts without what the agent injected into the user's
 * turn (`userOwnLines`; an echoed slash command as the user typed it), a part left empty dropped. Any other message,
 * and a user message with nothing injected, is returned as it is (the same object).
 */
export function withUserOwnText(message: Message): Message {
  if (message.role !== "user" || message.synthetic || message.summary) return message;
  let changed = false;
  const parts = message.parts.flatMap((part) => {
    if (part.type !== "text" || part.synthetic) return [part];
    const own = userOwnLines(part.text) || echoedCommand(part.text);
    if (own === part.text) return [part];
    changed = true;
    return own.length > 0 ? [{ ...part, text: own }] : [];
  });
  return changed ? { ...message, parts } : message;
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
 * `messages` as the ledger reads them ({@link withUserOwnText}).
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
 *
 * Greedy, as defined: each message in that order is kept if the section with it (and the header's count of those left
 * out) measures within the budget. Measuring every candidate section whole cost messages × budget characters per
 * compaction — at a 1M window five times the messages and five times the budget of 200K, so keeper was 2.8× slower per
 * message there. Instead the section's count is carried as an interval: adding a message adds its own line's count,
 * and changing the header its own difference, each within {@link editSlop} tokens (a count of chars/4, scaled or not,
 * moves by at most one rounding per edit; a BPE count by the tokens merged across the two joins). A message is
 * decided without measuring when the whole interval is under or over the budget; otherwise the kept section is
 * measured whole again (the interval shrinks to a point) and, if that does not decide, the candidate section is.
 * The kept messages, the text and its count are the ones the greedy definition gives (user-words.test.ts checks
 * both against that definition, measured whole, under chars/4, a scaled chars/4, o200k BPE and raw characters).
 */
export function fitUserWords(
  words: readonly UserWords[],
  options: {
    budgetTokens: number;
    openRequest: boolean;
    measure: (text: string) => number;
    /**
     * when `measure` is a function of weights that add up over concatenation (`measure(text)` = `weights.tokens(weights.weight(text))`,
     * chars/4 scaled or not): each candidate section is sized exactly by adding its lines' weights, nothing measured
     * whole. Without it, the interval below.
     */
    weights?: TextWeights;
  },
): { kept: UserWords[]; text: string; tokens: number } {
  if (words.length === 0) return { kept: [], text: "", tokens: 0 };
  const { measure, budgetTokens } = options;
  const count = words.length;
  const newest = words[count - 1].index;
  const lines = words.map((entry) => userWordsLine(entry, newest, options.openRequest));
  const others = Array.from({ length: Math.max(0, count - 2) }, (_, offset) => count - 2 - offset);
  const smallTalk = others.map((index) => isSmallTalk(words[index].text));
  const order = [0, count - 1, ...others.filter((_, at) => !smallTalk[at]), ...others.filter((_, at) => smallTalk[at])];
  const chosen = new Uint8Array(count);
  let size = 0;
  const render = (left: number, extra = -1) => {
    const shown: string[] = [];
    for (let index = 0; index < count; index++) if (chosen[index] === 1 || index === extra) shown.push(lines[index]);
    return `${userWordsHeader(left)}${shown.join("\n\n")}`;
  };
  if (options.weights) {
    // the section's weight is its header's, its lines' and one separator's between each two: the greedy definition
    // sized exactly, at the cost of weighing each line once (a 1M window's sections are five times a 200K's, and
    // measuring them whole when the interval straddled the budget kept keeper slower per message there; issue #39)
    const { weight, tokens: tokensOf } = options.weights;
    const separator = weight("\n\n");
    const headerWeights = new Map<number, number>();
    const headerOf = (left: number) => {
      let header = headerWeights.get(left);
      if (header === undefined) headerWeights.set(left, (header = weight(userWordsHeader(left))));
      return header;
    };
    let lineWeights = 0;
    for (const position of order) {
      if (chosen[position] === 1) continue;
      const line = weight(lines[position]);
      if (size > 0 && tokensOf(headerOf(count - size - 1) + lineWeights + separator + line) > budgetTokens) continue;
      lineWeights += size > 0 ? separator + line : line;
      chosen[position] = 1;
      size++;
    }
    return { kept: words.filter((_, index) => chosen[index] === 1), text: render(count - size), tokens: tokensOf(headerOf(count - size) + lineWeights) };
  }
  const headerTokens = new Map<number, number>();
  const headerOf = (left: number) => {
    let tokens = headerTokens.get(left);
    if (tokens === undefined) headerTokens.set(left, (tokens = measure(userWordsHeader(left))));
    return tokens;
  };
  const slop = editSlop(measure);
  // the kept section's count (with `count - size` left out) lies in [low, high]
  let low = 0;
  let high = 0;
  for (const position of order) {
    if (chosen[position] === 1) continue;
    if (size === 0) {
      chosen[position] = 1;
      size = 1;
      low = high = measure(render(count - 1));
      continue;
    }
    const left = count - size;
    // the candidate: the header's count of those left out goes down by one (one edit out, one in), and its line is added after another
    const change = headerOf(left - 1) - headerOf(left) + measure(`\n\n${lines[position]}`);
    let fits = decide(low + change - 3 * slop, high + change + 3 * slop, budgetTokens);
    if (fits === null && low !== high) {
      low = high = measure(render(left));
      fits = decide(low + change - 3 * slop, high + change + 3 * slop, budgetTokens);
    }
    if (fits === null) {
      const exact = measure(render(left - 1, position));
      fits = exact <= budgetTokens;
      if (fits) low = high = exact;
    } else if (fits) {
      low += change - 3 * slop;
      high += change + 3 * slop;
    }
    if (!fits) continue;
    chosen[position] = 1;
    size++;
  }
  const text = render(count - size);
  return { kept: words.filter((_, index) => chosen[index] === 1), text, tokens: measure(text) };
}

/** true: within the budget whatever the count in [low, high]; false: over it; null: the interval straddles it */
function decide(low: number, high: number, budgetTokens: number): boolean | null {
  if (high <= budgetTokens) return true;
  if (low > budgetTokens) return false;
  return null;
}

/**
 * How far one edit (a line inserted, a header replaced by another) may move a count beyond the edited text's own
 * count: a rounding at each end of the edit, in the measure's tokens — two of its four-character units and two more
 * (chars/4: one; a scaled chars/4: the scale and a rounding; BPE: the pieces merged across a join).
 */
function editSlop(measure: (text: string) => number): number {
  return 2 * Math.max(1, measure("abcd")) + 2;
}

function userWordsHeader(left: number): string {
  return `## The user's messages (verbatim, in order${left > 0 ? `; ${left} older ${left === 1 ? "one" : "ones"} left out` : ""})\n`;
}

function userWordsLine(entry: UserWords, newest: number, openRequest: boolean): string {
  return `[message ${entry.index}${entry.index === newest ? (openRequest ? ", the open request: not answered in what follows" : ", the newest") : ""}]\n${entry.text}`;
}
