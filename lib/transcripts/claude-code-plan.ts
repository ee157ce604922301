import { invalid } from "./import-error";
import { isRecord } from "./anthropic-blocks";
import type { TranscriptDocument } from "./read-document";

export const CLAUDE_CODE_FORMAT = "claude-code";

/** One line of a Claude Code file (its value whole, or only what planning reads: see createClaudeCodeLineSlimmer). */
export interface ClaudeCodeEntry {
  /** position in the file's entries, for the marks kept in typed arrays below */
  index: number;
  line: number;
  value: Record<string, unknown>;
  type: string;
  uuid?: string;
  sidechain: boolean;
}

/** Which lines make the session, and what the whole file says about it, before any message is built. */
export interface ClaudeCodePlan {
  /** the lines the session is built from, in file order */
  selected: ClaudeCodeEntry[];
  /** notes so far (the walk's, the branches left out); building the messages adds its own */
  notes: string[];
  /** a file of sidechain lines only: a subagent transcript, imported whole */
  subagent: boolean;
  /** the `summary` line's title for the leaf, when there is one */
  summaryTitle?: string;
  /** the first selected line's session id, working directory and time */
  head: { sourceId?: string; cwd?: string; startedAt?: string };
}

export const isConversation = (entry: ClaudeCodeEntry) => entry.type === "user" || entry.type === "assistant";
export const isBoundary = (entry: ClaudeCodeEntry) => entry.type === "system" && entry.value.subtype === "compact_boundary";

/**
 * The top-level keys planning reads (the walk, the parallel results, the title, the meta and the format's sniff) and
 * the slimmer keeps. Not `timestamp`, which planning reads of the first selected line only (the session's start): a
 * string per line kept for one of them; a streamed import reads it with that line's content (streamTranscriptChunks).
 */
const PLANNED_KEYS = ["uuid", "parentUuid", "logicalParentUuid", "isSidechain", "isCompactSummary", "subtype", "leafUuid", "summary", "sessionId", "cwd"];

/** The string keys whose values repeat from line to line (one session, one working directory, a few types). */
const REPEATED_KEYS = new Set(["type", "subtype", "sessionId", "cwd"]);

/**
 * What {@link planClaudeCode} and the format's sniff read of a line, and nothing else: its type, the keys above when
 * present, and of `message.content` each block's type and, for a tool call or result, its id or tool_use_id — a few
 * hundred bytes, where the line holds the whole message. A line that is not an object with a string type is kept as
 * it is, for the error that names it. Planning on these lines gives no `head.startedAt` (no line's time is kept).
 *
 * Made per file: the first pass keeps this of every line until the plan is made (55,000 lines of a 96 MB upload), so
 * a value seen before is kept as the string already held — the session id and working directory that every line
 * repeats, a parent's uuid (its parent's own), a type — a block that is neither a tool call nor a result as one
 * shared `{ type }` per type, and the `message` of a line whose blocks are all such (text, thinking) as one shared
 * `{ content }` per sequence of block types (issue #39: the kept lines, 33 → 23 MB of heap, then 24.6 → 21.0 MB
 * without the times and with the shared messages, measured on the bench's 96 MB upload).
 */
export function createClaudeCodeLineSlimmer(): (value: unknown) => unknown {
  const held = new Map<string, string>();
  const hold = (text: string) => {
    const known = held.get(text);
    if (known !== undefined) return known;
    held.set(text, text);
    return text;
  };
  const uuids = new Map<string, string>();
  const otherBlocks = new Map<unknown, { type: unknown }>();
  const otherBlock = (type: unknown) => {
    let block = otherBlocks.get(type);
    if (block === undefined) otherBlocks.set(type, (block = Object.freeze({ type })));
    return block;
  };
  const sharedMessage = createSharedMessages(otherBlocks);
  return (value) => {
    if (!isRecord(value) || typeof value.type !== "string") return value;
    const slim: Record<string, unknown> = {};
    for (const key of ["type", ...PLANNED_KEYS]) {
      if (!(key in value)) continue;
      const item = value[key];
      if (typeof item !== "string") slim[key] = item;
      else if (REPEATED_KEYS.has(key)) slim[key] = hold(item);
      else if (key === "uuid") {
        const known = uuids.get(item);
        slim[key] = known ?? item;
        if (known === undefined) uuids.set(item, item);
      } else if (key === "parentUuid" || key === "logicalParentUuid" || key === "leafUuid") slim[key] = uuids.get(item) ?? item;
      else slim[key] = item;
    }
    const message = value.message;
    if (isRecord(message) && Array.isArray(message.content)) {
      const content = message.content.map((block: unknown) => {
        if (!isRecord(block)) return null;
        if (block.type === "tool_use") return { type: "tool_use", id: block.id };
        if (block.type === "tool_result") return { type: "tool_result", tool_use_id: block.tool_use_id };
        return otherBlock(block.type);
      });
      slim.message = sharedMessage(content) ?? { content };
    }
    return slim;
  };
}

