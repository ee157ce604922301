import type { Part } from "../model";

/**
 * The text of a part as it reaches the model, for tokenizers that need the string itself (BPE). Tool-call
 * inputs are serialised as JSON, as providers send them; images are not text and are counted separately.
 */
export function partText(part: Part): string {
  switch (part.type) {
    case "text":
    case "reasoning":
      return part.text;
    case "tool-call":
      return part.name + (typeof part.input === "string" ? part.input : (JSON.stringify(part.input) ?? ""));
    case "tool-result":
      return part.output;
    case "file":
      return (part.filename ?? "") + (part.url ?? "");
    case "image":
    case "compaction":
    case "opaque":
      return "";
  }
}
