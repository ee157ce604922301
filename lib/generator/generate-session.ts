import type { Message, Part, Session } from "../engine/model";
import { estimateMessageTokens } from "../engine/tokens/chars4";
import { canFinish, fitCallCount, type SessionState } from "./can-finish";
import { createProject } from "./create-project";
import { createRandom } from "./create-random";
import { modelCallUsage, CACHE_TTL_MS } from "./model-call-usage";
import { planTask, type Beat } from "./plan-task";
import { compactionSummary, pickStandingInstruction, pickTask, systemPrompt, type Task } from "./prose";
import { toolCalls, type ToolCallSpec, type ToolContext } from "./tool-calls";

export interface GenerateSessionOptions {
  /** any integer; the same seed and options give a deep-equal session */
  seed: number;
  /** exact number of messages, at least 3 (system prompt, opening ask, answer) */
  messages: number;
  /**
   * Record a compaction (a system marker with a compaction part, then a `summary` user message) whenever
   * the recorded context passes this many tokens, as a real agent would. Off by default: the lab's
   * strategies are what should compact a generated session.
   */
  compactAt?: number;
}

export const GENERATED_MODEL = "claude-sonnet-4-5";
export const GENERATED_CONTEXT_WINDOW = 200_000;
/** Tool definitions sent with every call; they count towards the recorded context but are not messages. */
export const TOOL_DEFINITION_TOKENS = 2_600;
/** 2025-03-03T09:00:00Z; each seed starts some days later. */
const BASE_TIME_MS = Date.UTC(2025, 2, 3, 9, 0, 0);

/**
 * A realistic, deterministic coding-agent session: a system prompt, a user's ask with standing instructions,
 * an assistant that reasons, explains and calls tools (reads, searches, edits with diffs, test runs that fail
 * then pass, logs, JSON, web pages), long-tailed tool outputs, recorded usage that grows with the context
 * like a cached agent's, and follow-up tasks until `messages` is reached exactly.
 *
 * Same seed, longer target: the longer session starts with the shorter one (all but its last few messages,
 * where the count is fitted), so a benchmark can grow a session without changing what came before.
 *
 * Pure: no clock, no Math.random — timestamps advance from a fixed base date by seeded draws. Linear in
 * the message count (10,000 messages take a fraction of a second). Throws RangeError for fewer than 3
 * messages or a non-integer count, since no clean session is shorter.
 */
