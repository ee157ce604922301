import fs from "node:fs";
import { findSyncedSessions } from "../store/find-synced-sessions";
import { sqliteFile } from "../store/db";
import { syncUpload } from "../sessions/sync-upload";
import type { SyncTarget } from "./sync-target";

/**
 * This machine's database (DATABASE_URL): sessions are stored as uploads are, keyed by their agent session. A dry run
 * against a SQLite file that does not exist yet looks nothing up (nothing is stored there), so it leaves no file behind.
 */
export function localSyncTarget(label: string, options: { databaseUrl: string; dryRun?: boolean }): SyncTarget {
  const file = sqliteFile(options.databaseUrl);
  const absent = options.dryRun === true && file !== null && !fs.existsSync(file);
  return {
    label,
    remote: false,
    lookup: (keys) => (absent ? Promise.resolve([]) : findSyncedSessions(keys)),
    store: async (file) => {
      const result = await syncUpload({ ...file, redact: file.redact });
      return { outcome: result.outcome, id: result.id, ...(result.session ? { credentials: result.session.secrets.count } : {}) };
    },
  };
}
