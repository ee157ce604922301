import type { UserProbe } from "../api/contracts/compare-schemas";
import type { UserProbeRecord } from "../store/user-probe-record";

/** A stored user probe as the API sends it (GET/POST /api/sessions/:id/probes): no `label` key when it has none. */
export function presentUserProbe(record: UserProbeRecord): UserProbe {
  return {
    id: record.id,
    sessionId: record.sessionId,
    kind: record.kind,
    pattern: record.pattern,
    ...(record.label === undefined ? {} : { label: record.label }),
    createdAt: record.createdAt.toISOString(),
  };
}
