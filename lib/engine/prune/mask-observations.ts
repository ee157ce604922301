import type { ToolResultPart } from "../model";
import type { ContextView, MarkRequest } from "../strategies/strategy";

/** SWE-agent's `last_n_observations` history processor default. */
export const DEFAULT_MASK_OBSERVATIONS_SETTINGS = { n: 5 };
export type MaskObservationsSettings = typeof DEFAULT_MASK_OBSERVATIONS_SETTINGS;

/** SWE-agent's placeholder for an elided observation, with the line count of what it hides. */
export function maskedObservationPlaceholder(output: string): string {
  return `Old environment output: (${output.split("\n").length} lines omitted)`;
}

/**
 * Observation masking (SWE-agent's LastNObservations; JetBrains' "The Complexity Trap"): keep the newest `n`
 * tool results verbatim and mask every older one; the agent's own reasoning and actions stay. The walk stops
 * at the first result already masked — older ones were masked by an earlier pass. `options.placeholder` writes a
 * different placeholder (the evidence strategy keeps a result's error lines in it).
 */
export function maskObservations(
  context: ContextView,
  settings: MaskObservationsSettings = DEFAULT_MASK_OBSERVATIONS_SETTINGS,
  options: { pruner?: string; placeholder?: (part: ToolResultPart) => string } = {},
): MarkRequest[] {
  const placeholder = options.placeholder ?? ((part: ToolResultPart) => maskedObservationPlaceholder(part.output));
  const marks: MarkRequest[] = [];
  let seen = 0;
  for (let position = context.length - 1; position >= 0; position--) {
    const { message } = context.entry(position);
    for (let partIndex = message.parts.length - 1; partIndex >= 0; partIndex--) {
      const part = message.parts[partIndex];
      if (part.type !== "tool-result") continue;
      if (++seen <= settings.n) continue;
      if (context.markOf(position, partIndex)?.kind === "masked") return marks;
      marks.push({ position, partIndex, pruner: options.pruner ?? "observation-masking", mark: { kind: "masked", placeholder: placeholder(part) } });
    }
  }
  return marks;
}
