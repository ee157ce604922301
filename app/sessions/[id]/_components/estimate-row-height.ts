import type { Message } from "@/lib/engine/model";
import { CLAMP_LINES } from "./clamped-text";

const LINE = 20;
const MONO_LINE = 20;
const CHARS_PER_LINE = 110;
const ROW_CHROME = 44;
const PLACEHOLDER = 64;

/**
 * First guess at a row's height before it is measured: close guesses keep the scrollbar steady while rows
 * load. Mirrors the collapsed rendering (clamped text, closed reasoning, long tool results closed).
 */
export function estimateRowHeight(message: Message | undefined): number {
  if (!message || !Array.isArray(message.parts)) return PLACEHOLDER;
  let height = ROW_CHROME;
  for (const part of message.parts) {
    switch (part.type) {
      case "text":
        height += textLines(part.text) * LINE + 6;
        break;
      case "tool-call":
        height += 30 + inputLines(part.input) * MONO_LINE;
        break;
      case "tool-result":
        height += part.output.length <= 240 ? 30 + textLines(part.output) * MONO_LINE : 30;
        break;
      case "compaction":
        height += 32;
        break;
      default:
        height += 28;
    }
  }
  return height;
}

function textLines(text: string): number {
  let lines = 1;
  let lineLength = 0;
  for (let index = 0; index < text.length && lines <= CLAMP_LINES; index++) {
    if (text.charCodeAt(index) === 10 || ++lineLength > CHARS_PER_LINE) {
      lines++;
      lineLength = 0;
    }
  }
  return Math.min(lines, CLAMP_LINES + 1);
}

/** Mirrors ToolCallPartView: an object input is one clamped block per field. */
function inputLines(input: unknown): number {
  if (typeof input === "string") return textLines(input);
  if (input === null || typeof input !== "object" || Array.isArray(input)) return textLines(JSON.stringify(input) ?? "");
  let lines = 0;
  for (const value of Object.values(input)) lines += textLines(typeof value === "string" ? value : JSON.stringify(value, null, 2) ?? "");
  return Math.max(lines, 1);
}
