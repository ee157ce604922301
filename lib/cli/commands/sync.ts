import fs from "node:fs";
import { parseCommandArgs, UsageError, EXIT_FAILURE, type CliIo } from "../command";
import { describeImportError } from "../describe-import-error";
import { SYNC_AGENT_IDS, type FoundSession } from "../../sync/found-session";
import type { SyncProgress, SyncReport } from "../../sync/sync-sessions";
import type { SyncTarget } from "../../sync/sync-target";
import { readEnv } from "../../env/read-env";
import { ImportError } from "../../transcripts/import-error";
import { drawSyncProgress } from "../sync-progress";
import { sessionOfHook } from "../session-of-hook";

export const usage = `npm run --silent lab -- sync [--to <lab url> [--token-file <path>]] [--agents ${SYNC_AGENT_IDS.join(",")}] [--include <project glob>]… [--exclude <project glob>]…
      [--file <session file>]… [--hook] [--redact] [--dry-run] [--json]`;

/**
 * Finds the agents' sessions in their default folders under HOME (or only `--file`'s, or the one a hook's JSON on
 * stdin names with `--hook`) and stores the new and changed ones in DATABASE_URL's database, or with `--to` in a team
 * lab over its API (the access token from LAB_ACCESS_TOKEN or `--token-file`). Sessions bound for another machine are
 * scanned first: one holding credentials is held back unless `--redact`. Prints a summary (with --json the report:
 * `{target, dryRun, found, excluded, imported, updated, skipped, held, failed, sessions: [{path, agent,
 * agentSessionId, project, outcome, id?, reason?, credentials?}]}`); a progress bar on stderr when it is a terminal.
 * Exit 0 when every session was stored or skipped, 1 when any failed or was held back (each named with its reason).
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs({
    args,
    usage,
    flags: {
      to: { type: "string" },
      "token-file": { type: "string" },
      agents: { type: "string" },
      include: { type: "string", multiple: true },
      exclude: { type: "string", multiple: true },
      file: { type: "string", multiple: true },
      hook: { type: "boolean" },
      redact: { type: "boolean" },
      "dry-run": { type: "boolean" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.stdout(`usage: ${usage}\n`);
    return 0;
  }
  const env = readEnv();
  if (!env.HOME) throw new UsageError("HOME is not set: lab sync looks for the agents' folders under it", usage);
  const folderEnv = { HOME: env.HOME, CLAUDE_CONFIG_DIR: env.CLAUDE_CONFIG_DIR, CODEX_HOME: env.CODEX_HOME, XDG_DATA_HOME: env.XDG_DATA_HOME };
  const agents = agentsFlag(values.agents);
  const files = [...(values.file ?? [])];
  let hookSessionId: string | undefined;
  if (values.hook) {
    if (!io.readStdin) throw new UsageError("--hook reads the hook's JSON from standard input, and there is none", usage);
    const hook = sessionOfHook(await io.readStdin(), usage);
    if ("file" in hook) files.push(hook.file);
    else hookSessionId = hook.sessionId;
  }
  let sessions: FoundSession[];
  if (files.length > 0) {
    const { foundSessionOfFile } = await import("../../sync/found-session-of-file");
    sessions = [];
    for (const file of files) {
      try {
        sessions.push(await foundSessionOfFile(file, folderEnv));
      } catch (error) {
        io.stderr(`error: ${error instanceof ImportError ? describeImportError({ file, error }) : error instanceof Error ? error.message : String(error)}\n`);
        return 2;
      }
    }
  } else {
    const { agentFolders } = await import("../../sync/agent-folders");
    sessions = agentFolders(folderEnv)
      .filter((folder) => agents.includes(folder.agent))
      .flatMap((folder) => folder.list().flatMap((file) => folder.describe(file) ?? []));
    if (hookSessionId !== undefined) {
      sessions = sessions.filter((session) => session.agentSessionId === hookSessionId);
      if (sessions.length === 0) {
        io.stderr(`error: --hook: no session ${hookSessionId} in the agents' folders under ${env.HOME}\n`);
        return 2;
      }
    }
  }
  const target = await targetOf({ to: values.to, tokenFile: values["token-file"], token: env.LAB_ACCESS_TOKEN, databaseUrl: env.DATABASE_URL, dryRun: values["dry-run"] });
  const { syncSessions } = await import("../../sync/sync-sessions");
  const { RemoteLabError } = await import("../../sync/remote-sync-target");
  const progress = io.stderrIsTty ? (update: SyncProgress) => io.stderr(drawSyncProgress(update)) : undefined;
  let report: SyncReport;
  try {
    report = await syncSessions({
      sessions,
      target,
      include: values.include,
      exclude: values.exclude,
      dryRun: values["dry-run"],
      redact: values.redact,
      describeFailure: (error, file) => (error instanceof ImportError ? describeImportError({ file, error }).replace(/^error: /, "") : error instanceof Error ? error.message : String(error)),
      onProgress: progress,
    });
  } catch (error) {
    if (!(error instanceof RemoteLabError)) throw error;
    io.stderr(`error: ${error.message}\n`);
    return EXIT_FAILURE;
  } finally {
    if (!target.remote) await (await import("../../store/db")).closeDatabases();
  }
  if (values.json) io.stdout(`${JSON.stringify(report)}\n`);
  else io.stdout(summaryLines(report).join("\n") + "\n");
  return report.failed > 0 || report.held > 0 ? EXIT_FAILURE : 0;
}

async function targetOf(options: { to?: string; tokenFile?: string; token?: string; databaseUrl: string; dryRun?: boolean }): Promise<SyncTarget> {
  if (options.to === undefined) {
    if (options.tokenFile !== undefined) throw new UsageError("--token-file goes with --to <lab url>", usage);
    const { localSyncTarget } = await import("../../sync/local-sync-target");
    return localSyncTarget(`the database at DATABASE_URL (${options.databaseUrl.startsWith("file:") ? options.databaseUrl : "PostgreSQL"})`, {
      databaseUrl: options.databaseUrl,
      dryRun: options.dryRun,
    });
  }
  if (!URL.canParse(options.to) || !/^https?:$/.test(new URL(options.to).protocol)) throw new UsageError(`--to takes the lab's http(s) address, got "${options.to}"`, usage);
  let token = options.token;
  if (options.tokenFile !== undefined) {
    try {
      token = fs.readFileSync(options.tokenFile, "utf8").trim();
    } catch (error) {
      throw new UsageError(`cannot read --token-file ${options.tokenFile}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, usage);
    }
  }
  const { remoteSyncTarget } = await import("../../sync/remote-sync-target");
  return remoteSyncTarget({ url: options.to, token });
}

function agentsFlag(value: string | undefined): readonly string[] {
  if (value === undefined) return SYNC_AGENT_IDS;
  const agents = value.split(",").map((agent) => agent.trim()).filter(Boolean);
  const unknown = agents.filter((agent) => !(SYNC_AGENT_IDS as readonly string[]).includes(agent));
  if (unknown.length > 0 || agents.length === 0) throw new UsageError(`--agents takes some of ${SYNC_AGENT_IDS.join(", ")}, got "${value}"`, usage);
  return agents;
}

function summaryLines(report: SyncReport): string[] {
  const verb = report.dryRun ? "would be " : "";
  const lines = [
    `${report.found} session${report.found === 1 ? "" : "s"} found${report.excluded ? ` (${report.excluded} left out by --include/--exclude)` : ""} → ${report.target}${report.dryRun ? " (dry run: nothing stored)" : ""}`,
    `${verb}imported ${report.imported} · ${verb}updated ${report.updated} · unchanged ${report.skipped} · held back ${report.held} · failed ${report.failed}`,
  ];
  for (const file of report.sessions) {
    if (file.outcome === "held" || file.outcome === "failed") lines.push(`  ${file.outcome === "held" ? "held back" : "failed"}: ${file.path}: ${file.reason}`);
  }
  return lines;
}
