import { BadRequestError } from "../api/contracts/errors";
import { externalSends } from "../api/contracts/external-sends";
import { readSessionSecrets } from "../store/session-secrets";
import { ensureScanned } from "./ensure-scanned";

/**
 * Refuses to send a session holding unredacted credentials to a model outside the lab (see externalSends) unless
 * the request says so: 400 `secrets_unredacted` naming the session, how many credentials of which kinds, and what
 * would send them, before anything is stored or called. The offline extractive summarizer is never refused.
 */
export async function assertMaySend(options: { sessionIds: readonly string[]; request: { summarizer: string; estimator?: string; judge?: boolean; allowSecrets?: boolean } }): Promise<void> {
  const sends = externalSends(options.request);
  if (sends.length === 0 || options.request.allowSecrets) return;
  for (const id of options.sessionIds) {
    await ensureScanned(id);
    const { session } = await readSessionSecrets(id);
    const { count, kinds } = session.secrets;
    if (count === 0) continue;
    throw new BadRequestError(
      "secrets_unredacted",
      `Session ${JSON.stringify(session.title)} holds ${count} unredacted credential${count === 1 ? "" : "s"} (${kinds.join(", ")}), and ${sends.join(" and ")} would send ${count === 1 ? "it" : "them"} to a model outside the lab. Redact the session first, use the extractive summarizer, or send anyway with allowSecrets: true.`,
      "allowSecrets",
    );
  }
}
