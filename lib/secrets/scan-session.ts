import type { Message, Session } from "../engine/model";
import { partText } from "../engine/tokens/part-text";
import { mayHoldSecretPiece } from "./may-hold-secret";
import type { DetectedSecret, SecretFinding } from "./secret-finding";
import { scanTexts } from "./scan-texts";

export type Where = Pick<SecretFinding, "field" | "seq" | "part">;

/**
 * Every credential secretlint's recommended preset finds in a session's title, metadata and message parts, in order,
 * each with its place, a masked preview and (for redaction only) the text it matched. Tool calls are scanned as
 * their name and JSON input, as the model was sent them (lib/engine/tokens/part-text.ts).
 */
export async function scanSession(session: Session): Promise<DetectedSecret[]> {
  return scanSessionTexts(textsOf(session));
}

/** {@link scanSession} on some of a session's texts (sessionHeadTexts, messageTexts), in the order given. */
export async function scanSessionTexts(texts: Iterable<{ text: string; where: Where }>): Promise<DetectedSecret[]> {
  const found = await scanTexts(texts);
  return found.map(({ where, ...finding }) => ({ ...finding, ...where }));
}

function* textsOf(session: Session): Generator<{ text: string; where: Where }> {
  yield* sessionHeadTexts(session);
  for (const [seq, message] of session.messages.entries()) yield* messageTexts(message, seq);
}

/** The texts scanSession reads before the messages: the session's title and its metadata as JSON. */
export function* sessionHeadTexts(session: Pick<Session, "title" | "meta">): Generator<{ text: string; where: Where }> {
  yield { text: session.title, where: { field: "title", seq: null, part: null } };
  yield { text: JSON.stringify(session.meta) ?? "", where: { field: "meta", seq: null, part: null } };
}

/** The texts scanSession reads of the message at `seq`: its parts, each a tool call only when it may hold a secret. */
export function* messageTexts(message: Message, seq: number): Generator<{ text: string; where: Where }> {
  for (const [part, content] of message.parts.entries()) {
    // a tool call's JSON is built only when one of its keys or strings holds a piece a rule needs: serialising
    // every call's input for the check alone cost more than the check (every anchor lies inside one string)
    if (content.type === "tool-call" && !mayHoldSecretPiece(content.name) && !jsonMayHoldSecret(content.input)) continue;
    yield { text: partText(content), where: { field: "part", seq, part } };
  }
}

function jsonMayHoldSecret(value: unknown): boolean {
  if (typeof value === "string") return mayHoldSecretPiece(value);
  if (Array.isArray(value)) return value.some(jsonMayHoldSecret);
  if (value !== null && typeof value === "object") return Object.entries(value).some(([key, item]) => mayHoldSecretPiece(key) || jsonMayHoldSecret(item));
  return false;
}
