import type { Session } from "../engine/model";
import type { Importer } from "./importer";
import { readDocument } from "./read-document";

/**
 * Reads a file and runs one importer on it, returning every session. Useful where a caller (a script, a
 * test) already knows the format and wants all sessions of a multi-session file rather than one pick.
 */
export function parseWithImporter(importer: Importer, text: string, sourceName?: string): Session[] {
  return importer.parse(readDocument(text, importer.id), { sourceName });
}

/**
 * Tool results whose callId does not match a tool-call earlier in the session. Importers must return none:
 * strategies rely on every result having its call before it.
 */
export function orphanToolResults(session: Session): string[] {
  const seen = new Set<string>();
  const orphans: string[] = [];
  for (const message of session.messages) {
    for (const part of message.parts) {
      if (part.type === "tool-call") seen.add(part.id);
      else if (part.type === "tool-result" && !seen.has(part.callId)) orphans.push(`${message.id}:${part.callId}`);
    }
  }
  return orphans;
}
