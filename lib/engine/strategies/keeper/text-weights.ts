import type { ContextView } from "../strategy";

/**
 * How keeper sizes text it assembles when the estimator's count adds up by weight (chars/4, scaled or not):
 * `tokens(weight(text))` is what `measure(text)` gives, and `weight(a + b)` is `weight(a) + weight(b)`. With it, a
 * fit sizes each candidate text by adding its pieces' weights instead of rendering and measuring it whole.
 */
export interface TextWeights {
  weight(text: string): number;
  /** the scaled tokens of a text of this weight, as the context counts text keeper writes */
  tokens(weight: number): number;
}

/** The context's additive text weights with its scale applied, or undefined when its estimator's counts do not add up (BPE, counts from an API). */
export function textWeightsOf(context: Pick<ContextView, "textWeights" | "scale">): TextWeights | undefined {
  const additive = context.textWeights;
  if (!additive) return undefined;
  return { weight: additive.weight, tokens: (weight) => context.scale(additive.tokens(weight)) };
}
