import type { EvidenceLedger, LedgerEntry } from "../evidence/ledger";
import { ledgerKey } from "../evidence/ledger-key";
import { PROSE_NOTE } from "./assistant-prose";
import { evictionOrder } from "./eviction-order";
import { keeperLedgerSize, type KeeperLedgerSize } from "./keeper-ledger-size";
import { keeperLedgerLayout, keeperLedgerRenderer, keeperLineOf, type KeeperLedgerLayout } from "./render-keeper-ledger";
import { substringIndex, type TextLookup } from "./substring-index";
import type { TextWeights } from "./text-weights";
import { OUTLINE_NOTE, STATE_NOTE, VALUE_KEY_PREFIX, VALUE_NOTE } from "./tool-facts";

export interface FitKeeperLedgerOptions {
  openRequest: boolean;
  budgetTokens: number;
  measure: (text: string) => number;
  /** every user message read so far (capped), shown or not */
  userTexts: readonly string[];
  /** the user's messages shown verbatim beside the ledger */
  shownUserTexts: readonly string[];
  /** `measure` as weights that add up (`textWeightsOf`), when it is: each round sized by running counts, not rendered */
  weights?: TextWeights;
  /**
   * a fit whose `ledger` this one fits again, to a smaller budget (keeper fits the ledger it carries, then the one it
   * shows): its layout, and with the same `weights` its running counts, are taken over instead of worked out again
   * from every entry, and with the same `userTexts` (the same array) the index of the user's texts. Taken once: a
   * second fit from the same fit starts afresh
   */
  from?: KeeperLedgerFit;
}

/** A fitted ledger, its text and its tokens (see {@link fitKeeperLedger}). */
export interface KeeperLedgerFit {
  ledger: EvidenceLedger;
  /** rendered when first read: keeper reads the text of the ledger it shows, not of the one it carries */
  readonly text: string;
  tokens: number;
  /** what a further fit of `ledger` takes over (`FitKeeperLedgerOptions.from`): null once taken */
  carryOver: () => FitCarryOver | null;
}

/** the layout of a fit, and its running counts (with weights) as they stand for the fitted ledger */
interface FitCarryOver {
  ledger: EvidenceLedger;
  openRequest: boolean;
  layout: KeeperLedgerLayout;
  size: KeeperLedgerSize | null;
  weights: TextWeights | undefined;
  /** the index of the user's texts, by the `userTexts` array it was made from (when the fit ranked its entries) */
  userIndex: { texts: readonly string[]; index: TextLookup } | null;
}

/** the request is never evicted (keeper shows the user's messages in their own section, so it is rarely present) */
const NEVER = 9;

/**
 * How likely a later step needs an entry, highest kept longest: what the user said (their rules) > decisions with
 * their reasons > each file edited or written > the lines its newest edits put in it (its last state), the names and
 * numbers the user gave and the errors still open > the assistant's findings and the lines of tool output the
 * conversation referred to later > failed commands, commands with their output's last line, files read and what they
 * state of themselves > tool
 * result lines, commands that ran clean and names the assistant used > paths only mentioned and the assistant's other
 * prose. Below everything: an entry whose text is already shown elsewhere (a name inside a user message shown
 * verbatim, a decision or a finding; a finding inside a decision; a line of output a finding quotes) — a repetition
 * is dropped before any fact is (a rule sentence inside a user message shown verbatim too).
 */
export function keeperRankOf(entry: LedgerEntry, seen: { userText: TextLookup; shownText: TextLookup }): number {
  switch (entry.kind) {
    case "request":
      return NEVER;
    case "instruction":
    case "rule":
      return seen.shownText.includes(entry.key) ? -1 : 7;
    case "decision":
      return 6;
    case "file":
      return entry.note === "edited" || entry.note === "written" ? 5 : entry.note === "read" ? 2 : 0;
    case "result":
      if (entry.note === STATE_NOTE) return 4;
      if (entry.note === OUTLINE_NOTE) return 2;
      if (entry.note !== VALUE_NOTE) return 1;
      // a line of output the assistant quoted in a finding (or the user in a message shown) is shown there already
      return seen.shownText.includes(entry.key.slice(VALUE_KEY_PREFIX.length)) ? -1 : 2.5;
    case "error":
      return 4;
    case "fact":
      if (seen.shownText.includes(entry.key)) return -1;
      return seen.userText.includes(entry.key) ? 4 : 1;
    case "finding":
      return seen.shownText.includes(entry.key) ? -1 : entry.note === PROSE_NOTE ? 0 : 3;
    case "command":
      // a command with what it printed last (a tally, a result) or how it failed says more than one that ran clean
      return entry.note === "ok" || entry.note === undefined ? 1 : 2;
    default:
      return 1;
  }
}

