import type { Session } from "../engine/model";
import { partText } from "../engine/tokens/part-text";
import type { DetectedSecret, SecretFinding } from "./secret-finding";
import { scanTexts } from "./scan-texts";

type Where = Pick<SecretFinding, "field" | "seq" | "part">;

/**
 * Every credential secretlint's recommended preset finds in a session's title, metadata and message parts, in order,
 * each with its place, a masked preview and (for redaction only) the text it matched. Tool calls are scanned as
 * their name and JSON input, as the model was sent them (lib/engine/tokens/part-text.ts).
 */
export async function scanSession(session: Session): Promise<DetectedSecret[]> {
  const found = await scanTexts(textsOf(session));
  return found.map(({ where, ...finding }) => ({ ...finding, ...where }));
}

function* textsOf(session: Session): Generator<{ text: string; where: Where }> {
  yield { text: session.title, where: { field: "title", seq: null, part: null } };
  yield { text: JSON.stringify(session.meta) ?? "", where: { field: "meta", seq: null, part: null } };
  for (const [seq, message] of session.messages.entries()) {
    for (const [part, content] of message.parts.entries()) yield { text: partText(content), where: { field: "part", seq, part } };
  }
}