/**
 * One frozen `{ content }` per sequence of shared blocks: `sharedMessage(content)` gives the one for `content` when
 * every block of it is one of `otherBlocks`' (a type that is a string without NUL), else null (a tool call or result
 * holds an id of its own; a block that is not an object or has another type is kept as it comes).
 */
function createSharedMessages(otherBlocks: ReadonlyMap<unknown, { type: unknown }>): (content: readonly unknown[]) => { content: readonly unknown[] } | null {
  const byTypes = new Map<string, { content: readonly unknown[] }>();
  return (content) => {
    let key = "";
    for (const block of content) {
      const type = (block as { type?: unknown } | null)?.type;
      if (typeof type !== "string" || type.includes("\u0000") || otherBlocks.get(type) !== block) return null;
      key += `${type}\u0000`;
    }
    let shared = byTypes.get(key);
    if (shared === undefined) byTypes.set(key, (shared = Object.freeze({ content: Object.freeze([...content]) })));
    return shared;
  };
}

/**
 * Chooses the lines of a Claude Code session file: the conversation that ends at its leaf (the last non-sidechain
 * user/assistant line), following `parentUuid` and crossing compact boundaries through `logicalParentUuid` so the
 * pre-compaction history stays. Parallel tool results that Claude Code chains off the sibling tool_use lines are
 * brought back in. A file of sidechain lines only is a subagent transcript and is imported whole.
 *
 * When the parent links loop (trimmed fixtures reuse uuids) the chain cannot be trusted, so the non-sidechain lines
 * are taken in file order instead, and a note says so. Reads only what createClaudeCodeLineSlimmer keeps.
 */
export function planClaudeCode(document: TranscriptDocument): ClaudeCodePlan {
  if (document.kind !== "jsonl") invalid(CLAUDE_CODE_FORMAT, { path: "$" }, "JSON lines (one entry per line)", "a single JSON document");
  const entries = document.lines.map(({ line, value }, index) => claudeCodeEntry({ index, line, value }));
  const conversation = entries.filter(isConversation);
  if (conversation.length === 0) {
    invalid(CLAUDE_CODE_FORMAT, { line: entries[0]?.line ?? 1 }, "user or assistant lines (`type` \"user\" / \"assistant\" with a `message`)", entries[0]?.value.type);
  }
  const subagent = conversation.length > 0 && conversation.every((entry) => entry.sidechain);
  const notes: string[] = [];
  const leaf = conversation.filter((entry) => !entry.sidechain).at(-1);
  let selected: ClaudeCodeEntry[];
  if (subagent) selected = inFileOrder(entries, { withSidechain: true });
  else if (!leaf) selected = [];
  else {
    const chain = walkFromLeaf(leaf, entries, notes);
    if (chain) selected = withParallelToolResults(chain, entries);
    else {
      notes.push("parent links loop (repeated uuids): imported the non-sidechain lines in file order");
      selected = inFileOrder(entries, { withSidechain: false });
    }
    const isSelected = new Uint8Array(entries.length);
    for (const entry of selected) isSelected[entry.index] = 1;
    const left = conversation.filter((entry) => !entry.sidechain && isSelected[entry.index] === 0).length;
    if (left > 0) notes.push(`${left} user/assistant line(s) on other branches left out`);
  }
  const first = selected[0]?.value ?? {};
  return {
    selected,
    notes,
    subagent,
    summaryTitle: summaryTitleOf(entries, leaf),
    head: {
      ...(typeof first.sessionId === "string" ? { sourceId: first.sessionId } : {}),
      ...(typeof first.cwd === "string" ? { cwd: first.cwd } : {}),
      ...(typeof first.timestamp === "string" ? { startedAt: first.timestamp } : {}),
    },
  };
}

/** A line as an entry: an object with a string `type`, else an ImportError naming the line. */
export function claudeCodeEntry(input: { index: number; line: number; value: unknown }): ClaudeCodeEntry {
  const { index, line, value } = input;
  if (!isRecord(value)) invalid(CLAUDE_CODE_FORMAT, { line }, "an object with a string `type`", value);
  if (typeof value.type !== "string") invalid(CLAUDE_CODE_FORMAT, { line, path: "type" }, "a string `type` (\"user\", \"assistant\", \"summary\", …)", value.type);
  return {
    index,
    line,
    value,
    type: value.type,
    uuid: typeof value.uuid === "string" ? value.uuid : undefined,
    sidechain: value.isSidechain === true,
  };
}