/**
 * The ledger within `budgetTokens` as `measure` counts its rendered text (`renderKeeperLedger`): entries are evicted
 * lowest rank first (`keeperRankOf`), within a rank the least referenced and oldest first. Returns the ledger kept
 * (its `evicted` counts what the budget left out) and its text (rendered when first read: keeper reads only the
 * text of the ledger it shows, not of the one it carries).
 *
 * In rounds: evict by each line's estimated cost until the estimate is within the budget, size the rendering, and
 * evict again by the estimate for what is still over (a line's estimate can be off: grouped lines share a label, a
 * file shown by its state is not listed). With `weights` (a measure that adds up by weight: chars/4, scaled or not)
 * each round's size is kept as running counts (`keeperLedgerSize`) and the ledger rendered once, at the end; without,
 * each round renders it (re-rendering only the sections that changed) and measures it whole. The rounds, and so the
 * entries kept and the text, are the same either way — the counts are the rendering's exactly. Rendering every round
 * cost what the ledger holds, not what was evicted: at a 1M window 5.4 renderings a fit of a ledger five times
 * longer than at 200K's 4.1 (issue #39).
 */
export function fitKeeperLedger(ledger: EvidenceLedger, options: FitKeeperLedgerOptions): KeeperLedgerFit {
  const taken = options.from?.carryOver() ?? null;
  const carried = taken !== null && taken.ledger === ledger && taken.openRequest === options.openRequest ? taken : null;
  const layout = carried?.layout ?? keeperLedgerLayout({ openRequest: options.openRequest });
  const render = keeperLedgerRenderer({ openRequest: options.openRequest, budgetTokens: options.budgetTokens }, layout);
  const size = !options.weights
    ? null
    : carried?.size && carried.weights === options.weights
      ? carried.size
      : keeperLedgerSize(ledger, { layout, budgetTokens: options.budgetTokens, weights: options.weights });
  let current = ledger;
  let text = size ? null : render(current);
  let tokens = size ? size.tokens(ledger.evicted, options.budgetTokens) : options.measure(text!);
  let userIndex = carried?.userIndex?.texts === options.userTexts ? carried.userIndex : null;
  const done = () => fitOf({ ledger: current, text, tokens, render, carryOver: { ledger: current, openRequest: options.openRequest, layout, size, weights: options.weights, userIndex } });
  if (tokens <= options.budgetTokens) return done();
  const shownUser = options.shownUserTexts.map(ledgerKey).join("\n");
  const quoted = ledger.entries.filter((entry) => entry.kind === "rule" || entry.kind === "decision").map((entry) => entry.key);
  const findings = ledger.entries.filter((entry) => entry.kind === "finding").map((entry) => entry.key);
  const shownText = [shownUser, ...quoted].join("\n");
  const factText = `${shownText}\n${findings.join("\n")}`;
  // every entry asks one of these texts whether it is shown there already: indexed once, each asked in about the
  // time its matches take rather than the text's length (the texts grow with the window; issue #39). The shown texts
  // are prefixes of one another (the user's words shown, then what is quoted, then the findings): one index
  userIndex ??= { texts: options.userTexts, index: substringIndex(options.userTexts.map(ledgerKey).join("\n")) };
  const userText = userIndex.index;
  const factIndex = substringIndex(factText);
  const [shownUserIndex, shownIndex] = [factIndex.within(shownUser.length), factIndex.within(shownText.length)];
  const textFor = (entry: LedgerEntry) => (entry.kind === "fact" || entry.kind === "result" ? factIndex : entry.kind === "rule" ? shownUserIndex : shownIndex);
  const ranked: { entry: LedgerEntry; rank: number }[] = [];
  for (const entry of ledger.entries) {
    const rank = keeperRankOf(entry, { userText, shownText: textFor(entry) });
    if (rank < NEVER) ranked.push({ entry, rank });
  }
  // lowest rank first, within a rank the least referenced and oldest: sorted only as far as the fit reads it
  const candidates = evictionOrder(ranked);
  const evicted = new Set<LedgerEntry>();
  let next = 0;
  if (candidates.length === 0) return done();
  for (;;) {
    let excess = tokens - options.budgetTokens;
    do {
      const entry = candidates.next();
      next++;
      evicted.add(entry);
      size?.evict(entry);
      excess -= Math.max(1, options.measure(`${keeperLineOf(entry)}\n`));
    } while (excess > 0 && next < candidates.length);
    const total = ledger.evicted + evicted.size;
    if (size) tokens = size.tokens(total, options.budgetTokens);
    else {
      current = { ...ledger, entries: ledger.entries.filter((entry) => !evicted.has(entry)), evicted: total };
      text = render(current);
      tokens = options.measure(text);
    }
    if (tokens <= options.budgetTokens || next >= candidates.length) {
      if (size) current = { ...ledger, entries: ledger.entries.filter((entry) => !evicted.has(entry)), evicted: total };
      return done();
    }
  }
}

/**
 * The fit's result: the text rendered when first read, and what a further fit takes over. Made outside
 * `fitKeeperLedger` so that its closures hold only these (not the fit's indexes, while the next fit runs).
 */
function fitOf(fit: { ledger: EvidenceLedger; text: string | null; tokens: number; render: (ledger: EvidenceLedger) => string; carryOver: FitCarryOver }): KeeperLedgerFit {
  const { ledger, tokens, render } = fit;
  let text = fit.text;
  let carryOver: FitCarryOver | null = fit.carryOver;
  return {
    ledger,
    get text() {
      return (text ??= render(ledger));
    },
    tokens,
    carryOver: () => {
      const value = carryOver;
      carryOver = null;
      return value;
    },
  };
}
