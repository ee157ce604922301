/**
 * The strategy interface: how a compaction strategy plugs into the replay.
 *
 * ## How to add a strategy
 * 1. Create `lib/engine/strategies/<id>.ts` exporting `DEFAULT_<ID>_SETTINGS` (the source's defaults, settings
 *    named in camelCase after the source's names), a zod `<Id>SettingsSchema` (`z.strictObject`, so a bad
 *    `--set` key is named), and `export const <id>Strategy = defineStrategy({...})`.
 * 2. Add one line to `strategiesById` in `./index.ts`. The invariant tests, the CLI and the UI pick it up.
 * 3. Say which `triggers` it listens to and write `decide`: pure, fast, no summarizer call. It returns
 *    layer-1 marks (use the pruners in `lib/engine/prune`), notes (warnings, guard trips) and/or a
 *    {@link CompactionPlan}; the replay applies marks first, then executes the plan (the only place the
 *    summarizer is called). Use `lib/engine/cut` to choose cut points that never split a tool call from
 *    its result. Honour `input.force` (manual compaction and the UI's preview) by planning even under threshold.
 * 4. Add a row to `lib/engine/README.md`: source, defaults, and where the lab deliberately differs.
 * 5. A peer (an agent or a provider's API) says what it reproduces in `source`: `version`, `asOf`, `url`, and
 *    `undocumented` for what the lab chose where the sources are silent. When the agent's behaviour changes, add the
 *    new behaviour as `<id>@<version>` with `versionOf: "<id>"` (and its snippet builder and prompt presets) rather than
 *    changing the old one: its figures, stored runs and fidelity stay what they were.
 *
 * Trigger points (seeds): `before-call` — vibe (000), nous (004), claude-code, codex, gemini-cli;
 * `after-user-message` + `after-tool-results` — micro-agent (002); `after-call` — opencode (003, overflow
 * check after a completed step, with `input.lastCall` as recorded-style usage). Layer-1 pruning can run at
 * any of them. Strategies keep no state of their own: what they need from the past (compaction count,
 * warnings given, thrash) they read from `input.events`; iterative summaries read `input.previousSummary`.
 */
import type { SessionCache } from "../cache/session-cache-rules";
import type { AdditiveTextWeights } from "../tokens/estimator";
import type { z } from "zod";
import type { Message, PartMark, Role } from "../model";
import type { ReplayEvent } from "../simulate/replay-events";
import type { SummarizeRequest } from "../summarize/summarizer";
import type { SummaryInputShaping } from "../summarize/shape-summary-input";
import type { CompactionDetails } from "./compaction-details";
import type { TriggerPoint } from "./trigger-point";

export { TRIGGER_POINTS, type TriggerPoint } from "./trigger-point";
export type { CompactionDetails } from "./compaction-details";

/**
 * What a strategy reproduces of an agent or a provider's API: which version, as of when, from which source. Every
 * `peer` strategy carries one (`strategies.test.ts` checks it), so a result can say which behaviour it measured.
 */
export interface ReproducedVersion {
  /** the agent's release or the API's version (e.g. "2.1.299", "compact_20260112"); null when the source names none */
  version: string | null;
  /** when that behaviour was current: the release date, the document's date, or the day it was read (YYYY-MM-DD) */
  asOf: string;
  /** the source or documentation the reproduction follows */
  url: string;
}

export type StrategySource =
  | { kind: "seed"; file: string; section: string }
  | ({
      kind: "peer";
      name: string;
      /** what the strategy needs that no source documents: the lab's choice is named here instead of a guess */
      undocumented?: readonly string[];
      /** the agent no longer serves users (gemini-cli since 2026-06-18): kept so its sessions can still be replayed */
      retired?: { on: string; note: string };
    } & ReproducedVersion)
  | { kind: "baseline"; note: string }
  /** the lab's own design (not an agent's) */
  | { kind: "lab"; note: string };

/** What a synthetic message is for; `summary` messages are pivots (seed 003 §4.4). */
export type SyntheticPurpose = "summary" | "acknowledgement" | "continue" | "marker" | "handoff" | "note";

/** Read-only view of one message in the live context. */
export interface ContextEntryView {
  /** the message as stored: a session message (never a copy) or a synthetic one; marks are not applied */
  readonly message: Message;
  /** index in `session.messages`, null for a synthetic message */
  readonly sessionIndex: number | null;
  readonly purpose: SyntheticPurpose | null;
}

/**
 * The live context as a strategy sees it. Positions are 0-based indexes into the context (not the session).
 * Token figures are the estimator's additive units except `tokens`, which is the scaled total the step
 * reports (they differ only for the calibrated estimator; use `scale` to compare an additive sum).
 */