/** The chain from the leaf back to the root, oldest first, or null when the links loop. */
function walkFromLeaf(leaf: ClaudeCodeEntry, entries: ClaudeCodeEntry[], notes: string[]): ClaudeCodeEntry[] | null {
  const byUuid = new Map<string, ClaudeCodeEntry>();
  for (const entry of entries) if (entry.uuid && !byUuid.has(entry.uuid)) byUuid.set(entry.uuid, entry);
  const chain: ClaudeCodeEntry[] = [];
  const visited = new Uint8Array(entries.length);
  let current: ClaudeCodeEntry | undefined = leaf;
  while (current) {
    if (visited[current.index] === 1) return null;
    visited[current.index] = 1;
    chain.push(current);
    let parentUuid = current.value.parentUuid;
    if ((parentUuid === null || parentUuid === undefined) && isBoundary(current)) parentUuid = current.value.logicalParentUuid;
    if (typeof parentUuid !== "string") break;
    current = byUuid.get(parentUuid);
    if (!current) notes.push(`line ${chain.at(-1)!.line} points at parent ${parentUuid}, which is not in the file`);
  }
  return chain.reverse();
}

/**
 * Claude Code chains each parallel tool result off its own tool_use line, so the walk from the leaf passes only the
 * last one. A user line of tool results whose parent is on the chain and whose calls are on the chain was sent to
 * the model too. Lines are appended, so file order (the entries' order) is the conversation's.
 */
function withParallelToolResults(chain: ClaudeCodeEntry[], entries: ClaudeCodeEntry[]): ClaudeCodeEntry[] {
  const taken = new Uint8Array(entries.length);
  const chainUuids = new Set<string | undefined>();
  const calledIds = new Set<string>();
  for (const entry of chain) {
    taken[entry.index] = 1;
    chainUuids.add(entry.uuid);
    const blocks = contentOf(entry);
    for (let index = 0; index < blocks.length; index++) {
      const block = blocks[index];
      if (isRecord(block) && block.type === "tool_use") calledIds.add(String(block.id));
    }
  }
  for (const entry of entries) {
    if (entry.type !== "user" || entry.sidechain || taken[entry.index] === 1) continue;
    if (chainUuids.has(entry.value.parentUuid as string) && answersCalledTools(entry, calledIds)) taken[entry.index] = 1;
  }
  return entries.filter((entry) => taken[entry.index] === 1 && (isConversation(entry) || isBoundary(entry)));
}

/** Whether the line's content blocks are tool results only (at least one), each answering one of `calledIds`. */
function answersCalledTools(entry: ClaudeCodeEntry, calledIds: Set<string>): boolean {
  const blocks = contentOf(entry);
  let results = 0;
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index];
    if (!isRecord(block)) continue;
    if (block.type !== "tool_result" || !calledIds.has(String(block.tool_use_id))) return false;
    results++;
  }
  return results > 0;
}

/** Conversation lines and compact boundaries in file order; a compact summary stays with the boundary before it. */
function inFileOrder(entries: ClaudeCodeEntry[], options: { withSidechain: boolean }): ClaudeCodeEntry[] {
  const selected: ClaudeCodeEntry[] = [];
  for (const entry of entries) {
    if (!isConversation(entry) && !isBoundary(entry)) continue;
    const followsBoundary = entry.value.isCompactSummary === true && selected.at(-1) && isBoundary(selected.at(-1)!);
    if (options.withSidechain || !entry.sidechain || followsBoundary) selected.push(entry);
  }
  return selected;
}

/** The line's `message.content` when it is an array of blocks, else none (blocks that are not objects included). */
function contentOf(entry: ClaudeCodeEntry): readonly unknown[] {
  const message = entry.value.message;
  return isRecord(message) && Array.isArray(message.content) ? message.content : NO_BLOCKS;
}

const NO_BLOCKS: readonly unknown[] = [];

/** The `summary` line's title for the leaf, when it has a non-blank one. */
function summaryTitleOf(entries: ClaudeCodeEntry[], leaf: ClaudeCodeEntry | undefined): string | undefined {
  const summaryLine = entries.findLast((entry) => entry.type === "summary" && leaf?.uuid && entry.value.leafUuid === leaf.uuid);
  if (summaryLine && typeof summaryLine.value.summary === "string" && summaryLine.value.summary.trim()) return summaryLine.value.summary.trim();
  return undefined;
}
