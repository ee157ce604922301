import { integerFlag, parseCommandArgs, UsageError, type CliIo } from "../command";

export const usage = "npm run --silent lab -- search <query…> [--limit N] [--offset N] [--json]";

/**
 * Searches every stored session's messages on DATABASE_URL's database (the same search as GET /api/search and the
 * sessions page's box): the words, paths or commands given, each required; a "quoted phrase" (quote it for the
 * shell too) is one phrase. Prints one line per hit — session id and title, message #, the snippet with the match in
 * [[ ]] — and where to open it; with --json the API's `SearchResult`. A query the API would refuse is exit 2 naming
 * what is wrong.
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    usage,
    positionals: true,
    flags: { json: { type: "boolean" }, limit: { type: "string" }, offset: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    io.stdout(`usage: ${usage}\n`);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError("search takes a query: words, a path or a command", usage);
  const { SearchQuerySchema } = await import("../../api/contracts/search-schemas");
  const parsed = SearchQuerySchema.safeParse({
    q: positionals.join(" "),
    limit: integerFlag({ value: values.limit, flag: "limit", usage, min: 1 }),
    offset: integerFlag({ value: values.offset, flag: "offset", usage }),
  });
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => `${issue.path.join(".") === "q" ? "query" : `--${issue.path.join(".")}`}: ${issue.message}`).join("; "), usage);
  const { searchMessages } = await import("../../store/search-messages");
  const { closeDatabases } = await import("../../store/db");
  try {
    const result = await searchMessages({ query: parsed.data.q, limit: parsed.data.limit, offset: parsed.data.offset });
    if (values.json) {
      io.stdout(`${JSON.stringify(result)}\n`);
      return 0;
    }
    if (result.total === 0) {
      io.stdout(`no message matches ${JSON.stringify(result.query)}\n`);
      return 0;
    }
    const shown = `${result.offset + 1}–${result.offset + result.hits.length}`;
    io.stdout(`${result.total} message${result.total === 1 ? "" : "s"} in ${result.sessions} session${result.sessions === 1 ? "" : "s"} (showing ${shown})\n`);
    for (const hit of result.hits) {
      const snippet = hit.snippet.map((segment) => (segment.hit ? `[[${segment.text}]]` : segment.text)).join("");
      io.stdout(`\n${hit.sessionId}  ${hit.sessionTitle}\n  message #${hit.seq}${hit.role ? ` (${hit.role})` : ""}: ${snippet}\n  open: /sessions/${hit.sessionId}?message=${hit.seq}\n`);
    }
    if (result.nextOffset !== null) io.stdout(`\nmore: --offset ${result.nextOffset}\n`);
    return 0;
  } finally {
    await closeDatabases();
  }
}