export interface ContextView {
  readonly length: number;
  entry(position: number): ContextEntryView;
  /** the estimate of the whole context as it would be sent now: the agent's hidden prefix and the messages */
  readonly tokens: number;
  /**
   * the agent's system prompt and tools counted in `tokens` (measured from the session's first recorded call; 0
   * without recorded usage). No strategy can compact it; a strategy that budgets the messages' share of the window
   * subtracts it (evidence).
   */
  readonly hiddenPrefixTokens?: number;
  scale(additiveTokens: number): number;
  /** additive tokens of one message, marks applied */
  entryTokens(position: number): number;
  /** additive tokens of one part, its current mark applied */
  partTokens(position: number, partIndex: number): number;
  /** additive tokens the part would cost under `mark` (to compute what a prune frees before doing it) */
  partTokensUnder(position: number, partIndex: number, mark: PartMarkInput): number;
  markOf(position: number, partIndex: number): PartMark | undefined;
  /**
   * Tool-result parts without a mark, newest first, from (position, partIndex) inclusive back to position 0.
   * Marked results are stepped over without being visited again, so a pruner that walks every old result at every
   * step costs what the unmarked ones cost. May still name a marked part (check `markOf`); never misses an unmarked one.
   */
  unmarkedToolResults(position: number, partIndex: number): Iterable<{ position: number; partIndex: number }>;
  /** position of the newest synthetic summary message, -1 if none */
  readonly lastSummaryPosition: number;
  /** the message as it is sent (marks applied) */
  rendered(position: number): Message;
  /** additive tokens of a text sent as one text part (to size text a strategy writes itself) */
  textTokens(text: string): number;
  /**
   * when the estimator's text counts add up by weight (chars/4: `textTokens(text)` is `textWeights.tokens(textWeights.weight(text))`
   * and weights add over concatenation), those functions: a strategy assembling text from many pieces can size each
   * version by adding weights instead of measuring it whole. Undefined for BPE and counts fetched from an API.
   */
  readonly textWeights?: AdditiveTextWeights;
}

/** A mark as a strategy asks for it; the replay stamps the step. */
export type PartMarkInput = PartMark extends infer M ? (M extends PartMark ? Omit<M, "step"> : never) : never;

export interface MarkRequest {
  position: number;
  partIndex: number;
  mark: PartMarkInput;
  /** which pruner asked for it; one prune event is reported per pruner */
  pruner: string;
}

export interface StrategyInput<S> {
  point: TriggerPoint;
  /** the model call the context is being prepared for (the next call at an `after-*` point) */
  step: number;
  settings: S;
  context: ContextView;
  /** the model's context window, tokens */
  window: number;
  /** tokens kept free for the response (replay option, default 0) */
  outputReserve: number;
  /** at `after-call`: the call just made, with recorded-style usage estimated on the replayed context */
  lastCall: { step: number; inputTokens: number; outputTokens: number } | null;
  /** every event so far in this replay */
  events: readonly ReplayEvent[];
  /** the newest summary this replay produced, for iterative updates */
  previousSummary: string | null;
  /**
   * the structured details (file lists) of the newest compaction that applied a summary, carried to the next one
   * so no strategy ever parses them back out of summary text (pi's / OpenClaw's `details`)
   */
  previousDetails: CompactionDetails | null;
  /** a compaction is requested now (manual compaction, the UI's preview): plan one even under threshold */
  force: boolean;
  /**
   * the prompt cache the session's own model runs under: its provider's rules (lib/engine/cache/cache-rules.ts),
   * Anthropic's when the session names no model of a provider the lab knows, and the TTL its recorded usage shows,
   * else the provider's default — as the run's cost prices it by default. What a strategy that prices the cache reads
   * where its settings leave the prices to the session (keeper).
   */
  sessionCache: SessionCache;
}

/** One positional range of the current context, `to` exclusive. */
export interface PositionRange {
  from: number;
  to: number;
}

/** One message of the context after a compaction. */
export type LayoutItem =
  | { kind: "keep"; from: number; to: number }
  | {
      kind: "synthetic";
      role: Role;
      purpose: SyntheticPurpose;
      /** `{{summary}}` (or `{{summary:N}}` for the N-th summary) is replaced by the summarizer's text */
      text: string;
      /**
       * the text is sent as it is, with no placeholder replaced: for text the strategy built from transcript
       * content (the evidence ledger), which may itself contain `{{summary}}`
       */
      literal?: boolean;
      /**
       * the message is the N-th summary's opaque provider item (OpenAI's encrypted compaction item): one opaque part
       * counted at the size the provider reported; the summary must come back opaque (and only then), else the
       * compaction falls back
       */
      opaqueSummary?: number;
    };