export function generateSession(options: GenerateSessionOptions): Session {
  const { seed, messages: target } = options;
  if (!Number.isInteger(target) || target < 3) throw new RangeError(`messages must be an integer ≥ 3, got ${target}`);
  if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${seed}`);

  const random = createRandom(seed);
  const project = createProject(random);
  const tokenizerFactor = 0.95 + random.next() * 0.2;
  let nowMs = BASE_TIME_MS + random.int(0, 90) * 86_400_000 + random.int(0, 8 * 3_600) * 1_000;
  const startedAt = new Date(nowMs).toISOString();
  const context: ToolContext = { random, project, nowMs };
  const firstTask = pickTask(random, project);
  let task: Task = firstTask;
  const instructions: string[] = [];

  const messages: Message[] = [];
  let state: SessionState = "opening";
  let contextEstimate = 0;
  let previousContextTokens = 0;
  let previousCallMs = -Infinity;
  let callNumber = 0;
  const queue: Beat[] = [];

  const push = (message: Omit<Message, "id" | "timestamp">, next: SessionState): void => {
    const full: Message = { id: `gen-${seed}-${messages.length}`, timestamp: new Date(nowMs).toISOString(), ...message };
    messages.push(full);
    contextEstimate += estimateMessageTokens(full);
    state = next;
  };
  const advance = (milliseconds: number): void => {
    nowMs += milliseconds;
    context.nowMs = nowMs;
  };
  const currentContextTokens = (): number => Math.round((contextEstimate + TOOL_DEFINITION_TOKENS) * tokenizerFactor);

  const pushUser = (text: string, extra: { synthetic?: boolean } = {}): void => {
    advance(extra.synthetic ? random.int(500, 3_000) : random.longTail({ median: 90_000, spread: 1.2, min: 8_000, max: 3_600_000 }));
    push({ role: "user", parts: [{ type: "text", text, ...extra }], ...extra }, "user");
  };
  const pushAssistant = (parts: Part[], calls: ToolCallSpec[]): void => {
    advance(random.int(1_500, parts.some((part) => part.type === "reasoning") ? 40_000 : 15_000));
    const contextTokens = currentContextTokens();
    const draft: Message = { id: "", role: "assistant", parts };
    const outputTokens = Math.round(estimateMessageTokens(draft) * tokenizerFactor) + random.int(0, 40);
    const usage = modelCallUsage({
      random,
      contextTokens,
      previousContextTokens,
      outputTokens,
      cacheExpired: callNumber === 0 || nowMs - previousCallMs > CACHE_TTL_MS,
    });
    previousContextTokens = contextTokens;
    previousCallMs = nowMs;
    callNumber++;
    push({ role: "assistant", parts, usage, model: GENERATED_MODEL }, calls.length > 0 ? "tool" : "final");
    const ids = parts.filter((part) => part.type === "tool-call").map((part) => part.id);
    calls.forEach((call, index) => {
      advance(call.durationMs);
      push(
        {
          role: "tool",
          parts: [{ type: "tool-result", callId: ids[index], name: call.name, output: call.output, isError: call.isError, images: [] }],
        },
        "tool",
      );
    });
  };
  const pushAction = (beat: Extract<Beat, { kind: "action" }>, count: number): void => {
    const calls = beat.calls.slice(0, count);
    while (calls.length < count) {
      calls.push(calls.length % 2 === 0 ? toolCalls.gitStatus(context) : toolCalls.readFile(context, project.testFiles[2]));
    }
    const parts: Part[] = [];
    if (beat.reasoning) parts.push({ type: "reasoning", text: beat.reasoning });
    if (beat.text) parts.push({ type: "text", text: beat.text });
    for (const call of calls) parts.push({ type: "tool-call", id: `toolu_01${random.token(22)}`, name: call.name, input: call.input });
    pushAssistant(parts, calls);
  };
  const pushFinal = (text: string): void => pushAssistant([{ type: "text", text }], []);
  const pushCompaction = (): void => {
    const tokensBefore = currentContextTokens();
    const summary = compactionSummary(project, task, instructions);
    const marker: Message = { id: "", role: "system", parts: [{ type: "compaction", auto: true, tokensBefore }], synthetic: true };
    push(marker, "user");
    advance(random.int(20_000, 90_000));
    push({ role: "user", summary: true, synthetic: true, parts: [{ type: "text", text: summary }] }, "user");
    contextEstimate = estimateMessageTokens(messages[0]) + estimateMessageTokens(messages[messages.length - 1]);
    const compactionPart = marker.parts[0];
    if (compactionPart.type === "compaction") compactionPart.tokensAfter = currentContextTokens();
    previousContextTokens = 0;
  };
  const nextBeat = (): Beat => {
    if (queue.length === 0) {
      const followUp = messages.length > 1 && random.chance(0.6);
      if (!followUp && messages.length > 1) task = pickTask(random, project);
      queue.push(...planTask({ context, task, followUp }));
    }
    return queue[0];
  };

  push({ role: "system", parts: [{ type: "text", text: systemPrompt(project) }] }, "opening");

  while (messages.length < target) {
    const remaining = target - messages.length;
    const beat = nextBeat();
    if (state === "opening" || state === "final") {
      if (beat.kind === "user") {
        queue.shift();
        if (beat.standingInstruction) instructions.push(beat.standingInstruction);
        pushUser(beat.standingInstruction ? `${beat.text}\n\n${beat.standingInstruction}` : beat.text);
      } else {
        pushUser("Continue if you have next steps.", { synthetic: true });
      }
      continue;
    }
    const wantsCompaction =
      options.compactAt !== undefined && currentContextTokens() > options.compactAt && canFinish("user", remaining - 2);
    if (wantsCompaction && state === "tool") {
      pushCompaction();
      continue;
    }
    if (beat.kind === "action") {
      const count = fitCallCount(remaining, beat.calls.length);
      if (count > 0) {
        queue.shift();
        pushAction(beat, count);
        continue;
      }
    } else if (beat.kind === "final" && canFinish("final", remaining - 1)) {
      queue.shift();
      pushFinal(beat.text);
      continue;
    } else if (beat.kind === "user" && state === "user") {
      queue.shift();
      pushUser(beat.text);
      continue;
    }
    // the planned beat does not fit the count: close the turn, or (one user message short) add a standing rule
    if (canFinish("final", remaining - 1)) {
      pushFinal(`Stopping here: ${task.title} is in progress. The tests were last run with \`${project.testCommand}\`.`);
    } else {
      const instruction = pickStandingInstruction(random);
      instructions.push(instruction);
      pushUser(`One more thing: ${instruction}`);
    }
  }

  return {
    title: `Demo: ${firstTask.title} (generated, seed ${seed})`,
    format: "claude-code",
    messages,
    meta: {
      sourceId: `generated-${seed}`,
      cwd: project.root,
      model: GENERATED_MODEL,
      contextWindow: GENERATED_CONTEXT_WINDOW,
      startedAt,
      notes: [
        `Generated by lib/generator (seed ${seed}, ${target} messages): a synthetic ${project.language} coding-agent session, not a real transcript.`,
      ],
    },
  };
}
