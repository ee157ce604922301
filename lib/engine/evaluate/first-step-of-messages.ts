import type { MessageKind } from "../simulate/classify-messages";

/**
 * For each message, the number of the first model call after it (the call count when none follows): the first
 * step whose context holds it. `kinds` is `classifyMessages(session)`.
 */
export function firstStepOfMessages(kinds: readonly MessageKind[]): number[] {
  const callCount = kinds.filter((kind) => kind === "call").length;
  const result = new Array<number>(kinds.length);
  let next = callCount;
  for (let index = kinds.length - 1; index >= 0; index--) {
    result[index] = next;
    if (kinds[index] === "call") next--;
  }
  return result;
}
