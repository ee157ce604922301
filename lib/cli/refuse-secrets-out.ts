import { externalSends } from "../api/contracts/external-sends";
import type { Session } from "../engine/model";
import { EXIT_BAD_INPUT, type CliIo } from "./command";

/**
 * The CLI's side of the rule the server keeps (lib/runs/assert-may-send.ts): a transcript holding credentials goes to
 * a model outside the lab only with --allow-secrets. Returns an exit code after printing why when it refuses, null
 * when the command may go on (nothing external, nothing found, or the flag given). The scanner (secretlint and its
 * rules, ~20–40 ms of a CLI start) is loaded only when something would be sent out: a run that sends nothing never
 * pays for it.
 */
export async function refuseSecretsOut(options: { session: Session; request: { summarizer: string; estimator?: string; judge?: boolean }; allowSecrets: boolean; io: CliIo }): Promise<number | null> {
  const sends = externalSends(options.request);
  if (sends.length === 0 || options.allowSecrets) return null;
  const { scanSession } = await import("../secrets/scan-session");
  const found = await scanSession(options.session);
  if (found.length === 0) return null;
  const kinds = [...new Set(found.map((finding) => finding.kind))].sort().join(", ");
  options.io.stderr(
    `the transcript holds ${found.length} credential${found.length === 1 ? "" : "s"} (${kinds}), and ${sends.join(" and ")} would send ${found.length === 1 ? "it" : "them"} to a model outside the lab: redact them first (upload, then \`lab redact <id>\`), use the extractive summarizer, or pass --allow-secrets\n`,
  );
  return EXIT_BAD_INPUT;
}
