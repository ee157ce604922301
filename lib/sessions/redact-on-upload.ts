import { z } from "zod";

const FlagSchema = z.enum(["", "0", "1", "false", "true"], { message: "LAB_REDACT_ON_UPLOAD takes 1/true or 0/false" });

/**
 * LAB_REDACT_ON_UPLOAD: `1` or `true` redacts every credential an upload holds before it is stored (messages and raw
 * file alike), so the lab never keeps one; default off (the findings are stored and shown, and redaction is one
 * click). Read per upload, so it can change without a rebuild.
 */
export function redactOnUpload(): boolean {
  const value = FlagSchema.parse((process.env.LAB_REDACT_ON_UPLOAD ?? "").trim().toLowerCase());
  return value === "1" || value === "true";
}
