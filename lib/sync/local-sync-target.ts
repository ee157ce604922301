import { findSyncedSessions } from "../store/find-synced-sessions";
import { syncUpload } from "../sessions/sync-upload";
import type { SyncTarget } from "./sync-target";

/** This machine's database (DATABASE_URL): sessions are stored as uploads are, keyed by their agent session. */
export function localSyncTarget(label: string): SyncTarget {
  return {
    label,
    remote: false,
    lookup: (keys) => findSyncedSessions(keys),
    store: async (file) => {
      const result = await syncUpload({ ...file, redact: file.redact });
      return { outcome: result.outcome, id: result.id, ...(result.session ? { credentials: result.session.secrets.count } : {}) };
    },
  };
}
