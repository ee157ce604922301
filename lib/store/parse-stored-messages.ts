import type { Message } from "../engine/model";
import { parseStoredMessage } from "./stored-message";

/** Messages parsed between two yields to the event loop: a few milliseconds of work. */
export const PARSE_SLICE_MESSAGES = 500;

/**
 * Every stored message row of a session parsed and validated (parseStoredMessage), in slices of
 * {@link PARSE_SLICE_MESSAGES} with a turn of the event loop between them (setImmediate). A 12,000-message session
 * parsed in one go held the loop for seconds under load, and a worker's heartbeat timer (lib/jobs/watch-runs.ts)
 * waited behind it until another worker took the run for dead and ran it again; between slices the timer runs.
 */
export async function parseStoredMessages(rows: readonly { seq: number; data: unknown }[], sessionId: string): Promise<Message[]> {
  const messages: Message[] = [];
  for (let start = 0; start < rows.length; start += PARSE_SLICE_MESSAGES) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const row of rows.slice(start, start + PARSE_SLICE_MESSAGES)) messages.push(parseStoredMessage(row.data, { sessionId, seq: row.seq }));
  }
  return messages;
}
