export const TRIGGER_POINTS = ["before-call", "after-user-message", "after-tool-results", "after-call"] as const;
/**
 * When the replay asks a strategy what to do:
 * - `before-call`: before each model call, the context about to be sent is complete.
 * - `after-user-message`: a (non-synthetic) user message was appended.
 * - `after-tool-results`: the last tool result of a run of tool messages was appended.
 * - `after-call`: a model call finished and every tool result answering it is in (so a compaction here never
 *   separates a call from its result); `input.lastCall` holds the call's estimated usage.
 */
export type TriggerPoint = (typeof TRIGGER_POINTS)[number];