export interface SummaryPlan {
  /** what to summarize: ranges of the current context, in order */
  ranges: readonly PositionRange[];
  request: Omit<SummarizeRequest, "messages" | "signal">;
  /**
   * Multi-stage summarization (openclaw's chunk summaries, then a merge): this call builds on earlier
   * summaries of the same plan, named by their index (each lower than this summary's own). The summary at
   * `previousSummaryFrom` becomes the request's `previousSummary` (iterative chunking: each chunk updates the
   * last); those in `summariesAsMessages` are handed in as summary-flagged user messages, before the ranges'.
   */
  previousSummaryFrom?: number;
  summariesAsMessages?: readonly number[];
  /**
   * How the source prepares its summarizer's input from the ranges (seed 002's tool previews and 100K-char
   * cap, seed 000's "Tool no response" / "Understood." cleaning); default: the rendered messages as they are.
   */
  input?: SummaryInputShaping;
}

/**
 * A compaction as planned: pure data the UI can preview. `summaries` empty means a trim (no summarizer call).
 */
export interface CompactionPlan {
  /** shown in the compaction-start event, e.g. "context 85,200 ≥ threshold 80,000" */
  reason: string;
  summaries: readonly SummaryPlan[];
  layout: readonly LayoutItem[];
  /** tokens the new context should fit; a compaction ending above it reports an over-budget event */
  budget: number;
  /**
   * layout used when a summary fails or is rejected (seed 002 → trim, seed 004 → truncation); else unchanged.
   * `details` hold when the fallback applies (a deterministic part of the compaction that needs no summary).
   */
  fallback?: { layout: readonly LayoutItem[]; details?: CompactionDetails };
  /** why the result may not fit the budget, when the strategy knows (e.g. "the first message alone is …") */
  overBudgetReason?: string;
  /**
   * The summary the compaction reports (and the next compaction's `previousSummary`), written like a synthetic
   * text with `{{summary:N}}` placeholders — for multi-stage plans, whose partial summaries should not be
   * reported. Default: every summary joined by a blank line.
   */
  summaryText?: string;
  /** what the compaction keeps on purpose (reported on compaction-end / trim) */
  protected?: readonly ProtectionRequest[];
  /** a cut inside a turn: the turn's prefix, summarized on its own (pi's split turn) */
  splitTurn?: PositionRange;
  /** structured details of this compaction, reported on compaction-end and handed to the next decide */
  details?: CompactionDetails;
}

export type StrategyNote =
  | { type: "warning"; code: string; message: string }
  | { type: "guard"; guard: string; message: string };

/**
 * A region a strategy deliberately leaves alone, in positions of the current context: a tail from `from` to
 * the end, or single parts. Reporting only — it changes nothing the replay does; the replay names the
 * messages in the events (see `ProtectedRegion` in replay-events.ts).
 */
export type ProtectionRequest =
  | { kind: "tail"; label: string; from: number }
  | { kind: "parts"; label: string; parts: readonly { position: number; partIndex: number }[] };

export interface StrategyDecision {
  marks?: readonly MarkRequest[];
  notes?: readonly StrategyNote[];
  compaction?: CompactionPlan;
  /** what the layer-1 pruners protected; reported on this decision's prune events (none without marks) */
  protected?: readonly ProtectionRequest[];
}

export interface SummaryCheckInput<S> {
  settings: S;
  /** additive tokens of the messages that were summarized */
  summarizedTokens: number;
  /** additive tokens of the summary text */
  summaryTokens: number;
}

export interface Strategy<S extends object = object> {
  /**
   * kebab-case, stable: used in URLs, the CLI and stored runs. A later version of an agent's behaviour is its own
   * strategy, `<agent id>@<version>` (`claude-code@2.1.299`), so the older one keeps its id, its figures and its date.
   */
  id: string;
  /** the strategy this one is a later version of (`claude-code` for `claude-code@2.1.299`); absent for the first */
  versionOf?: string;
  label: string;
  /** one line the UI shows under the name */
  description: string;
  source: StrategySource;
  defaults: Readonly<S>;
  settingsSchema: z.ZodType<S>;
  triggers: readonly TriggerPoint[];
  /** pure: what to do at a trigger point. Return `{}` to do nothing. */
  decide(input: StrategyInput<S>): StrategyDecision;
  /**
   * Reject a summary before it replaces history (seed 004's validation, gemini-cli's inflation check):
   * return a reason to fall back, or null to accept.
   */
  checkSummary?(summary: string, input: SummaryCheckInput<S>): string | null;
  /**
   * The context size (in the step's tokens) at or above which the strategy compacts on its own, for explaining a
   * step where it does not ("context X of trigger Y"); null when it never compacts on its own (auto off, no limit).
   * Optional: a strategy whose trigger is not one number leaves it out.
   */
  autoTrigger?(settings: S, window: number): number | null;
}

/** A strategy of any settings type, as stored in the registry. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStrategy = Strategy<any>;

/** Identity helper so a strategy literal infers its settings type from the schema. */
export function defineStrategy<S extends object>(strategy: Strategy<S>): Strategy<S> {
  return strategy;
}
