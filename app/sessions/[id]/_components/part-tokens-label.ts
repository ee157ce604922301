import type { Part } from "@/lib/engine/model";
import { estimatePartTokens } from "@/lib/engine/tokens/chars4";
import { formatCount } from "@/app/_components/format-number";

/** "1,234 tok": a part's chars/4 estimate, for part headers. */
export function partTokensLabel(part: Part): string {
  return `${formatCount(estimatePartTokens(part))} tok`;
}
