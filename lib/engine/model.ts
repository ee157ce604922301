/**
 * The canonical session model: what every importer produces and every strategy reads.
 *
 * Modelled on seed 003 §2 (a session is an ordered stream of messages made of typed parts; a compaction
 * marker part queues a compaction; a summary flag marks the message that carries it), generalised so the
 * same shape holds Claude Code, Codex, pi, OpenCode, OpenAI / Anthropic arrays, SWE-agent, OpenHands, Gemini CLI and
 * GitHub Copilot CLI.
 *
 * The imported session is immutable. Strategies never rewrite it: they describe what they did with
 * {@link PartMark}s keyed by {@link PartRef}, pivots and kept ranges (see lib/engine/simulate).
 */

export const ROLES = ["system", "user", "assistant", "tool"] as const;
export type Role = (typeof ROLES)[number];

export interface TextPart {
  type: "text";
  text: string;
  /** injected by the agent rather than typed by a person (e.g. "Continue if you have next steps") */
  synthetic?: boolean;
}

export interface ReasoningPart {
  type: "reasoning";
  text: string;
  /** the provider returned only an opaque blob (encrypted / redacted thinking) */
  redacted?: boolean;
}

export interface ToolCallPart {
  type: "tool-call";
  /** the provider's call id; tool results point back at it */
  id: string;
  name: string;
  /** parsed JSON arguments where the source had JSON, else the raw string */
  input: unknown;
}

export interface ImageRef {
  mediaType: string;
  /** size of the encoded payload in bytes, when known (the payload itself is not kept in the model) */
  bytes?: number;
  url?: string;
}

export interface ToolResultPart {
  type: "tool-result";
  callId: string;
  /** tool name, copied from the call where the source did not repeat it */
  name?: string;
  /** the text the model was sent (text blocks joined with "\n") */
  output: string;
  isError: boolean;
  images: ImageRef[];
}

export interface ImagePart extends ImageRef {
  type: "image";
}

export interface FilePart {
  type: "file";
  mediaType: string;
  filename?: string;
  url?: string;
}

/**
 * A compaction marker (seed 003 §4.1): the point where a compaction happened or was queued.
 * Recorded compactions from transcripts carry what the source recorded.
 */
export interface CompactionPart {
  type: "compaction";
  auto: boolean;
  tokensBefore?: number;
  tokensAfter?: number;
  /** id of the first message kept verbatim after the summary, when the source says */
  firstKeptMessageId?: string;
}

/**
 * A provider's opaque compaction item (OpenAI's encrypted `compaction` item): it stands in the context the lab
 * replays, but its content is not readable by the lab. Never in an imported session: only the synthetic summary
 * message of a provider compaction carries one. Every estimator counts it at `tokens`, the size the provider
 * reported, since there is no text to count.
 */
export interface OpaquePart {
  type: "opaque";
  /** whose item it is (only that provider can read it back) */
  provider: "openai";
  /** the item's size in tokens, as the provider reported it */
  tokens: number;
}

export type Part = TextPart | ReasoningPart | ToolCallPart | ToolResultPart | ImagePart | FilePart | CompactionPart | OpaquePart;
export type PartType = Part["type"];

/** Token usage recorded by the source for the model call that produced a message. */
export interface Usage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /**
   * Of `cacheWrite`, the tokens written with a 1-hour lifetime (Anthropic's usage.cache_creation.ephemeral_1h_input_tokens);
   * absent when the source does not say or wrote none. The cost model follows the TTL the session used.
   */
  cacheWrite1h?: number;
}

export interface Message {
  /** stable within the session: the source's id where it has one, else a generated one */
  id: string;
  role: Role;
  parts: Part[];
  /** seed 003's summary flag: this message carries a compaction summary */
  summary?: boolean;
  /** injected by the agent or harness, not authored by the user or the model */
  synthetic?: boolean;
  usage?: Usage;
  /** ISO timestamp where the source has one */
  timestamp?: string;
  model?: string;
  /** where the message came from in the uploaded file: a JSONL line (1-based) or a JSON path */
  source?: { line?: number; path?: string };
}

export const FORMAT_IDS = [
  "claude-code",
  "codex",
  "pi",
  "opencode",
  "anthropic",
  "openai",
  "swe-agent",
  "openhands",
  "gemini-cli",
  "copilot-cli",
  "openclaw",
  "cline",
  "otel-genai",
  "goose",
] as const;
export type FormatId = (typeof FORMAT_IDS)[number];

export interface SessionMeta {
  /** the source's session id, when it has one */
  sourceId?: string;
  cwd?: string;
  model?: string;
  /** the model's context window, when the source records it */
  contextWindow?: number;
  startedAt?: string;
  /** claude-code: a file of sidechain lines only, imported whole */
  subagent?: boolean;
  /** free-form notes from the importer (e.g. what was skipped and why) */
  notes?: string[];
  /**
   * Changes to how the agent sent its requests that the transcript records between messages (pi's
   * `thinking_level_change` and `model_change` entries), in order. The cache model applies the provider's documented
   * invalidation at the first call after each (see lib/engine/cache/cache-rules.ts `invalidatedBy`).
   */
  events?: SessionEvent[];
}

export const SESSION_EVENT_KINDS = ["thinking-level", "model"] as const;
export type SessionEventKind = (typeof SESSION_EVENT_KINDS)[number];

/**
 * A setting of the agent's requests changed: its thinking level (the request's thinking parameters) or its model.
 * Applies to every message from `beforeMessageId` on; absent when nothing followed it in the session.
 */
export interface SessionEvent {
  kind: SessionEventKind;
  /** the new value: a thinking level ("off", "minimal", "low", …) or a model id */
  value: string;
  beforeMessageId?: string;
  timestamp?: string;
  /** the JSONL line it came from */
  line?: number;
}

export interface Session {
  title: string;
  format: FormatId;
  messages: Message[];
  meta: SessionMeta;
}

/** Points at one part of one message without copying it. */
export interface PartRef {
  messageId: string;
  partIndex: number;
}

/**
 * What a strategy did to a part, without touching it. The original stays in the session; the mark says
 * how the part is serialised to the model from then on.
 */
export type PartMark =
  | { kind: "pruned"; placeholder: string; step: number }
  | { kind: "cleared"; placeholder: string; step: number; inputCleared?: boolean }
  /** `savedAs`: gemini-cli's truncation, which saves the whole output to that file and says so (never written by the lab) */
  | { kind: "soft-trimmed"; head: number; tail: number; originalChars: number; step: number; savedAs?: string }
  | { kind: "truncated"; keptChars: number; originalChars: number; step: number }
  | { kind: "masked"; placeholder: string; step: number };

export type PartMarkKind = PartMark["kind"];

/** The recorded context size of a model call: everything the provider counted as input. */
export function contextTokensOf(usage: Usage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite;
}
