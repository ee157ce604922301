import type { UploadResult } from "./upload-transcript";

/**
 * The upload success line's word on credentials: "3 possible secrets found (2 GITHUB_TOKEN, 1 RSA private key)"
 * — the kinds most found first, then by name —, "2 credentials redacted on upload" when LAB_REDACT_ON_UPLOAD took
 * them out, or null when the scan found nothing (or the session was stored before scanning existed).
 */
export function uploadSecretsLine(result: Pick<UploadResult, "secrets" | "secretFindings">): string | null {
  const findings = result.secretFindings;
  if (findings.length > 0) {
    const countByKind = new Map<string, number>();
    for (const finding of findings) countByKind.set(finding.kind, (countByKind.get(finding.kind) ?? 0) + 1);
    const kinds = [...countByKind].sort(([leftKind, left], [rightKind, right]) => right - left || leftKind.localeCompare(rightKind));
    return `${findings.length} possible secret${findings.length === 1 ? "" : "s"} found (${kinds.map(([kind, count]) => `${count} ${kind}`).join(", ")})`;
  }
  if (result.secrets.count === 0 && result.secrets.redactedCount > 0 && result.secrets.redactedAt !== null) {
    return `${result.secrets.redactedCount} credential${result.secrets.redactedCount === 1 ? "" : "s"} redacted on upload`;
  }
  return null;
}
