import { parseCommandArgs, UsageError, type CliIo } from "../command";

export const usage = "npm run --silent lab -- redact <session id> [--json]";

/**
 * Redacts a stored session on DATABASE_URL's database (the same action as the page's button and POST
 * /api/sessions/:id/redact): every credential in its messages, title, metadata, stored upload and runs' results
 * replaced by a placeholder naming its kind. Prints how many were replaced and what became of the raw upload; with
 * --json `{id, redacted, upload, remaining}`. An unknown session is exit 2 with the reason on stderr.
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({ args, usage, positionals: true, flags: { json: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
  if (values.help) {
    io.stdout(`usage: ${usage}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`redact takes one session id, got ${positionals.length}`, usage);
  const { redactStoredSession } = await import("../../sessions/redact-stored-session");
  const { NotFoundError } = await import("../../api/contracts/errors");
  const { closeDatabases } = await import("../../store/db");
  try {
    const outcome = await redactStoredSession(positionals[0]);
    const summary = { id: outcome.session.id, redacted: outcome.redacted, upload: outcome.upload, remaining: outcome.session.secrets.count };
    if (values.json) io.stdout(`${JSON.stringify(summary)}\n`);
    else {
      const upload = { redacted: "the stored upload redacted too", dropped: "the stored upload could not be cleaned and was deleted (re-import is no longer possible)", none: "no stored upload" }[outcome.upload];
      io.stdout(`${summary.id}: ${outcome.redacted === 0 ? "no credentials found, nothing to redact" : `${outcome.redacted} credential${outcome.redacted === 1 ? "" : "s"} redacted; ${upload}`}\n`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    io.stderr(`${error.message}\n`);
    return 2;
  } finally {
    await closeDatabases();
  }
}
