import type { Session } from "../model";
import { compileUserProbePattern } from "./compile-user-probe-pattern";
import { messageText } from "./context-text";
import { normalizeProbeText } from "./normalize-probe-text";
import type { Probe, UserProbeSpec } from "./probe";

/**
 * The probes of the user's own patterns, in the order given. Each one's first step is that of the first message
 * (of those `skip` does not rule out) whose text (see `messageText`) contains it — a `text` probe compared
 * normalised, a `regex` probe matched with `compileUserProbePattern`. A probe no message contains gets
 * `firstStep` 0, `messageId` null and `inSession: false`, so it counts from the start and the UI can say the
 * session never had it. Not deduplicated: two user probes with the same pattern are two rows the user made.
 * A pattern that does not compile throws (compile-check input before calling). Cost: O(probes × session text).
 */
export function findUserProbes(options: {
  session: Session;
  specs: readonly UserProbeSpec[];
  /** per message: the step of the first model call that sees it */
  firstStepByIndex: readonly number[];
  /** messages not searched (recorded compaction markers and summaries, synthetic messages) */
  skip: (index: number) => boolean;
}): Probe[] {
  if (options.specs.length === 0) return [];
  const texts = options.session.messages.map((message, index) => (options.skip(index) ? null : messageText(message)));
  return options.specs.map((spec) => {
    const normalized = normalizeProbeText(spec.pattern);
    const regex = spec.kind === "regex" ? compileUserProbePattern(spec.pattern) : null;
    const index = texts.findIndex((text) => text !== null && (regex ? regex.test(text) : normalized.length > 0 && text.includes(normalized)));
    return {
      id: `user-${spec.id}`,
      kind: "user" as const,
      text: spec.pattern,
      normalized,
      firstStep: index < 0 ? 0 : options.firstStepByIndex[index],
      messageId: index < 0 ? null : options.session.messages[index].id,
      ...(spec.label ? { label: spec.label } : {}),
      ...(regex ? { regex: spec.pattern } : {}),
      inSession: index >= 0,
    };
  });
}
