import { z } from "zod";
import { SecretFindingSchema, type SecretFinding } from "../secrets/secret-finding";

const KindsSchema = z.array(z.string());
const FindingsSchema = z.array(SecretFindingSchema);

/** A row's `secretKinds` JSON, checked; a corrupted value is a plain Error (→ 500), not the client's fault. */
export function parseStoredKinds(value: unknown, sessionId: string): string[] {
  const parsed = KindsSchema.safeParse(value);
  if (!parsed.success) throw new Error(`Session ${sessionId} has corrupted secretKinds: ${parsed.error.message}`);
  return parsed.data;
}

/** A row's `secretFindings` JSON, checked; null (never scanned) stays null. */
export function parseStoredFindings(value: unknown, sessionId: string): SecretFinding[] | null {
  if (value === null || value === undefined) return null;
  const parsed = FindingsSchema.safeParse(value);
  if (!parsed.success) throw new Error(`Session ${sessionId} has corrupted secretFindings: ${parsed.error.message}`);
  return parsed.data;
}
