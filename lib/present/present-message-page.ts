import type { MessagePage } from "../api/contracts/schemas";
import type { MessagePageRecord } from "../store/session-record";

/** GET /api/sessions/:id/messages (and a shared session's page): messages travel as the canonical model. */
export function presentMessagePage(record: MessagePageRecord): MessagePage {
  return {
    messages: record.messages.map((row) => ({ seq: row.seq, tokens: row.tokens, message: { ...row.message } })),
    nextCursor: record.nextCursor,
    total: record.total,
  };
}
